import path from 'node:path';
import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const optionalUrl = (protocols: readonly string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || protocols.some((p) => value.startsWith(`${p}//`)), {
      message: `must be a URL starting with ${protocols.join(' or ')}//`,
    });

/** Every setting the process reads, parsed once at start. Later issues add provider settings here. */
export const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
  REDIS_URL: optionalUrl(['redis:', 'rediss:']),
  PUBLIC_BASE_URL: optionalUrl(['http:', 'https:']),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  /** The external seller site the header's 'Стать продавцом' and 'Для юр. лиц' links point to. */
  SELLER_SITE_URL: z.url({ protocol: /^https?$/ }).default('https://seller.fresh-market.ru'),
  /** Largest accepted request body for JSON endpoints. */
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
  /** Seconds the site settings and page SEO fields are served from memory; edits show within this time. */
  CONTENT_CACHE_TTL_S: z.coerce.number().min(0).max(3600).default(15),
  /** Seed the demo data when the database is empty. */
  SEED_ON_EMPTY: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
});

export type Config = z.output<typeof ConfigSchema> & { dataDir: string };

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment; a bad value throws a ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Operators read these messages: keep them English even though contracts use the Russian locale.
  const result = ConfigSchema.safeParse(env, { error: z.locales.en().localeError });
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const name = issue.path.join('.') || '(environment)';
      const given = env[name];
      return `  ${name}=${given === undefined ? '(unset)' : JSON.stringify(given)}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return { ...result.data, dataDir: path.resolve(result.data.DATA_DIR) };
}
