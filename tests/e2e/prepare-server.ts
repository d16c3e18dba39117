/**
 * Runs before the journeys' server starts (playwright.config.ts): the embedded database is one process's
 * while the server runs, so the operators of the console journeys are made here, with the repositories
 * `npm run user:role` uses — users with those phones (as a first login would make) holding the operator role
 * for every shop (ADR 034). The server then finds its migrations applied and seeds the demo data as usual.
 */
import path from 'node:path';
import { loadConfig } from '../../server/config';
import { openDb } from '../../server/db/client';
import { findOrCreateUser } from '../../server/modules/identity/identity.repository';
import { grantRole } from '../../server/modules/support/support.repository';
import { E2E_OPERATORS } from './operator-account';

const config = loadConfig();
const handle = await openDb({
  databaseUrl: config.DATABASE_URL,
  pgliteDir: path.join(config.dataDir, 'pglite'),
});
try {
  await handle.migrate();
  for (const operator of E2E_OPERATORS) {
    const user = await findOrCreateUser(handle.db, operator.phone, operator.name);
    await grantRole(handle.db, user.id, 'operator', []);
  }
} finally {
  await handle.close();
}
