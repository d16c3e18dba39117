import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

function messageOf(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error('the configuration was accepted');
}

describe('loadConfig', () => {
  it('names each bad variable and its problem, never its value', () => {
    const secrets = {
      AUTH_SECRET: 'too-short-secret-hunter2',
      DATABASE_URL: 'mysql://shop:hunter2-db@db.internal/fresh',
      REDIS_URL: 'http://:hunter2-redis@cache.internal:6379',
      PUBLIC_BASE_URL: 'ftp://user:hunter2-site@fresh.example',
      PORT: 'hunter2-port',
    };
    const message = messageOf(secrets);
    for (const name of Object.keys(secrets)) expect(message).toContain(`  ${name}: `);
    expect(message).toMatch(/AUTH_SECRET: must be at least 32 characters/);
    expect(message).not.toMatch(/hunter2/);
  });

  it('names a setting that is not one of its choices', () => {
    expect(messageOf({ SMS_PROVIDER: 'pigeon' })).toMatch(/^ {2}SMS_PROVIDER: Invalid option/m);
  });

  it('accepts good secrets as given', () => {
    const config = loadConfig({ AUTH_SECRET: 'x'.repeat(32), SMSC_PASSWORD: ' secret ' });
    expect(config.AUTH_SECRET).toBe('x'.repeat(32));
    expect(config.SMSC_PASSWORD).toBe('secret');
  });

  it('reads OPERATOR_PHONES as normalised phones, and names a list that is not one', () => {
    expect(loadConfig({}).OPERATOR_PHONES).toEqual([]);
    expect(loadConfig({ OPERATOR_PHONES: ' 8 (912) 345-67-89, +79990000001 ' }).OPERATOR_PHONES).toEqual([
      '+79123456789',
      '+79990000001',
    ]);
    expect(messageOf({ OPERATOR_PHONES: '89123456789,,admin' })).toMatch(
      /^ {2}OPERATOR_PHONES: must be a comma-separated list of Russian phone numbers/m,
    );
  });
});
