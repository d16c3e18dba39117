/** PostgreSQL error codes (SQLSTATE) that services turn into a customer's answer or retry on. */
export const SQLSTATE = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
  serializationFailure: '40001',
  deadlockDetected: '40P01',
} as const;

const MAX_DEPTH = 5;

/** Whether a database error carries this SQLSTATE; Drizzle wraps driver errors, so the `cause` chain is searched. */
export function hasSqlState(error: unknown, code: string): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < MAX_DEPTH && typeof current === 'object' && current !== null; depth += 1) {
    if ('code' in current && current.code === code) return true;
    current = 'cause' in current ? current.cause : undefined;
  }
  return false;
}
