/**
 * `npm run user:role -- <phone> operator [--store <slug>]…`: makes a signed-up user a support operator (the
 * /operator console; the same SMS login). With --store, their order board shows those shops only and their
 * conversations are those of customers who ordered from them (ADR 034); without, every shop and every
 * conversation. `npm run user:role -- <phone> customer` takes the role away.
 */
import { normalisePhone } from '../core/rules/phone';
import { loadConfig } from '../server/config';
import { openCliServices } from './cli-services';
import { runCli } from './run-cli';

const USAGE = 'Usage: npm run user:role -- <phone> <operator|customer> [--store <shop slug>]…';

function parseArgs(args: readonly string[]) {
  const [phoneText, role, ...rest] = args;
  const phone = phoneText ? normalisePhone(phoneText) : null;
  if (!phone || (role !== 'operator' && role !== 'customer')) return null;
  const storeSlugs: string[] = [];
  for (let index = 0; index < rest.length; index += 2) {
    const [flag, value] = [rest[index], rest[index + 1]];
    if (flag !== '--store' || !value) return null;
    storeSlugs.push(value);
  }
  if (role === 'customer' && storeSlugs.length > 0) return null;
  return { phone, role, storeSlugs } as const;
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  if (!args) {
    console.error(USAGE);
    return 2;
  }
  const { services, close } = await openCliServices(loadConfig());
  try {
    const userId = await services.identity.findUserIdByPhone(args.phone);
    if (!userId) {
      console.error(`No user with the phone ${args.phone}: they sign in on the site once first.`);
      return 1;
    }
    if (args.role === 'customer') {
      await services.support.revokeOperator(userId);
      console.log(`${args.phone} is a customer (not an operator).`);
      return 0;
    }
    const stores = args.storeSlugs.length === 0 ? [] : await services.catalog.listStores();
    const found = stores.filter((store) => args.storeSlugs.includes(store.slug));
    const missing = args.storeSlugs.filter((slug) => !found.some((store) => store.slug === slug));
    if (missing.length > 0) {
      console.error(`No shop with the slug: ${missing.join(', ')}`);
      return 1;
    }
    await services.support.grantOperator(
      userId,
      found.map((store) => store._id),
    );
    console.log(
      `${args.phone} is an operator of ${args.storeSlugs.length > 0 ? args.storeSlugs.join(', ') : 'every shop'}.`,
    );
    return 0;
  } finally {
    await close();
  }
}

runCli(main);
