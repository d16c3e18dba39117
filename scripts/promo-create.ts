/**
 * `npm run promo:create -- <CODE> <percent|fixed> <value> [--store <slug>] [--min <roubles>] [--from <ISO>]
 * [--until <ISO>] [--uses <n>] [--per-customer <n|unlimited>]`: a promo code (issue 25). A percentage (1–100)
 * or a fixed sum in roubles off the goods; marketplace-wide without --store; one use per customer unless
 * told. Codes are case-insensitive (kept upper-cased). The operator console lists them.
 */
import { PromoCodeCreateSchema } from '../core/contracts/payments';
import { KOPECKS_PER_ROUBLE } from '../core/rules/price';
import { loadConfig } from '../server/config';
import { AppError } from '../server/errors';
import { openCliServices } from './cli-services';
import { runCli } from './run-cli';

const USAGE =
  'Usage: npm run promo:create -- <CODE> <percent|fixed> <value> [--store <shop slug>] [--min <roubles>] ' +
  '[--from <ISO date>] [--until <ISO date>] [--uses <n>] [--per-customer <n|unlimited>]';

const FLAGS = ['--store', '--min', '--from', '--until', '--uses', '--per-customer'] as const;
type Flag = (typeof FLAGS)[number];

function parseArgs(args: readonly string[]) {
  const [code, kind, value, ...rest] = args;
  if (!code || !kind || !value) return null;
  const flags: Partial<Record<Flag, string>> = {};
  for (let index = 0; index < rest.length; index += 2) {
    const flag = FLAGS.find((one) => one === rest[index]);
    const given = rest[index + 1];
    if (!flag || given === undefined) return null;
    flags[flag] = given;
  }
  return { code, kind, value, flags };
}

/** Roubles as typed ('300', '99.90') → kopecks; NaN for anything else (the contract refuses it). */
const kopecksOf = (roubles: string): number =>
  /^\d{1,9}(\.\d{1,2})?$/.test(roubles) ? Math.round(Number(roubles) * KOPECKS_PER_ROUBLE) : Number.NaN;

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  if (!args) {
    console.error(USAGE);
    return 2;
  }
  const { code, kind, value, flags } = args;
  const perCustomer = flags['--per-customer'];
  const parsed = PromoCodeCreateSchema.safeParse({
    code,
    kind,
    value: kind === 'fixed' ? kopecksOf(value) : value,
    min_order: flags['--min'] ? kopecksOf(flags['--min']) : 0,
    starts_at: flags['--from'] ?? null,
    ends_at: flags['--until'] ?? null,
    max_uses: flags['--uses'] ?? null,
    max_uses_per_customer: perCustomer === 'unlimited' ? null : (perCustomer ?? 1),
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      console.error(`${issue.path.join('.') || 'code'}: ${issue.message}`);
    console.error(USAGE);
    return 2;
  }
  const { services, close } = await openCliServices(loadConfig());
  try {
    let store: string | null = null;
    if (flags['--store']) {
      const found = (await services.catalog.listStores()).find((one) => one.slug === flags['--store']);
      if (!found) {
        console.error(`No shop with the slug ${flags['--store']}`);
        return 1;
      }
      store = found._id;
    }
    const created = await services.payments
      .createPromoCode({ ...parsed.data, store })
      .catch((error: unknown) => {
        if (error instanceof AppError) return error.message;
        throw error;
      });
    if (typeof created === 'string') {
      console.error(created);
      return 1;
    }
    console.log(
      `Promo code ${created.code}: ${kind === 'percent' ? `${created.value}%` : `${created.value / KOPECKS_PER_ROUBLE} ₽`} off` +
        `${flags['--store'] ? ` at ${flags['--store']}` : ' marketplace-wide'}.`,
    );
    return 0;
  } finally {
    await close();
  }
}

runCli(main);
