import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { codeFromOutbox } from './pages/auth';
import { type JourneyServer, journeyServers } from './servers';

/**
 * Fails on serious or critical accessibility violations of the page as it is now. Axe runs in the page itself
 * (legacy mode): the default runs each frame's part, then opens a blank page in the context to merge them and
 * loads axe there again, about three times the time for the same rules, which matters only for cross-origin
 * frames, which the storefront has none of. Only violations are collected in full (resultTypes): the passes
 * and the inapplicable rules, never read here, would cost as much again (ADR 004).
 */
export async function expectAccessible(page: Page, { disableRules = [] }: AxeOptions = {}): Promise<void> {
  const results = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .setLegacyMode()
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .disableRules([...disableRules])
    .analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = blocking.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`,
  );
  expect(report, 'serious or critical accessibility violations').toEqual([]);
}

type AxeOptions = { disableRules?: readonly string[] };

/**
 * expectAccessible for a page opened without JavaScript. Axe runs as a script in the page, which such a page
 * never runs (the analysis waits forever), so the page's markup as it is now, scripts left out, is analysed
 * in a page of a context with JavaScript, at the same address so its styles load the same.
 */
export async function expectAccessibleWithoutJavaScript(page: Page, options: AxeOptions = {}): Promise<void> {
  const browser = page.context().browser();
  if (!browser) throw new Error('the page has no browser to open a second context in');
  const markup = (await page.content()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '');
  const context = await browser.newContext({ javaScriptEnabled: true, viewport: page.viewportSize() });
  try {
    const copy = await context.newPage();
    // The page's own address answers the copy's markup, so relative links and styles resolve as they did.
    await copy.route(page.url(), (route) =>
      route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: markup }),
    );
    await copy.goto(page.url());
    await expectAccessible(copy, options);
  } finally {
    await context.close();
  }
}

/**
 * expectAccessible while a react-aria combobox's list is open. React-aria then hides everything but the field
 * and its list from screen readers (aria-hidden, so the virtual cursor goes from the field straight into the
 * list: docs/decisions/032), and axe's aria-hidden-focus flags every link under that. No key reaches them
 * while the list is open — Tab closes it before focus moves, which the search journey checks — so that one
 * rule is left out, in this state only.
 */
export async function expectAccessibleWithListOpen(page: Page): Promise<void> {
  await expect(page.getByRole('combobox', { expanded: true })).toHaveCount(1);
  await expectAccessible(page, { disableRules: ['aria-hidden-focus'] });
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

/**
 * Signs a customer in through the API the login popups post to; the session cookie lands in the page's
 * context, and the page shows them signed in from its next load. For journeys about what a signed-in customer
 * does: the popups and the login page have journeys of their own (auth.spec.ts), and going through them again
 * costs a page load and two dialogs each time (ADR 004). The context's client address (actAsDistinctClient)
 * goes with these requests too.
 */
export async function signInByApi(page: Page, name: string, phoneDigits: string): Promise<void> {
  const phone = `8${phoneDigits}`;
  const sent = await page.request.post('/api/user/code', { data: { name, phone } });
  expect(sent.ok(), await sent.text()).toBe(true);
  const login = await page.request.post('/api/user/login', {
    data: { phone, code: await codeFromOutbox(`+7${phoneDigits}`) },
  });
  expect(login.ok(), await login.text()).toBe(true);
}

/**
 * Every journey runs against its worker's own server (tests/e2e/servers.ts): `baseURL`, and with it `page`,
 * `request` and new contexts, point there, and the SMS outbox the login helpers read is that server's.
 */
export const test = base.extend<object, { journeyServer: JourneyServer }>({
  journeyServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use, workerInfo) => {
      const servers = journeyServers();
      const server = servers[workerInfo.parallelIndex];
      if (!server) {
        throw new Error(
          `worker ${workerInfo.parallelIndex} has no journey server (${servers.length} started)`,
        );
      }
      process.env.E2E_SMS_OUTBOX = server.smsOutbox;
      await use(server);
    },
    { scope: 'worker', auto: true },
  ],
  baseURL: async ({ journeyServer }, use) => {
    await use(journeyServer.url);
  },
});
export { expect };
