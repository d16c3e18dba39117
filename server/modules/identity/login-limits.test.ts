import { describe, expect, it } from 'vitest';
import {
  CODE_MAX_ATTEMPTS,
  CODE_TTL_MS,
  cooldownAfterFailures,
  LONG_COOLDOWN_MS,
  RESEND_INTERVAL_MS,
  SENDS_PER_IP_PER_HOUR,
  SENDS_PER_PHONE_PER_HOUR,
  SHORT_COOLDOWN_MS,
} from './login-limits';

describe('the login limits', () => {
  it('are the numbers of issue 4 and DESIGN.md §3: strict per phone, generous per address (issue 21)', () => {
    expect(CODE_TTL_MS).toBe(5 * 60_000);
    expect(CODE_MAX_ATTEMPTS).toBe(5);
    expect(RESEND_INTERVAL_MS).toBe(15_000);
    expect(SENDS_PER_PHONE_PER_HOUR).toBe(5);
    expect(SENDS_PER_IP_PER_HOUR).toBe(20);
  });

  it('cool a phone down for an hour at 10 consecutive failures and a day from 20', () => {
    for (let failures = 1; failures < 10; failures += 1) expect(cooldownAfterFailures(failures)).toBe(0);
    expect(cooldownAfterFailures(10)).toBe(SHORT_COOLDOWN_MS);
    expect(SHORT_COOLDOWN_MS).toBe(3_600_000);
    for (let failures = 11; failures < 20; failures += 1) expect(cooldownAfterFailures(failures)).toBe(0);
    expect(cooldownAfterFailures(20)).toBe(LONG_COOLDOWN_MS);
    expect(cooldownAfterFailures(21)).toBe(LONG_COOLDOWN_MS);
    expect(LONG_COOLDOWN_MS).toBe(86_400_000);
  });
});
