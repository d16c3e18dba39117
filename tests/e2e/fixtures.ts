import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Locator, type Page } from '@playwright/test';

/** Fails on serious or critical accessibility violations of the page as it is now. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = blocking.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`,
  );
  expect(report, 'serious or critical accessibility violations').toEqual([]);
}

/**
 * An element's box once it has one. `boundingBox()` answers null for an element that is not laid out (yet,
 * or any more: a list re-rendered under load); this waits on the element instead of reading it once.
 */
export async function boxOf(
  locator: Locator,
): Promise<{ x: number; y: number; width: number; height: number }> {
  let box: Awaited<ReturnType<Locator['boundingBox']>> = null;
  await expect
    .poll(async () => (box = await locator.boundingBox()), { message: `a box for ${locator}` })
    .not.toBeNull();
  if (!box) throw new Error(`no box for ${locator}`);
  return box;
}

export const test = base;
export { expect };
