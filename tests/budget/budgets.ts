/**
 * Page-weight budgets (issue 23, ADR 040), checked by `npm run test:budget` (tests/budget/pages.budget.ts).
 * Each is the value measured when it was set, rounded up a little; a page that needs more raises its budget
 * here on purpose, in an ADR. Where issue 23's goal (GOALS) is not met yet, the budget is today's value so
 * it cannot grow, and the goal stands beside it; once a goal is met, no budget may be above it.
 * Bytes: HTML uncompressed; JavaScript gzip -9 (first load: entry, modulepreloads, route modules); fonts as
 * served (woff2).
 */
export const PAGES = [
  '/',
  '/catalog',
  '/product/{slug}',
  '/basket',
  '/store/{id}',
  '/recipes/{slug}',
  '/favourites',
  '/login',
  '/location',
  '/order',
  '/order/{slug}',
  '/lk',
] as const;
export type PageName = (typeof PAGES)[number];
export const STATES = ['guest', 'guest, delivery zone', 'signed in'] as const;
export type StateName = (typeof STATES)[number];

export type Budget = { htmlBytes: number; jsGzipBytes: number; jsFiles: number; fontBytes: number };
export type Measure = keyof Budget;

const KB = 1024;
/** Fonts: one 33.3 KB file on every page (ADR 040); the goal is 60. */
const FONT_BUDGET_KB = 35;

/**
 * A budget from the values measured when it was set (KB = 1024 bytes, and files): HTML 3 % over, first-load
 * JavaScript 2 KB over, one file over, each rounded up to a whole KB; fonts FONT_BUDGET_KB. The arguments are
 * the measured values, so the file shows them beside the budget they make.
 */
function measured(html: number, js: number, files: number): Budget {
  return {
    htmlBytes: Math.ceil(html * 1.03) * KB,
    jsGzipBytes: Math.ceil(js + 2) * KB,
    jsFiles: files + 1,
    fontBytes: FONT_BUDGET_KB * KB,
  };
}

/** Issue 23's HTML goal for /catalog, met since 2026-11-28 (ADR 044, "The card by its structure"). */
const CATALOG_HTML_GOAL_KB = 90;

/**
 * A budget of a page that meets its HTML goal: the goal is its ceiling, even where the measured value's 3 %
 * would be above it (pages.budget.ts fails a budget above a goal the page meets).
 */
function withinHtmlGoal(budget: Budget, goalKb: number): Budget {
  return { ...budget, htmlBytes: Math.min(budget.htmlBytes, goalKb * KB) };
}

/**
 * measured(HTML KB, first-load JS gzip KB, JS files). Set on 2026-11-27 (ADR 044) on main 59e8e2a: the
 * client cut into framework, shell and storefront files (3e10e5a: 222 KB in 56 files -> 145 KB in 5-6), terser
 * (-4 KB), and the loaders sending what the pages render, the catalogue's filters once (/catalog 171.3 ->
 * 153.9 KB; issue 22's card forms had grown it from 157.4). First-load JS cannot reach issue 23's 120 KB on
 * React 19 and React Router 7: their own files are 108.4 KB of it (ADR 044), so its budget is today's value.
 * Lowered on 2026-11-27 (ADR 044, "The cards' controls and the root's zones"): the cards' forms without
 * `redirectTo`, `intent` and route discovery, the guest heart's empty post, and the root data without the
 * cities' zone polygons (/catalog 154.0 -> 143.4 KB, every page about 3 KB less; first-load JS as before).
 * Lowered again on 2026-11-27 (ADR 044, "The header, the footer and the card's leftovers"): the logo mark as
 * the favicon's file, component classes for the header's and footer's repeated class lists, the card's icon
 * buttons without a title each (a class's tooltip) and its basket form without a wrapper (/catalog 143.4 ->
 * 134.9 KB, every page 3-5 KB less); then the cards of a shop sharing one shop object in the loader data
 * (/catalog 133.5 KB); and the error pages out of the shell, loaded when shown (first-load JS 0.6-0.7 KB less).
 * Lowered again on 2026-11-28 (ADR 044, "Names by reference"): a grid's controls named by reference to the
 * card's name instead of a copy of it in each aria-label, the icons over the cards' pictures drawn by their
 * classes instead of an <svg> each, the signed-in heart's `active` as its button's value, the footer's brand
 * marks in the sprite, and component classes for the pager and the catalogue's filters (/catalog 133.5 ->
 * 117.0 KB for a guest, 147.6 -> 130.1 signed in; every page 0.8-10 KB less). Every page's budget is now
 * from that one measurement, /store/{id} included (below the values it had kept from before the shop reviews).
 * Lowered again on 2026-11-28 (ADR 044, "The catalogue's loader data as tuples"): /catalog's cards as tuples
 * in its loader data and only the categories its navigation shows, the cards' name ids by position, no class
 * on a card's picture and prices, the footer's groups and the logo as component classes (/catalog 118.0 ->
 * 105.2 KB for a guest, 131.1 -> 118.3 signed in; other pages 0.7-1.6 KB less by the footer, logo and prices).
 * The HTML budgets of /, /catalog, a product and a shop from that measurement; /basket and /recipes/{slug}
 * (not lighter by it) and every first-load JS and file budget as they were.
 * Lowered again on 2026-11-28 (ADR 044, "The card by its structure"): a product card's parts and controls
 * styled by their place in it (no classes, no empty ones), its buttons without a type their form implies, its
 * pictures without width and height, the catalogue's category links without classes and, on /catalog, route
 * discovery (/catalog 105.2 -> 89.2 KB for a guest, 105.6 -> 89.6 in a zone: issue 23's 90 KB met, so it is
 * their budget; 118.3 -> 102.4 signed in; / 92.5 -> 86.1, a product 49.0 -> 46.4, a shop 51.5 -> 48.2 by their
 * grids' cards). The HTML budgets of those four pages from that measurement; the rest as they were.
 * First-load JS lowered on 2026-11-28 (ADR 044, "First-load JavaScript by module"): React Router's production
 * build in the browser, the toast queue and cards loaded with the first toast, react-aria's providers around
 * its components instead of every page, and the small modules only other pages and on-first-use parts share
 * in a file of their own (/, /catalog, a product 139.8/141.1/140.9 -> 134.4/135.6/135.5 KB). /basket, a shop
 * and a recipe load that file as one more (22 -> 23 and 8 -> 9 files) for fewer bytes (186.8 -> 185.6 KB,
 * 141.6 -> 138.7, 141.8 -> 138.9): their file budgets are raised by one on purpose. /basket's bytes keep the
 * value its budget was set from (184.9: it had grown to 186.8 since, within it). HTML budgets as they were.
 * /basket's HTML raised on 2026-11-29 (ADR 044, "The scripts after the first paint"): each modulepreload says
 * `fetchpriority="low"` (20 bytes; /basket preloads 23 files), which took its signed-in page from 29.6 to
 * 30.0 KB, at its budget; its three HTML budgets from that measurement. The other pages grew 0.1-0.2 KB
 * within theirs (/catalog 89.2 -> 89.3 KB for a guest, still within issue 23's 90).
 * Lowered on 2026-11-29 (ADR 044, "The hearts without a form each"): every heart a button of the page's one
 * favourites form, naming its item as its own field, instead of a form each with three hidden fields when
 * signed in (/catalog 102.5 -> 92.6 KB signed in, 89.3 -> 87.2 for a guest; / 93.7 -> 88.9 signed in). The
 * HTML budgets of /, /catalog, a product and a shop from that measurement; /basket and /recipes/{slug} (not
 * lighter by it) and every first-load JS and file budget as they were.
 * Lowered again the same day (ADR 044, same section): the header's counter badges, the signed-in customer's
 * chip and their initials as component classes (every signed-in page 0.7-1.2 KB less: /catalog 92.6 -> 91.9
 * KB). The signed-in HTML budgets of /, /catalog, a product, a shop and a recipe from that measurement.
 * Lowered on 2026-11-29 (ADR 044, "The cards' basket buttons without a form each"): a grid card's 'В корзину'
 * a button of the page's one basket form, naming its step in its own value, instead of a form each with two
 * hidden fields (/catalog 87.2 -> 80.2 KB for a guest, 91.9 -> 85.0 signed in: issue 23's 90 KB met in every
 * state, so it is the signed-in budget too; / 85.2 -> 82.4, a shop 48.1 -> 46.8). The HTML budgets of /,
 * /catalog, a product's guest page and a shop from that measurement; the rest as they were (the root's empty
 * form adds 0.1 KB to pages without a grid, within theirs).
 * Set again the same day (same section), with the signed-in shopper's state made a real one: three more
 * basket lines, of the first products its area's grids show, so the cards carry the counter and /basket four
 * lines (pages.budget.ts). With the cards' counters as buttons of the same form (/catalog 89.4 -> 86.3 KB
 * signed in, a shop 52.3 -> 50.3) and /basket's icons from the sprite and its lines' buttons as component
 * classes (/basket 50.4 -> 43.7 KB signed in; its first-load JS 185.7 -> 184.4 KB in 23 -> 20 files, lucide's
 * modules gone from it). Every signed-in HTML budget and /basket's three from that measurement.
 * /basket's lowered again the same day (same section): the 'Удалить все' dialog loaded when reached for, and
 * the dialogs' close button from the sprite (first-load JS 184.4 -> 170.6 KB in 20 -> 17 files; HTML 0.6 KB
 * less with the skip link's and the cabinet button's classes).
 * /basket's lowered again on 2026-11-29, tenth session (ADR 044, "/basket's counter of its own"): the line's
 * counter (− field +) a field and two buttons of ours instead of react-aria's NumberField, whose modules (the
 * number parser and formatter, the spin button, the field's and the group's hooks) were /basket's alone
 * (first-load JS 170.6 -> 143.6 KB in 17 -> 10 files; HTML 1.1 KB less, seven module preloads fewer).
 * /favourites weighed from the same day (ADR 044, "Link tabs, and the sets' popups on first use"): its
 * sections' tabs our own instead of react-aria's Tabs and the sets' popups loaded when reached for (first-load
 * JS 238.2 -> 153.6 KB in 30 -> 13 files, HTML 26.5 -> 23.9 KB for a guest); its budgets from that
 * measurement, so it cannot grow back. Lowered the same day (same section): the forms' fields native
 * elements instead of react-aria's TextField (152.4 KB in 12 files; /location, /login and /lk, outside the
 * budget, 5.7-13.9 KB and 2-5 files less); and again, the sets' buttons native ones and their icons the
 * sprite's (136.8 KB in 7 files).
 * /login, /location, the checkout (/order), an order's page and the cabinet (/lk) weighed from 2026-11-29,
 * eleventh session (ADR 044, "The forms' contracts on first use"), each in the states it renders in (a guest's
 * checkout and cabinet redirect to /login, a signed-in shopper's /login away from it): the forms' contracts
 * and Zod loaded when a form is first used instead of with the page (/login 181.0 -> 149.8 KB in 13 -> 11
 * files, /location 177.6 -> 147.9 in 12 -> 11, /order 189.1 -> 155.7 in 20 -> 16); their budgets from that
 * measurement. The cabinet's chat tab is not weighed apart: its code loads with the tab, and the HTML names
 * no more than /lk's. Lowered the same day (same ADR, "The shopper's icons from the sprite"): the icons of
 * these pages drawn from the sprite instead of lucide-react's components, a module each (/lk 147.3 -> 143.1 KB
 * in 19 -> 11 files, an order's page 144.2 -> 141.7 in 16 -> 11, the checkout 155.7 -> 153.9 in 16 -> 14,
 * /location 147.9 -> 145.6 in 11 -> 8 and its HTML 62.4 -> 50.7 KB for a guest: its pickup points' icons).
 */
export const BUDGETS: Record<PageName, Partial<Record<StateName, Budget>>> = {
  '/': {
    guest: measured(82.4, 134.4, 5),
    'guest, delivery zone': measured(82.6, 134.4, 5),
    'signed in': measured(86.7, 134.4, 5),
  },
  '/catalog': {
    guest: withinHtmlGoal(measured(80.2, 135.6, 6), CATALOG_HTML_GOAL_KB),
    'guest, delivery zone': withinHtmlGoal(measured(80.7, 135.6, 6), CATALOG_HTML_GOAL_KB),
    'signed in': withinHtmlGoal(measured(86.3, 135.6, 6), CATALOG_HTML_GOAL_KB),
  },
  '/product/{slug}': {
    guest: measured(45.2, 135.5, 5),
    'guest, delivery zone': measured(32.2, 135.5, 5),
    'signed in': measured(34.8, 135.5, 5),
  },
  '/basket': {
    guest: measured(18.6, 143.6, 10),
    'guest, delivery zone': measured(18.7, 143.6, 10),
    'signed in': measured(42.0, 143.6, 10),
  },
  '/store/{id}': {
    guest: measured(46.8, 138.7, 9),
    'guest, delivery zone': measured(46.9, 138.7, 9),
    'signed in': measured(50.3, 138.7, 9),
  },
  '/recipes/{slug}': {
    guest: measured(49.3, 138.9, 9),
    'guest, delivery zone': measured(49.4, 138.9, 9),
    'signed in': measured(52.6, 138.9, 9),
  },
  '/favourites': {
    guest: measured(22.7, 136.8, 7),
    'guest, delivery zone': measured(22.8, 136.8, 7),
    'signed in': measured(26.5, 136.8, 7),
  },
  '/login': {
    guest: measured(24.4, 149.6, 11),
    'guest, delivery zone': measured(24.5, 149.6, 11),
  },
  '/location': {
    guest: measured(50.7, 145.6, 8),
    'guest, delivery zone': measured(50.8, 145.6, 8),
    'signed in': measured(53.8, 145.6, 8),
  },
  // The checkout's HTML changes with the hour: it lists the delivery slots still open today and the next
  // days'. Measured 33.0 KB at 19:40 and 35.3 KB at 21:20 UTC the same day; its HTML budget leaves room for
  // a whole day's slots.
  '/order': { 'signed in': { ...measured(33.0, 153.9, 14), htmlBytes: 42 * KB } },
  '/order/{slug}': { 'signed in': measured(23.3, 141.7, 11) },
  '/lk': { 'signed in': measured(30.7, 143.1, 11) },
};

/** Issue 23's goals, for the pages it names. */
export const GOALS: Partial<Record<PageName, Partial<Budget>>> = {
  '/': { jsGzipBytes: 120 * KB, jsFiles: 12, fontBytes: 60 * KB },
  '/catalog': {
    htmlBytes: CATALOG_HTML_GOAL_KB * KB,
    jsGzipBytes: 120 * KB,
    jsFiles: 12,
    fontBytes: 60 * KB,
  },
  '/product/{slug}': { jsGzipBytes: 120 * KB, jsFiles: 12, fontBytes: 60 * KB },
};
