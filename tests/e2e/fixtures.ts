import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';
import { codeFromOutbox } from './pages/auth';
import { type JourneyServer, journeyServers } from './servers';

/**
 * axe-core's browser script, the minified build of the one @axe-core/playwright injects (taken through that
 * package, whose dependency it is: half the bytes to send and parse, the same code), and what it configures
 * after injecting it: frames of the same origin only (legacy mode).
 */
const AXE_SCRIPT = `${readFileSync(
  createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright')).resolve(
    'axe-core/axe.min.js',
  ),
  'utf8',
)};axe.configure({ allowedOrigins: ['<same_origin>'], branding: { application: 'playwright' } });`;

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Puts axe into every frame of the page that does not have it yet. @axe-core/playwright's legacy mode
 * evaluated its 1.3 MB script twice in the page on every analysis (once to check for runPartial, once more per
 * frame) and configured it once more: about half of the journeys' accessibility time. Once per document is
 * enough: a client-side navigation keeps the document, and with it axe; a full load starts a new one.
 */
async function injectAxe(page: Page): Promise<void> {
  for (const frame of page.frames()) {
    const present = frame.evaluate(() => 'axe' in window);
    if (frame === page.mainFrame()) {
      if (!(await present)) await frame.evaluate(AXE_SCRIPT);
      continue;
    }
    // A child frame may be gone or never answer: as @axe-core/playwright does, it is then left out.
    try {
      if (!(await present)) await frame.evaluate(AXE_SCRIPT);
    } catch {
      // Not analysed, as before.
    }
  }
}

/**
 * Waits (up to 3 s) for the page's running animations and transitions that end to end: a dialog or a tab
 * fading in has the colours of half its way, which axe's color-contrast reads as they are. The injection of
 * @axe-core/playwright used to give them the time by chance (ADR 004). Endless ones (spinners) never end and
 * are not waited for; the time limit is kept here, outside the page, whose clock a journey may have stopped.
 */
async function animationsEnded(page: Page): Promise<void> {
  const deadline = Date.now() + 3_000;
  for (let round = 0; round < 3 && Date.now() < deadline; round += 1) {
    const ended = page.evaluate(async () => {
      const ending = document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === 'running' &&
            Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Number.POSITIVE_INFINITY),
        );
      await Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
      return ending.length;
    });
    let timer: NodeJS.Timeout | undefined;
    const timeLeft = new Promise<number>((resolve) => {
      timer = setTimeout(() => resolve(0), deadline - Date.now());
    });
    const waitedFor = await Promise.race([ended, timeLeft]).finally(() => clearTimeout(timer));
    if (waitedFor === 0) return;
  }
}

/**
 * axe's violations on the page as it is now, for the rules asked (`runOnly`), in the page itself (`axe.run`,
 * what @axe-core/playwright's legacy mode runs). Its default mode runs each frame's part, then opens a blank
 * page in the context to merge them and loads axe there again, about three times the time for the same rules,
 * which matters only for cross-origin frames, which the storefront has none of. Only violations are collected
 * in full (resultTypes): the passes and the inapplicable rules, never read here, would cost as much again
 * (ADR 004).
 */
export async function axeViolations(
  page: Page,
  runOnly: NonNullable<RunOptions['runOnly']>,
  disableRules: readonly string[] = [],
): Promise<AxeResults['violations']> {
  await injectAxe(page);
  await animationsEnded(page);
  const options: RunOptions = {
    resultTypes: ['violations'],
    runOnly,
    rules: Object.fromEntries(disableRules.map((rule) => [rule, { enabled: false }])),
  };
  const outcome = await page.evaluate(async (runOptions) => {
    const { axe } = window as unknown as {
      axe: { run: (context: unknown, options: unknown) => Promise<AxeResults> };
    };
    try {
      return { results: await axe.run({ include: [], exclude: [] }, runOptions), error: null };
    } catch (error) {
      return { results: null, error: String(error) };
    }
  }, options);
  if (!outcome.results) throw new Error(`axe failed: ${outcome.error}`);
  return outcome.results.violations;
}

/** Fails on serious or critical accessibility violations (WCAG 2.1 A and AA) of the page as it is now. */
export async function expectAccessible(page: Page, { disableRules = [] }: AxeOptions = {}): Promise<void> {
  const violations = await axeViolations(page, { type: 'tag', values: WCAG_TAGS }, disableRules);
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = blocking.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`,
  );
  expect(report, 'serious or critical accessibility violations').toEqual([]);
}

type AxeOptions = { disableRules?: readonly string[] };

/**
 * The element has the keyboard's focus and shows it: an outline or a ring (a box-shadow) is drawn. axe does
 * not check this (WCAG 2.4.7); the cabinet's tabs once hid it with `outline-none` and drew nothing instead.
 */
export async function expectFocusVisible(locator: Locator): Promise<void> {
  await expect(locator).toBeFocused();
  const isDrawn = await locator.evaluate((element) => {
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
    return outline || style.boxShadow !== 'none';
  });
  expect(isDrawn, `a visible focus indicator on ${locator}`).toBe(true);
}

/**
 * expectAccessible for a page opened without JavaScript. Axe runs as a script in the page, which such a page
 * never runs (the analysis waits forever), so the page's markup as it is now, scripts left out, is analysed
 * in a page of a context with JavaScript, at the same address so its styles load the same. What `<noscript>`
 * holds is what such a page shows, so the copy shows it as markup of its own: otherwise the copy would show
 * what only a page with scripts shows, such as the page loader fading in 400 ms after the load (a contrast
 * violation while it fades, found only when axe ran early enough) which `<noscript>`'s style hides.
 */
export async function expectAccessibleWithoutJavaScript(page: Page, options: AxeOptions = {}): Promise<void> {
  const browser = page.context().browser();
  if (!browser) throw new Error('the page has no browser to open a second context in');
  const markup = (await page.content())
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
    .replace(/<\/?noscript\b[^>]*>/gi, '');
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
 * Holds the page's requests to `url` until the answer is called: for a journey about what the page does while
 * a part of it (a chunk, a fetcher's answer) is still on its way.
 */
export async function holdRequests(page: Page, url: RegExp): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return () => release();
}

/**
 * Signs a customer in through the API the login popups post to; the session cookie lands in the page's
 * context, and the page shows them signed in from its next load. For journeys about what a signed-in customer
 * does: the popups and the login page have journeys of their own (auth.spec.ts), and going through them again
 * costs a page load and two dialogs each time (ADR 004). The context's client address (actAsDistinctClient)
 * goes with these requests too. `origin` is for a journey with a server of its own (online-payment.spec.ts).
 */
export async function signInByApi(page: Page, name: string, phoneDigits: string, origin = ''): Promise<void> {
  const phone = `8${phoneDigits}`;
  const sent = await page.request.post(`${origin}/api/user/code`, { data: { name, phone } });
  expect(sent.ok(), await sent.text()).toBe(true);
  const login = await page.request.post(`${origin}/api/user/login`, {
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
