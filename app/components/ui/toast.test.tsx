// @vitest-environment happy-dom
/**
 * The toast queue and cards load with the first toast (ADR 044): the region is there, empty, before; what is
 * asked for while the host loads shows, in order, once it has; a close asked for meanwhile is not lost.
 */
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { type ToastApi, ToastProvider, useToast } from './toast';

afterEach(cleanup);

/** The provider's API as the page's components get it. */
let api: ToastApi | undefined;

function Caller() {
  api = useToast();
  return null;
}

function Page() {
  return (
    <ToastProvider>
      <Caller />
    </ToastProvider>
  );
}

const Stub = createRoutesStub([{ path: '/', Component: Page }]);

const region = () => screen.getByRole('region', { name: 'Уведомления' });
/** The host's first load in the test runner transforms its files: more than findBy's default second. */
const HOST_LOAD = { timeout: 5_000 };

describe('ToastProvider', () => {
  it('renders the empty region before any toast, and shows the toasts asked for while the host loads', async () => {
    render(<Stub initialEntries={['/']} />);
    expect(region().children).toHaveLength(0);
    let ids: (string | null)[] = [];
    act(() => {
      ids = [
        api?.show({ type: 'success', title: 'Первое' }) ?? null,
        api?.show({ title: '  ' }) ?? null,
        api?.show({ type: 'error', title: 'Второе' }) ?? null,
      ];
    });
    expect(ids[0]).toMatch(/^toast-auto-/);
    expect(ids[1]).toBeNull();
    // The host renders a region of its own in place of the empty one.
    expect(await screen.findByText('Первое', {}, HOST_LOAD)).toBeTruthy();
    expect(within(region()).getByRole('alert').textContent).toContain('Второе');
    expect(within(region()).getAllByText(/Первое|Второе/)).toHaveLength(2);
  });

  it('keeps a close asked for before the host loaded', async () => {
    render(<Stub initialEntries={['/']} />);
    act(() => {
      const id = api?.show({ id: 'gone', title: 'Закрыто сразу' });
      if (id) api?.close(id);
      api?.show({ title: 'Осталось' });
    });
    expect(await screen.findByText('Осталось', {}, HOST_LOAD)).toBeTruthy();
    expect(within(region()).queryByText('Закрыто сразу')).toBeNull();
  });
});
