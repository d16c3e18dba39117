// @vitest-environment happy-dom
/**
 * The pickup popup as a component: the real dialog, its map and list, over a `fetch` that answers the two
 * calls it makes (/api/stores, /api/store/{id}/points) when the test lets it, in the order the test chooses.
 * CI's loaded run once showed one shop's points under another's name: the answer for the shop chosen first
 * came after the one for the shop chosen next, and replaced it (fixed in 5489d30).
 */
import type { Point, Store } from '@core/contracts/catalog';
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '~/components/ui/toast';
import { screen } from '../../../tests/setup/screen';
import { DeliveryContext, type DeliveryContextValue } from './delivery-context';
import { PickupDialog } from './pickup-dialog';

function store(id: string, name: string): Store {
  return {
    _id: id,
    slug: id,
    name,
    kind: 'Фермерский магазин',
    description: '',
    logo: null,
    rating: 5,
    reviews: 0,
    min_order: 0,
    delivery_fee: 0,
    free_delivery_from: null,
    points_count: 1,
  };
}

function point(id: string, name: string, shop: Store): Point {
  return {
    _id: id,
    slug: id,
    name,
    address: `${name}, ул. Свободы, 1`,
    phone: null,
    is_pickup: true,
    schedule: { '1': { open: '09:00', close: '21:00' } },
    coordinates: { latitude: 57.63, longitude: 39.87 },
    city: 'yaroslavl',
    zones: [],
    store: { _id: shop._id, slug: shop.slug, name: shop.name } as Point['store'],
  };
}

const MILK = store('milk', 'Молочная река');
const HONEY = store('honey', 'Медовый Спас');
const POINTS: Record<string, Point[]> = {
  milk: [point('milk-1', 'Молочная река на Свободы', MILK)],
  honey: [point('honey-1', 'Медовый Спас на Кирова', HONEY)],
};

/** The calls the dialog made, each answered only when the test says so. */
let calls: { path: string; answer: () => void }[];

beforeEach(() => {
  calls = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
    const path = String(input);
    const body = path === '/api/stores' ? [MILK, HONEY] : POINTS[path.split('/')[3] ?? ''];
    return new Promise<Response>((resolve) => {
      calls.push({
        path,
        answer: () =>
          resolve(new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } })),
      });
    });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function answer(path: string): Promise<void> {
  const call = calls.find((candidate) => candidate.path === path);
  if (!call) throw new Error(`the dialog did not ask for ${path}; it asked for ${calls.map((c) => c.path)}`);
  await act(async () => {
    call.answer();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

function renderDialog() {
  const delivery = {
    mode: 'pickup',
    setMode: () => {},
    area: null,
    chooseArea: () => {},
    cityId: 'yaroslavl',
    chooseCity: () => {},
    address: null,
    openAddressDialog: () => {},
    openPickupDialog: () => {},
    cities: [],
    mapTileUrl: '/tiles/{z}/{x}/{y}.png',
  } satisfies DeliveryContextValue;
  return render(
    <MemoryRouter>
      <ToastProvider>
        <DeliveryContext.Provider value={delivery}>
          <PickupDialog isOpen onOpenChange={() => {}} />
        </DeliveryContext.Provider>
      </ToastProvider>
    </MemoryRouter>,
  );
}

function shownPoints(): string[] {
  const list = screen.getByRole('list', { name: 'Пункты самовывоза' });
  return Array.from(list.querySelectorAll('li p:first-child'), (paragraph) => paragraph.textContent ?? '');
}

describe('PickupDialog', () => {
  it("shows the first shop's points, then another's when it is chosen", async () => {
    renderDialog();
    await answer('/api/stores');
    await answer('/api/store/milk/points');
    expect(shownPoints()).toEqual(['Молочная река на Свободы']);
    fireEvent.change(screen.getByLabelText('Магазин'), { target: { value: 'honey' } });
    await answer('/api/store/honey/points');
    expect(shownPoints()).toEqual(['Медовый Спас на Кирова']);
  });

  it("keeps the chosen shop's points when the one chosen before answers late", async () => {
    renderDialog();
    await answer('/api/stores');
    // Another shop chosen while the first one's points are still on their way.
    fireEvent.change(screen.getByLabelText('Магазин'), { target: { value: 'honey' } });
    await answer('/api/store/honey/points');
    expect(shownPoints()).toEqual(['Медовый Спас на Кирова']);
    await answer('/api/store/milk/points');
    expect(shownPoints()).toEqual(['Медовый Спас на Кирова']);
    expect(screen.getByRole('application').getAttribute('aria-label')).toBe(
      'Пункты самовывоза: Медовый Спас',
    );
  });
});
