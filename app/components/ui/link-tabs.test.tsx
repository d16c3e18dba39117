// @vitest-environment happy-dom
/**
 * A page's sections as link tabs without react-aria (ADR 044, "Link tabs, and the sets' popups on first
 * use"): the WAI-ARIA tabs pattern's roles, names and roving tab stop, and the keys opening the next
 * section's address with the focus on its tab.
 */
import { cleanup, fireEvent, render } from '@testing-library/react';
import { createRoutesStub, useSearchParams } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '../../../tests/setup/screen';
import { LinkTabs } from './link-tabs';

afterEach(cleanup);

type Key = 'products' | 'stores' | 'sets';
const TABS: { key: Key; label: string }[] = [
  { key: 'products', label: 'Товары' },
  { key: 'stores', label: 'Магазины' },
  { key: 'sets', label: 'Наборы' },
];

function Page() {
  const [params] = useSearchParams();
  const selected = (params.get('tab') ?? 'products') as Key;
  return (
    <LinkTabs
      label="Разделы избранного"
      selected={selected}
      tabs={TABS.map((tab) => ({ ...tab, href: `/?tab=${tab.key}` }))}
    >
      {(key) => <p>{`Раздел ${key}`}</p>}
    </LinkTabs>
  );
}

/** The page's loader takes a moment, as a real one does: a navigation is not done when the next key comes. */
const loader = () => new Promise<null>((resolve) => setTimeout(() => resolve(null), 10));

async function renderAt(url: string) {
  const Stub = createRoutesStub([{ path: '/', Component: Page, loader }]);
  render(<Stub initialEntries={[url]} />);
  await screen.findByRole('tablist');
}

const tab = (name: string) => screen.getByRole('tab', { name });

describe('LinkTabs', () => {
  it('is a named tab list of links, the chosen one selected and the only tab stop, and its panel', async () => {
    await renderAt('/?tab=stores');
    expect(screen.getByRole('tablist', { name: 'Разделы избранного' })).toBeTruthy();
    expect(TABS.map(({ label }) => tab(label).getAttribute('aria-selected'))).toEqual([
      'false',
      'true',
      'false',
    ]);
    expect(TABS.map(({ label }) => tab(label).tabIndex)).toEqual([-1, 0, -1]);
    expect(tab('Наборы').getAttribute('href')).toBe('/?tab=sets');
    const panel = screen.getByRole('tabpanel', { name: 'Магазины' });
    expect(panel.textContent).toBe('Раздел stores');
    expect(tab('Магазины').getAttribute('aria-controls')).toBe(panel.id);
    expect(panel.tabIndex).toBe(0);
  });

  it('opens the next section by the arrows, Home and End, wrapping round, the focus on its tab', async () => {
    await renderAt('/');
    tab('Товары').focus();
    fireEvent.keyDown(tab('Товары'), { key: 'ArrowRight' });
    expect((await screen.findByRole('tabpanel', { name: 'Магазины' })).textContent).toBe('Раздел stores');
    expect(document.activeElement).toBe(tab('Магазины'));
    fireEvent.keyDown(tab('Магазины'), { key: 'End' });
    expect((await screen.findByRole('tabpanel', { name: 'Наборы' })).textContent).toBe('Раздел sets');
    fireEvent.keyDown(tab('Наборы'), { key: 'ArrowRight' });
    expect((await screen.findByRole('tabpanel', { name: 'Товары' })).textContent).toBe('Раздел products');
    fireEvent.keyDown(tab('Товары'), { key: 'ArrowLeft' });
    await screen.findByRole('tabpanel', { name: 'Наборы' });
    fireEvent.keyDown(tab('Наборы'), { key: 'Home' });
    await screen.findByRole('tabpanel', { name: 'Товары' });
    expect(document.activeElement).toBe(tab('Товары'));
    expect(tab('Товары').tabIndex).toBe(0);
  });

  it('adds up keys pressed before the page follows', async () => {
    await renderAt('/');
    tab('Товары').focus();
    fireEvent.keyDown(tab('Товары'), { key: 'ArrowRight' });
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'ArrowRight' });
    expect((await screen.findByRole('tabpanel', { name: 'Наборы' })).textContent).toBe('Раздел sets');
    expect(document.activeElement).toBe(tab('Наборы'));
  });

  it('leaves other keys to the page', async () => {
    await renderAt('/');
    fireEvent.keyDown(tab('Товары'), { key: 'ArrowDown' });
    expect(screen.getByRole('tabpanel', { name: 'Товары' })).toBeTruthy();
  });
});
