import { isIP } from 'node:net';
import path from 'node:path';
import { normalisePhone } from '@core/rules/phone';
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

const optionalText = () =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined));

const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** The addresses YooKassa sends its webhooks from, as it publishes them. */
export const YOOKASSA_PUBLISHED_IPS = [
  '185.71.76.0/27',
  '185.71.77.0/27',
  '77.75.153.0/25',
  '77.75.156.11',
  '77.75.156.35',
  '77.75.154.128/25',
  '2a02:5180::/32',
];

function isAddressOrRange(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  if (rest.length > 0 || isIP(address) === 0) return false;
  return (
    prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (isIP(address) === 4 ? 32 : 128))
  );
}

/**
 * Fastify's trustProxy: false (the socket address is the client), true (believe any X-Forwarded-For: only
 * behind a proxy that overwrites it), or a comma list of the proxies' addresses or CIDRs. Hop counts are not
 * offered: they cannot tell a proxy from a client (Fastify ignores them).
 */
const trustProxySetting = () =>
  z
    .string()
    .trim()
    .default('false')
    .transform((value, ctx): boolean | string => {
      if (value === '' || value === 'false' || value === '0') return false;
      if (value === 'true') return true;
      const entries = value.split(',').map((entry) => entry.trim());
      if (entries.every(isAddressOrRange)) return entries.join(',');
      ctx.addIssue({
        code: 'custom',
        message: 'must be true, false or a list of proxy IP addresses/CIDRs',
      });
      return z.NEVER;
    });

/** Every setting the process reads, parsed once at start. Later issues add provider settings here. */
export const ConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
    /**
     * The embedded PGlite's buffer pool (without DATABASE_URL); unset, `PGLITE_SHARED_BUFFERS` of
     * server/db/client.ts, small because PGlite zeroes it at every start. Raise it for an embedded catalogue
     * far larger than the demo's.
     */
    PGLITE_SHARED_BUFFERS: z
      .string()
      .regex(/^\d{1,6}(kB|MB|GB)$/, 'a size such as 32MB')
      .optional(),
    REDIS_URL: optionalUrl(['redis:', 'rediss:']),
    /**
     * The start of every Redis key and channel of this deployment: two deployments (or the journeys' two
     * servers) on one Redis keep apart by it, while the processes of one deployment share it.
     */
    REDIS_KEY_PREFIX: z
      .string()
      .regex(/^[\w:.-]{1,64}$/, 'letters, digits and : . - _ only')
      .default('fresh:'),
    PUBLIC_BASE_URL: optionalUrl(['http:', 'https:']),
    LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
    /** The external seller site the header's 'Стать продавцом' and 'Для юр. лиц' links point to. */
    SELLER_SITE_URL: z.url({ protocol: /^https?$/ }).default('https://seller.fresh-market.ru'),
    /** Largest accepted request body for JSON endpoints. */
    BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
    /**
     * Largest form body a page or resource-route action is sent (docs/decisions/036); larger is 413 before it
     * is read. The largest real form (a guest basket of 200 lines, a 2,000-character chat message) is ~25 KB.
     */
    PAGE_BODY_LIMIT_BYTES: z.coerce.number().int().positive().max(16_777_216).default(65_536),
    /**
     * How far a weighed order may exceed its estimate, in percent (issue 27, ADR 054): a picker's weight above
     * it is refused (pick less, or ask the customer).
     */
    WEIGHT_TOLERANCE_PERCENT: z.coerce.number().int().min(0).max(100).default(10),
    /** Seconds the site settings and page SEO fields are served from memory; edits show within this time. */
    CONTENT_CACHE_TTL_S: z.coerce.number().min(0).max(3600).default(15),
    /** Milliseconds a page rendered for a guest is served to other guests of the same area; 0 turns it off. */
    PAGE_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
    // Slow and hostile clients, image work (issue 12; docs/decisions/022).
    /** The whole request, headers and body, must arrive within this long (Node's requestTimeout). */
    REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
    /** The headers must arrive within this long; also ends connections that never send a byte. */
    HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(10_000),
    /**
     * Open connections per client address (a peer not trusted as a proxy); behind a trusted proxy, requests in
     * flight per forwarded client address. 0 turns both off.
     */
    MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(0).max(100_000).default(64),
    /** Deepest nesting of objects and arrays a JSON body may have; deeper is refused before parsing. */
    JSON_MAX_DEPTH: z.coerce.number().int().min(1).max(1000).default(32),
    /** Image uploads decoded and encoded at once per process. */
    IMAGE_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
    /** Image uploads waiting for their turn; more at once are answered 503. */
    IMAGE_QUEUE_LENGTH: z.coerce.number().int().min(0).max(1000).default(8),
    /** Seed the demo data when the database is empty. */
    SEED_ON_EMPTY: z
      .enum(['true', 'false', '1', '0'])
      .default('true')
      .transform((v) => v === 'true' || v === '1'),

    // Identity: login by SMS code, sessions, uploads (issue 4; docs/decisions/005 to 007).
    /** Where uploaded images are stored and served from at /uploads/; defaults to $DATA_DIR/uploads. */
    UPLOAD_DIR: optionalText(),
    /** Key of the SMS code HMAC, at least 32 characters. Unset: generated once and kept in the database. */
    AUTH_SECRET: optionalText().refine((value) => value === undefined || value.length >= 32, {
      message: 'must be at least 32 characters',
    }),
    /** Which proxies' X-Forwarded-For to believe: false (default), true, or the proxies' addresses/CIDRs. */
    TRUST_PROXY: trustProxySetting(),
    /** Map tile URL template (maps issue); its origin is allowed in the CSP img-src. */
    MAP_TILE_URL: z
      .string()
      .trim()
      .regex(/^https?:\/\/[^/]+\//, 'must be an http(s) URL template')
      .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
    /** Reverse geocoding of map clicks: offline (shipped data and the demo street grid), yandex or nominatim. */
    GEOCODER: z.enum(['offline', 'yandex', 'nominatim']).default('offline'),
    /** The HTTP geocoder's endpoint (defaults: Yandex's and OpenStreetMap's public ones). */
    GEOCODER_URL: optionalText(),
    /** Yandex geocoder API key (required with GEOCODER=yandex). */
    YANDEX_GEOCODER_KEY: optionalText(),
    /**
     * Where a visitor without an address is (ADR 038): the two request headers, latitude and longitude, that
     * the proxy in front sets from the client's IP address (Cloudflare: `cf-iplatitude,cf-iplongitude`; nginx:
     * its geoip2 module). Unset: not known, and the default city is shown. The proxy must set them on every
     * request, or a client could send its own.
     */
    IP_LOCATION_HEADERS: z
      .string()
      .trim()
      .default('')
      .transform((value, ctx): [string, string] | null => {
        if (value === '') return null;
        const names = value.split(',').map((name) => name.trim().toLowerCase());
        const [latitude, longitude] = names;
        if (names.length === 2 && latitude && longitude && names.every((name) => /^[a-z0-9-]+$/.test(name)))
          return [latitude, longitude];
        ctx.addIssue({ code: 'custom', message: 'must be two header names: latitude,longitude' });
        return z.NEVER;
      }),
    SMS_PROVIDER: z.enum(['console', 'file', 'smsru', 'smsc']).default('console'),
    /** The file provider's outbox (one JSON line per message); defaults to $DATA_DIR/sms-outbox.jsonl. */
    SMS_OUTBOX: optionalText(),
    /** Sender name registered with the gateway; the gateway's default when unset. */
    SMS_SENDER: optionalText(),
    SMSRU_API_ID: optionalText(),
    SMSRU_URL: z.url({ protocol: /^https?$/ }).default('https://sms.ru/sms/send'),
    SMSC_LOGIN: optionalText(),
    SMSC_PASSWORD: optionalText(),
    SMSC_URL: z.url({ protocol: /^https?$/ }).default('https://smsc.ru/sys/send.php'),

    // Web push (issue 15; docs/decisions/027).
    /** VAPID key pair (URL-safe base64, both or neither). Unset: generated once and kept in the database. */
    VAPID_PUBLIC_KEY: optionalText(),
    VAPID_PRIVATE_KEY: optionalText(),
    /** Who push services may contact about our pushes: an https: URL or a mailto: address. */
    VAPID_SUBJECT: z
      .string()
      .trim()
      .regex(/^(https:\/\/|mailto:)\S+$/, 'must be an https: URL or a mailto: address')
      .default('mailto:support@fresh-market.ru'),

    /**
     * A customer's support chat messages a minute (ADR 037); their address may post 3 times as many, and a
     * customer at most 200 a day. 0 turns the chat's rates off (the socket benchmark's one sender).
     */
    CHAT_MESSAGES_PER_MINUTE: z.coerce.number().int().min(0).max(10_000).default(20),

    // Online payment through YooKassa (issue 25; docs/decisions/046). Without the shop id and secret key the
    // checkout offers payment on receipt only, and everything else works.
    YOOKASSA_SHOP_ID: optionalText(),
    YOOKASSA_SECRET_KEY: optionalText(),
    /** The API's base (the local fake's for `npm run dev:payments`). */
    YOOKASSA_URL: z.url({ protocol: /^https?$/ }).default('https://api.yookassa.ru/v3'),
    /** 54-ФЗ receipts: the goods' VAT code (YooKassa's 1–10; 4 is 20%) and the delivery line's. */
    YOOKASSA_VAT_CODE: z.coerce.number().int().min(1).max(10).default(4),
    YOOKASSA_DELIVERY_VAT_CODE: z.coerce.number().int().min(1).max(10).default(4),
    /**
     * Where webhooks may come from (comma-separated addresses and CIDRs): by default the ranges YooKassa
     * publishes. Anything else is ignored, and the payment is always read again from the API anyway.
     */
    YOOKASSA_WEBHOOK_IPS: z
      .string()
      .trim()
      .default(YOOKASSA_PUBLISHED_IPS.join(','))
      .transform((value, ctx): string[] => {
        const entries = value === '' ? [] : value.split(',').map((entry) => entry.trim());
        if (entries.every((entry) => isAddressOrRange(entry) && !PROXY_RANGE_NAMES.has(entry)))
          return entries;
        ctx.addIssue({ code: 'custom', message: 'must be a comma-separated list of IP addresses or CIDRs' });
        return z.NEVER;
      }),

    // The support team's mailbox (issue 24; docs/decisions/045): feedback questions and job applications are
    // mailed to SUPPORT_EMAIL through SMTP_URL (smtp:// or smtps://, credentials in the URL) when both are set.
    SUPPORT_EMAIL: optionalText().refine((value) => value === undefined || /^[^\s@]+@[^\s@]+$/.test(value), {
      message: 'must be an e-mail address',
    }),
    SMTP_URL: optionalUrl(['smtp:', 'smtps:']),
    /** The mail's sender; SUPPORT_EMAIL when unset. */
    MAIL_FROM: optionalText(),

    // Operations (issue 28; docs/decisions/048).
    /**
     * The bearer token of GET /metrics (Prometheus), at least 32 characters. Unset: there is no /metrics (it
     * answers 404 as any unknown path does).
     */
    METRICS_TOKEN: optionalText().refine((value) => value === undefined || value.length >= 32, {
      message: 'must be at least 32 characters',
    }),

    // The support console (issue 15; docs/decisions/033).
    /**
     * Phones (comma-separated) that are operators of every shop from the start: the embedded database is
     * the running process's alone, so `npm run user:role` cannot reach it while the site runs.
     */
    OPERATOR_PHONES: z
      .string()
      .trim()
      .default('')
      .transform((value, ctx): string[] => {
        const entries = value === '' ? [] : value.split(',').map((entry) => entry.trim());
        const phones = entries.map(normalisePhone);
        if (phones.every((phone) => phone !== null)) return phones;
        ctx.addIssue({ code: 'custom', message: 'must be a comma-separated list of Russian phone numbers' });
        return z.NEVER;
      }),
  })
  .refine((config) => Boolean(config.VAPID_PUBLIC_KEY) === Boolean(config.VAPID_PRIVATE_KEY), {
    message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together or not at all',
    path: ['VAPID_PRIVATE_KEY'],
  })
  .refine((config) => Boolean(config.SUPPORT_EMAIL) === Boolean(config.SMTP_URL), {
    message: 'SUPPORT_EMAIL and SMTP_URL are set together or not at all',
    path: ['SMTP_URL'],
  })
  .refine((config) => Boolean(config.YOOKASSA_SHOP_ID) === Boolean(config.YOOKASSA_SECRET_KEY), {
    message: 'YOOKASSA_SHOP_ID and YOOKASSA_SECRET_KEY are set together or not at all',
    path: ['YOOKASSA_SECRET_KEY'],
  });

export type Config = z.output<typeof ConfigSchema> & { dataDir: string };

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Parses the environment; a bad value throws a ConfigError naming every bad variable and its problem — never
 * its value: the message reaches logs and terminals, and the value may be a secret (AUTH_SECRET,
 * SMSC_PASSWORD, SMSRU_API_ID, YANDEX_GEOCODER_KEY, YOOKASSA_SECRET_KEY, METRICS_TOKEN, a password inside
 * DATABASE_URL or REDIS_URL).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Operators read these messages: keep them English even though contracts use the Russian locale.
  const result = ConfigSchema.safeParse(env, { error: z.locales.en().localeError });
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const name = issue.path.join('.') || '(environment)';
      return `  ${name}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return { ...result.data, dataDir: path.resolve(result.data.DATA_DIR) };
}
