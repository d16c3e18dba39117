// @vitest-environment happy-dom
/**
 * The optimistic basket as a component (docs/decisions/043): the basket controls under the real provider,
 * the resource route's clientAction (basket-changes.ts) and React Router's fetchers, with the server's
 * action stood in for by a basket that answers when the test lets it (the action itself is tested on
 * PGlite and PostgreSQL in basket-actions.test.ts; journeys run both together).
 */
import type { Basket, BasketItem } from '@core/contracts/basket';
import { nextQuantity, removePoint, setLine } from '@core/rules/basket';
import { act, cleanup, fireEvent, render, within } from '@testing-library/react';
import { createRoutesStub, Outlet } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ToastProvider } from '~/components/ui/toast';
import { screen } from '../../../tests/setup/screen';
import { AddToBasket } from './add-to-basket';
import { resetBasketChanges, runBasketChange } from './basket-changes';
import { BasketProvider, useBasketCount } from './basket-context';

const POINT = '11111111-1111-4111-8111-111111111111';
const MILK = '22222222-2222-4222-8222-222222222222';
const STOCK = 8;

const product = {
  _id: MILK,
  slug: 'moloko',
  name: 'Молоко 3,2%',
  img: null,
  discount: 0,
  weight: 1000,
  store: { _id: 's', name: 'Ферма', slug: 'ferma' },
};
const offer = { point: POINT, price: 9900, count: STOCK };

/** The server's side: one basket, answers held until released, the posts it was sent. */
function createServer() {
  let basket: Basket = {};
  let stock = STOCK;
  let refusal: string | null = null;
  const held: (() => void)[] = [];
  const posts: Record<string, string>[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  const line = (quantity: number): BasketItem => ({
    product: { ...product, price: offer.price, count: stock },
    quantity,
    is_over_stock: quantity > stock,
  });
  return {
    posts,
    held,
    get mostInFlight() {
      return mostInFlight;
    },
    quantity: () => basket[POINT]?.[0]?.quantity ?? 0,
    /** Another tab's change, or anyone's: the server's basket changes behind this tab's back. */
    change(delta: number) {
      basket = setLine(basket, POINT, line(nextQuantity(this.quantity(), { delta }, stock)));
    },
    setStock(count: number) {
      stock = count;
    },
    refuseWith(message: string | null) {
      refusal = message;
    },
    async action(request: Request) {
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      const form = Object.fromEntries([...(await request.formData())].map(([k, v]) => [k, String(v)]));
      posts.push(form);
      await new Promise<void>((resolve) => held.push(resolve));
      inFlight -= 1;
      if (refusal) return { ok: false as const, message: refusal, fields: {} };
      if (form.intent === 'remove-point') basket = removePoint(basket, POINT);
      else
        basket = setLine(
          basket,
          POINT,
          line(nextQuantity(this.quantity(), { delta: Number(form.delta) }, stock)),
        );
      return { ok: true as const, intent: 'change' as const, basket };
    },
  };
}

function Badge() {
  return <p data-testid="badge">{useBasketCount()}</p>;
}

function Shell() {
  return (
    <ToastProvider>
      <BasketProvider>
        <Badge />
        <Outlet />
      </BasketProvider>
    </ToastProvider>
  );
}

function Card() {
  return <AddToBasket product={product} offer={offer} />;
}

function renderBasket(server: ReturnType<typeof createServer>, initial: Basket = {}) {
  let rootLoads = 0;
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      loader: () => {
        rootLoads += 1;
        return { user: { _id: 'u' }, basket: initial };
      },
      Component: Shell,
      children: [
        { index: true, Component: Card },
        {
          path: 'resources/basket',
          action: ({ request }) => runBasketChange(request, () => server.action(request)),
        },
      ],
    },
  ]);
  render(<Stub initialEntries={['/']} />);
  return { rootLoads: () => rootLoads };
}

/** Lets the oldest held answer go, and waits until the page has taken it. */
async function releaseOne(server: ReturnType<typeof createServer>) {
  await act(async () => {
    server.held.shift()?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

async function settle(server: ReturnType<typeof createServer>) {
  for (let round = 0; round < 50 && (server.held.length > 0 || round < 2); round += 1)
    await releaseOne(server);
}

const counter = () => screen.getByRole('group', { name: `В корзине: ${product.name}` });

/** Every number the counter showed, in order (a MutationObserver, as a person would have seen them). */
function watchCounter(): string[] {
  const seen: string[] = [];
  new MutationObserver(() => {
    const text = document.querySelector('[aria-live]')?.textContent;
    if (text && seen.at(-1) !== text) seen.push(text);
  }).observe(document.body, { subtree: true, childList: true, characterData: true });
  return seen;
}

describe('the optimistic basket (ADR 043)', () => {
  beforeEach(() => resetBasketChanges());
  afterEach(() => cleanup());

  it('shows a click at once, posts only what the server reads, and runs no loader again', async () => {
    const server = createServer();
    const { rootLoads } = renderBasket(server);
    const add = await screen.findByRole('button', { name: `В корзину: ${product.name}` });
    expect(add.closest('form')?.getAttribute('action')).toBe('/resources/basket');
    fireEvent.click(add);
    expect(await within(counter()).findByText('1 шт.')).toBeTruthy();
    expect(screen.getByTestId('badge').textContent).toBe('1');
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    // No intent: a form without one is a line's change (ADR 044).
    expect(server.posts).toEqual([{ warehouse_id: POINT, product_id: MILK, delta: '1' }]);
    await settle(server);
    expect(within(counter()).getByText('1 шт.')).toBeTruthy();
    expect(server.quantity()).toBe(1);
    expect(rootLoads()).toBe(1);
  });

  it('counts quick clicks at once and converges on the server’s answers without a step back', async () => {
    const server = createServer();
    const { rootLoads } = renderBasket(server);
    const seen = watchCounter();
    fireEvent.click(await screen.findByRole('button', { name: `В корзину: ${product.name}` }));
    const plus = await screen.findByRole('button', { name: `Добавить ещё одну: ${product.name}` });
    for (let quantity = 2; quantity <= 5; quantity += 1) {
      fireEvent.click(plus);
      // At once, before any answer.
      expect(within(counter()).getByText(`${quantity} шт.`)).toBeTruthy();
    }
    // The answers come one by one; each counts every earlier click and none of the later ones, so the
    // counter stays at 5 throughout.
    await settle(server);
    expect(server.quantity()).toBe(5);
    expect(within(counter()).getByText('5 шт.')).toBeTruthy();
    expect(seen.at(-1)).toBe('5 шт.');
    expect(seen.filter((text, index) => index > 0 && text !== '5 шт.')).toEqual([]);
    // One at a time: an answer is read after every earlier change of this tab.
    expect(server.mostInFlight).toBe(1);
    expect(rootLoads()).toBe(1);
  });

  it('shows another tab’s changes with the next answer: steps of both count', async () => {
    const server = createServer();
    server.change(2);
    renderBasket(server, {
      [POINT]: [
        { product: { ...product, price: offer.price, count: STOCK }, quantity: 2, is_over_stock: false },
      ],
    });
    const plus = await screen.findByRole('button', { name: `Добавить ещё одну: ${product.name}` });
    server.change(3); // the other tab: 5 on the server, this tab still shows 2
    fireEvent.click(plus);
    expect(within(counter()).getByText('3 шт.')).toBeTruthy();
    await settle(server);
    expect(server.quantity()).toBe(6);
    expect(within(counter()).getByText('6 шт.')).toBeTruthy();
  });

  it('tells a refusal with the server’s message and goes back to the server’s basket', async () => {
    const server = createServer();
    renderBasket(server);
    server.refuseWith('В корзине может быть не больше 200 товаров');
    fireEvent.click(await screen.findByRole('button', { name: `В корзину: ${product.name}` }));
    expect(within(counter()).getByText('1 шт.')).toBeTruthy();
    await settle(server);
    expect(await screen.findByText('В корзине может быть не больше 200 товаров')).toBeTruthy();
    expect(screen.getByRole('button', { name: `В корзину: ${product.name}` })).toBeTruthy();
    expect(screen.getByTestId('badge').textContent).toBe('0');
  });

  it('says how many are left when the stock fell below what the customer asked for', async () => {
    const server = createServer();
    renderBasket(server);
    server.setStock(2);
    fireEvent.click(await screen.findByRole('button', { name: `В корзину: ${product.name}` }));
    const plus = await screen.findByRole('button', { name: `Добавить ещё одну: ${product.name}` });
    fireEvent.click(plus);
    fireEvent.click(plus);
    expect(within(counter()).getByText('3 шт.')).toBeTruthy();
    await settle(server);
    expect(within(counter()).getByText('2 шт.')).toBeTruthy();
    expect(await screen.findByText('Осталось 2 шт.')).toBeTruthy();
  });
});
