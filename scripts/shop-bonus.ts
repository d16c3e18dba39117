/**
 * `npm run shop:bonus -- <shop slug> <earn %> <spend max %>`: a shop's bonus rules (issue 25, ADR 046): the
 * share of what a completed order paid that it earns in points, and the most of an order's goods points may
 * pay at checkout. Whole percents from 0 to 100; a shop without its own rules has the defaults of
 * core/rules/discount-card.ts (5 % and 30 %). `npm run shop:bonus -- <shop slug>` prints the shop's rules.
 */
import { DEFAULT_BONUS_PERCENTS } from '../core/rules/discount-card';
import { loadConfig } from '../server/config';
import { openCliServices } from './cli-services';
import { runCli } from './run-cli';

const USAGE = 'Usage: npm run shop:bonus -- <shop slug> [<earn %> <spend max %>]';

/** '5' → 5; null for anything but a whole percent from 0 to 100. */
const percentOf = (text: string | undefined): number | null =>
  text !== undefined && /^\d{1,3}$/.test(text) && Number(text) <= 100 ? Number(text) : null;

async function main(): Promise<number> {
  const [slug, earnText, spendText, ...rest] = process.argv.slice(2);
  const isSetting = earnText !== undefined || spendText !== undefined;
  const earnPercent = percentOf(earnText);
  const spendMaxPercent = percentOf(spendText);
  if (!slug || rest.length > 0 || (isSetting && (earnPercent === null || spendMaxPercent === null))) {
    console.error(USAGE);
    console.error('Percents are whole numbers from 0 to 100.');
    return 2;
  }
  const { services, close } = await openCliServices(loadConfig());
  try {
    const store = (await services.catalog.listStores()).find((one) => one.slug === slug);
    if (!store) {
      console.error(`No shop with the slug ${slug}`);
      return 1;
    }
    if (earnPercent !== null && spendMaxPercent !== null) {
      await services.payments.setShopBonusPercents(store._id, { earnPercent, spendMaxPercent });
      console.log(
        `${store.name}: ${earnPercent}% of a completed order in points, up to ${spendMaxPercent}% paid by them.`,
      );
      return 0;
    }
    const [percents = DEFAULT_BONUS_PERCENTS] = await services.payments.shopBonusPercents([store._id]);
    console.log(
      `${store.name}: ${percents.earnPercent}% of a completed order in points, up to ` +
        `${percents.spendMaxPercent}% paid by them.`,
    );
    return 0;
  } finally {
    await close();
  }
}

runCli(main);
