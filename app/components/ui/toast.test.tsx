// @vitest-environment happy-dom
/**
 * The toast queue and cards load with the first toast (ADR 044): the region is there, empty, before; what is
 * asked for while the host loads shows, in order, once it has; a close asked for meanwhile is not lost.
 *
 * Without Testing Library: its `screen` binds to the document of the first DOM test file a worker runs
 * (isolate: false, ADR 004), so a second such file in the same worker queried an empty body. This file reads
 * the document it runs in.
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ToastApi, ToastProvider, useToast } from './toast';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** The provider's API as the page's components get it. */
let api: ToastApi | undefined;
let root: Root | undefined;

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

async function renderPage() {
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () => root?.render(<Stub initialEntries={['/']} />));
}

afterEach(() => {
  act(() => root?.unmount());
  document.body.replaceChildren();
});

/** The toast region: the empty one, then the host's own in its place. */
const region = () => document.body.querySelector('section[aria-label="Уведомления"]');
/** The host's first load in the test runner transforms its files: more than a moment. */
const HOST_LOAD = { timeout: 5_000 };

describe('ToastProvider', () => {
  it('renders the empty region before any toast, and shows the toasts asked for while the host loads', async () => {
    await renderPage();
    expect(region()?.children).toHaveLength(0);
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
    await vi.waitFor(() => expect(region()?.children).toHaveLength(2), HOST_LOAD);
    const [first, second] = [...(region()?.children ?? [])];
    expect(first?.getAttribute('role')).toBe('status');
    expect(first?.textContent).toContain('Первое');
    expect(second?.getAttribute('role')).toBe('alert');
    expect(second?.textContent).toContain('Второе');
  });

  it('keeps a close asked for before the host loaded', async () => {
    await renderPage();
    act(() => {
      const id = api?.show({ id: 'gone', title: 'Закрыто сразу' });
      if (id) api?.close(id);
      api?.show({ title: 'Осталось' });
    });
    await vi.waitFor(() => expect(region()?.textContent).toContain('Осталось'), HOST_LOAD);
    expect(region()?.textContent).not.toContain('Закрыто сразу');
  });
});
