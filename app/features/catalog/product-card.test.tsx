// @vitest-environment happy-dom
/**
 * A grid's card names its controls by reference (ADR 044, "Names by reference"): the words are written once
 * per page (SharedLabels) and the product's name once per card (its link), and each control's accessible name
 * still reads 'В корзину: <name>' as it did when every button carried the name in its own aria-label.
 */
import type { Basket } from '@core/contracts/basket';
import type { ProductCard as ProductCardData } from '@core/contracts/catalog';
import { cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { createRoutesStub, Outlet } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { SharedLabels } from '~/components/ui/shared-labels';
import { ToastProvider } from '~/components/ui/toast';
import { AuthDialogsProvider } from '~/features/auth/auth-dialogs';
import { BasketProvider } from '~/features/basket/basket-context';
import { BASKET_STEP_FORM_ID, stepFieldValue } from '~/features/basket/basket-form';
import { FAVOURITES_FORM_ID } from '~/features/favourites/favourite-routes';
import { screen } from '../../../tests/setup/screen';
import { ProductGrid } from './product-card';

const card = (id: string, name: string): ProductCardData => ({
  _id: id,
  slug: `slug-${id}`,
  name,
  img: null,
  price: 9900,
  discount: 0,
  weight: 1000,
  rating: 4.8,
  reviews: 3,
  store: { _id: 's', name: 'Ферма', slug: 'ferma' },
  in_stock: true,
  is_new: false,
  offer: { point: '11111111-1111-4111-8111-111111111111', count: 5, price: 9900 },
});

const MILK = card('22222222-2222-4222-8222-222222222222', 'Молоко 3,2%');
const KEFIR = card('33333333-3333-4333-8333-333333333333', 'Кефир 1%');

function Shell() {
  return (
    <ToastProvider>
      <AuthDialogsProvider>
        <BasketProvider>
          <SharedLabels />
          <Outlet />
        </BasketProvider>
      </AuthDialogsProvider>
    </ToastProvider>
  );
}

function Grid() {
  return <ProductGrid products={[MILK, KEFIR]} />;
}

/** The catalogue's one grid: its cards named by position. */
function PrefixedGrid() {
  return <ProductGrid products={[MILK, KEFIR]} idPrefix="p" />;
}

const formFields = async (request: Request) =>
  Object.fromEntries([...(await request.formData())].map(([k, v]) => [k, String(v)]));

function renderGrid(
  user: { _id: string } | null,
  { prefixed = false, basket = null }: { prefixed?: boolean; basket?: Basket | null } = {},
) {
  const posts: Record<string, string>[] = [];
  const basketPosts: Record<string, string>[] = [];
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      // The server's favourites: what the posts have toggled on.
      loader: () => ({
        user,
        basket,
        favourites: { product: posts.map((post) => post.id), store: [], article: [] },
      }),
      Component: Shell,
      children: [
        { index: true, Component: prefixed ? PrefixedGrid : Grid },
        {
          path: 'resources/favourites',
          action: async ({ request }) => {
            posts.push(await formFields(request));
            return { ok: true, intent: 'toggle', active: true, count: 1 };
          },
        },
        {
          path: 'resources/basket',
          action: async ({ request }) => {
            basketPosts.push(await formFields(request));
            return { ok: true, intent: 'change', basket: {} };
          },
        },
      ],
    },
  ]);
  render(<Stub initialEntries={['/']} />);
  return { posts, basketPosts };
}

describe('a grid of product cards', () => {
  afterEach(cleanup);

  for (const user of [null, { _id: 'u' }]) {
    it(`names each card's controls after its own product (${user ? 'signed in' : 'guest'})`, async () => {
      renderGrid(user);
      for (const product of [MILK, KEFIR]) {
        expect(await screen.findByRole('button', { name: `В корзину: ${product.name}` })).toBeTruthy();
        expect(screen.getByRole('button', { name: `В избранное: ${product.name}` })).toBeTruthy();
        expect(screen.getByRole('button', { name: `Добавить в набор: ${product.name}` })).toBeTruthy();
      }
      // The name is written once per card, in its link; the buttons refer to it.
      const link = screen.getByRole('link', { name: MILK.name });
      const buy = screen.getByRole('button', { name: `В корзину: ${MILK.name}` });
      expect(buy.getAttribute('aria-labelledby')?.split(' ')).toContain(link.id);
      expect(buy.hasAttribute('aria-label')).toBe(false);
      // The icons are the classes' drawings: no <svg> in a card's buttons.
      expect(buy.closest('article')?.querySelector('button svg')).toBeNull();
      // The card styles its buttons by their place (app.css `.card > …`): no class, not even empty; and no
      // form: 'В корзину' is a button of the page's one basket form, its line in its value (what the browser
      // posts without JavaScript).
      const controls = buy.closest('article')?.querySelectorAll('form, button') ?? [];
      expect([...controls].map((control) => control.tagName)).toEqual(['BUTTON', 'BUTTON', 'BUTTON']);
      for (const control of controls) expect(control.getAttribute('class')).toBeNull();
      expect(buy.getAttribute('form')).toBe(BASKET_STEP_FORM_ID);
      expect([buy.getAttribute('name'), buy.getAttribute('value')]).toEqual([
        'step',
        stepFieldValue(MILK.offer?.point ?? '', MILK._id, 1),
      ]);
      // The heart has no form of its own: it is a button of the page's one favourites form, naming its item
      // as its own field when signed in (what the browser posts without JavaScript).
      const heart = screen.getByRole('button', { name: `В избранное: ${MILK.name}` });
      expect(heart.closest('form')).toBeNull();
      expect(heart.getAttribute('form')).toBe(FAVOURITES_FORM_ID);
      expect([heart.getAttribute('name'), heart.getAttribute('value')]).toEqual(
        user ? ['product', MILK._id] : [null, null],
      );
    });
  }

  it("names the cards by position with a prefix (the catalogue's one grid), the names as before", async () => {
    renderGrid(null, { prefixed: true });
    const kefir = await screen.findByRole('link', { name: KEFIR.name });
    expect(kefir.id).toBe('p1');
    const buy = screen.getByRole('button', { name: `В корзину: ${KEFIR.name}` });
    expect(buy.getAttribute('aria-labelledby')).toBe('l-buy p1');
    expect(screen.getByRole('button', { name: `В избранное: ${MILK.name}` })).toBeTruthy();
  });

  it("posts a heart's toggle with what it will show as the button's own value", async () => {
    const { posts } = renderGrid({ _id: 'u' });
    const heart = await screen.findByRole('button', { name: `В избранное: ${KEFIR.name}` });
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(heart);
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({ intent: 'toggle', type: 'product', id: KEFIR._id, active: 'true' });
    expect(heart.getAttribute('aria-pressed')).toBe('true');
  });

  it("posts a card's 'В корзину' as its line's fields with JavaScript, and shows the counter at once", async () => {
    const { basketPosts } = renderGrid({ _id: 'u' });
    fireEvent.click(await screen.findByRole('button', { name: `В корзину: ${KEFIR.name}` }));
    expect(await screen.findByRole('group', { name: `В корзине: ${KEFIR.name}` })).toBeTruthy();
    await waitFor(() => expect(basketPosts).toHaveLength(1));
    expect(basketPosts[0]).toEqual({ warehouse_id: KEFIR.offer?.point, product_id: KEFIR._id, delta: '1' });
  });

  it("keeps a guest's 'В корзину' on the device: the counter shows, nothing is posted", async () => {
    const { basketPosts } = renderGrid(null);
    fireEvent.click(await screen.findByRole('button', { name: `В корзину: ${MILK.name}` }));
    expect(await screen.findByRole('group', { name: `В корзине: ${MILK.name}` })).toBeTruthy();
    expect(basketPosts).toEqual([]);
  });

  it("draws a card's counter as buttons of the page's one basket form, each naming its step", async () => {
    const point = KEFIR.offer?.point ?? '';
    const line = { product: { ...KEFIR, price: 9900, count: 5 }, quantity: 2, is_over_stock: false };
    const { basketPosts } = renderGrid({ _id: 'u' }, { basket: { [point]: [line] } });
    const counter = await screen.findByRole('group', { name: `В корзине: ${KEFIR.name}` });
    expect(counter.textContent).toBe('2 шт.');
    const less = screen.getByRole('button', { name: `Убрать одну штуку: ${KEFIR.name}` });
    const more = screen.getByRole('button', { name: `Добавить ещё одну: ${KEFIR.name}` });
    // No form, no hidden fields, no classes and no <svg>: the card draws them by their place.
    expect(counter.closest('article')?.querySelector('form, input')).toBeNull();
    expect(counter.hasAttribute('class') || counter.querySelector('svg, [class]') !== null).toBe(false);
    for (const [button, delta] of [
      [less, -1],
      [more, 1],
    ] as const) {
      expect(button.getAttribute('form')).toBe(BASKET_STEP_FORM_ID);
      expect([button.getAttribute('name'), button.getAttribute('value')]).toEqual([
        'step',
        stepFieldValue(point, KEFIR._id, delta),
      ]);
    }
    fireEvent.click(less);
    expect(counter.textContent).toBe('1 шт.');
    await waitFor(() => expect(basketPosts).toHaveLength(1));
    expect(basketPosts[0]).toEqual({ warehouse_id: point, product_id: KEFIR._id, delta: '-1' });
  });
});
