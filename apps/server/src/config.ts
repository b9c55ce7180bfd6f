import { randomBytes } from 'node:crypto';
import { generateVapidKeys, type VapidKeys } from '@app/api';
import {
  DEFAULT_BALANCE_CEILING_CENTAVOS,
  DEFAULT_TASK_VIEW_SECONDS,
  DISPLAY_TIME_ZONE,
  LIVE_PING_MS,
  LIVE_STREAM_LIMITS,
} from '@app/contracts';
import { DEFAULT_POOL_SIZE } from '@app/db';
import { z } from 'zod';
import { flag, isValidTimeZone, list, POOL_SIZE_RULE, pesosCeiling, s3Url, seconds, trustProxy } from './config-values';

/** Addresses that only this machine can reach: development sign-in is safe to offer there. */
function isLoopbackHost(host: string): boolean {
  const name = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  return name === 'localhost' || name === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name);
}

/** The demo data's admin: an admin in development unless ADMIN_EMAILS says otherwise. */
export const DEMO_ADMIN_EMAIL = 'admin@example.com';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  /** Connections each instance opens to DATABASE_URL: instances × this must stay under the server's limit. */
  DATABASE_POOL_SIZE: z.coerce
    .number({ error: POOL_SIZE_RULE })
    .int(POOL_SIZE_RULE)
    .min(1, POOL_SIZE_RULE)
    .max(100, POOL_SIZE_RULE)
    .default(DEFAULT_POOL_SIZE),
  DEMO_DATA: flag.default(true),
  /** Behind a load balancer: how many proxies, or which ones, may tell the client's address (X-Forwarded-For). */
  TRUST_PROXY: trustProxy.default(false),
  /** Development sign-in on a server that does not listen on a loopback address (never in production). */
  DEV_LOGIN: flag.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ADMIN_EMAILS: list.optional(),
  ADMIN_PANEL_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  ADMIN_UNLOCK_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(12),
  /** Money decisions refused to an admin or operator without a passkey (docs/architecture.md#passkeys-and-the-step-up). */
  ADMIN_PASSKEY_REQUIRED: flag.default(false),
  COMMISSION_USERNAME: z.string().min(1).optional(),
  COMMISSION_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  OIDC_ISSUER_URL: z.url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_REDIRECT_URI: z.url().optional(),
  OIDC_ACCOUNT_URL: z.url().optional(),
  APP_TIMEZONE: z.string().refine(isValidTimeZone, 'must be an IANA time zone such as Asia/Manila').default(DISPLAY_TIME_ZONE),
  TASK_VIEW_SECONDS: z.coerce.number().int().min(1).max(3600).default(DEFAULT_TASK_VIEW_SECONDS),
  /** In pesos; read as centavos. No admin edit raises a balance above it (docs/product-rules.md#admin-access). */
  BALANCE_CEILING: pesosCeiling.default(DEFAULT_BALANCE_CEILING_CENTAVOS),
  AD_CLIENT_ID: z.string().min(1).optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  /** Put before every rate-limit key in Redis, so several sites (or test runs) can share one Redis. */
  REDIS_KEY_PREFIX: z.string().min(1).default('pesotasks:rate-limit:'),
  /** Profile photos in an S3-compatible bucket instead of the photos table (docs/architecture.md#uploads). */
  S3_URL: s3Url.optional(),
  /** Live streams open at once (docs/architecture.md#live-updates): from one signed-out address block, */
  LIVE_STREAMS_PER_ADDRESS_BLOCK: z.coerce.number().int().min(1).max(1_000).default(LIVE_STREAM_LIMITS.perAddressBlock),
  /** for one account (a member's or an admin's), */
  LIVE_STREAMS_PER_ACCOUNT: z.coerce.number().int().min(1).max(1_000).default(LIVE_STREAM_LIMITS.perAccount),
  /** and on this instance in all, about 100 KB of memory each. */
  LIVE_STREAMS_PER_INSTANCE: z.coerce.number().int().min(1).max(1_000_000).default(LIVE_STREAM_LIMITS.perInstance),
  /** The bearer token a Prometheus scraper sends to GET /metrics; without it /metrics is off (docs/architecture.md#running-it). */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Photo decodes running at once on this instance, uploads waiting for one, and a decode's time budget (docs/architecture.md#uploads). */
  PHOTO_DECODE_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  PHOTO_DECODE_QUEUE: z.coerce.number().int().min(0).max(100).default(8),
  PHOTO_DECODE_TIMEOUT_SECONDS: seconds(1, 60).default(10),
  // The connection timeouts (docs/decisions.md#timeouts-and-a-minimum-body-rate).
  /** A request's headers must have arrived whole within this. */
  HEADERS_TIMEOUT_SECONDS: seconds(1, 120).default(15),
  /** A whole request, headers and body, must have arrived within this (a response may take longer). */
  REQUEST_TIMEOUT_SECONDS: seconds(1, 3600).default(300),
  /** After this long, a body still arriving must have come at BODY_MIN_BYTES_PER_SECOND on average. */
  BODY_GRACE_SECONDS: seconds(1, 60).default(10),
  BODY_MIN_BYTES_PER_SECOND: z.coerce.number().int().min(1).max(1_000_000).default(1024),
  /** A connection on which nothing moves either way for this long is closed; more than the live streams' ping. */
  CONNECTION_IDLE_SECONDS: seconds(Math.ceil((2 * LIVE_PING_MS) / 1000), 3600).default(60),
  /** Web push's VAPID keys (`npx web-push generate-vapid-keys`) and contact (docs/architecture.md#web-push). */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'must be a base64url P-256 public key (87 characters), as web-push generate-vapid-keys prints')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a base64url P-256 private key (43 characters), as web-push generate-vapid-keys prints')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/, 'must be a mailto: address or an https:// URL where push services can reach the site’s operator')
    .optional(),
  /** An idle kept-alive connection is closed after this; more than a load balancer's idle timeout (often 60 s). */
  KEEP_ALIVE_TIMEOUT_SECONDS: seconds(1, 3600).default(72),
});

type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<Env, 'ADMIN_EMAILS'> {
  isProduction: boolean;
  oidcEnabled: boolean;
  /**
   * Development sign-in (any e-mail signs in as that person): only without an identity provider, never in
   * production, and only on a loopback address that no proxy or public URL serves to others, unless
   * DEV_LOGIN=true says so.
   */
  devLoginEnabled: boolean;
  /** Lower-case e-mails that are admins; in development, the demo admin when ADMIN_EMAILS is unset. */
  ADMIN_EMAILS: string[];
  /** The admin panel password in force: configured, or generated for this development run. */
  adminPanelPassword: string;
  commissionUsername: string;
  commissionPassword: string;
  /** Secrets generated for this run because none were configured (printed at start in development). */
  generatedSecrets: string[];
  /** Web push's keys and contact; null when push notifications are off (production without VAPID keys). */
  vapid: VapidKeys | null;
}

export class ConfigError extends Error {}

/**
 * Reads the environment once. A bad or missing value stops the start with a message naming the variable.
 * In production every secret must be configured; in development missing ones are generated and printed.
 */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === 'production';
  const oidcEnabled = Boolean(env.OIDC_ISSUER_URL && env.OIDC_CLIENT_ID);
  // A loopback listener is only this machine's while nothing forwards other machines' requests to it: a
  // proxy in front (TRUST_PROXY) or a public address (PUBLIC_URL) says something does.
  const servedToOthers = env.TRUST_PROXY !== false || (env.PUBLIC_URL !== undefined && !isLoopbackHost(new URL(env.PUBLIC_URL).hostname));
  const devLoginEnabled = !oidcEnabled && !isProduction && (env.DEV_LOGIN ?? (isLoopbackHost(env.HOST) && !servedToOthers));

  const problems: string[] = [];
  if (env.HEADERS_TIMEOUT_SECONDS > env.REQUEST_TIMEOUT_SECONDS) {
    problems.push('  HEADERS_TIMEOUT_SECONDS: must not be more than REQUEST_TIMEOUT_SECONDS (the headers are part of the request)');
  }
  if (Boolean(env.OIDC_ISSUER_URL) !== Boolean(env.OIDC_CLIENT_ID)) {
    problems.push('  OIDC_ISSUER_URL and OIDC_CLIENT_ID: set both or neither');
  }
  if (isProduction) {
    if (!oidcEnabled) problems.push('  OIDC_ISSUER_URL, OIDC_CLIENT_ID: required in production (development sign-in is off there)');
    if (!env.ADMIN_PANEL_PASSWORD) problems.push('  ADMIN_PANEL_PASSWORD: required in production');
    if (!env.COMMISSION_USERNAME || !env.COMMISSION_PASSWORD)
      problems.push('  COMMISSION_USERNAME, COMMISSION_PASSWORD: required in production');
    if (!env.PUBLIC_URL) problems.push('  PUBLIC_URL: required in production (allowed origin and sign-in redirects)');
    if (env.DEV_LOGIN) problems.push('  DEV_LOGIN: development sign-in lets anyone sign in as any e-mail; it is never on in production');
    if (env.VAPID_PUBLIC_KEY && !env.VAPID_SUBJECT && !env.PUBLIC_URL?.startsWith('https://'))
      problems.push('  VAPID_SUBJECT: required with the VAPID keys unless PUBLIC_URL is an https:// URL (push services contact it)');
  } else if (!oidcEnabled && env.DEV_LOGIN === false) {
    problems.push('  DEV_LOGIN: false, with no identity provider, leaves no way to sign in: set OIDC_ISSUER_URL and OIDC_CLIENT_ID');
  } else if (!oidcEnabled && !devLoginEnabled) {
    const reachable = isLoopbackHost(env.HOST)
      ? `HOST: ${env.HOST} is served to other machines (${env.TRUST_PROXY !== false ? 'TRUST_PROXY names a proxy in front' : `PUBLIC_URL is ${env.PUBLIC_URL}`})`
      : `HOST: ${env.HOST} is reachable from other machines`;
    problems.push(
      `  ${reachable} and no identity provider is configured: set OIDC_ISSUER_URL and OIDC_CLIENT_ID, or DEV_LOGIN=true ` +
        'to offer development sign-in (anyone can sign in as any e-mail) there',
    );
  }
  if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY))
    problems.push('  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both or neither');
  if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);

  const generatedSecrets: string[] = [];
  const generate = (name: string) => {
    const value = randomBytes(9).toString('base64url');
    generatedSecrets.push(`${name}=${value}`);
    return value;
  };

  /** The VAPID keys configured, or in development a pair made for this run; in production none means push is off. */
  const vapidKeys = (): VapidKeys | null => {
    const subject = env.VAPID_SUBJECT ?? (env.PUBLIC_URL?.startsWith('https://') ? env.PUBLIC_URL : 'mailto:push@example.com');
    if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY)
      return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
    if (isProduction) return null;
    const keys = generateVapidKeys();
    generatedSecrets.push(`VAPID_PUBLIC_KEY=${keys.publicKey}`, `VAPID_PRIVATE_KEY=${keys.privateKey}`);
    return { ...keys, subject };
  };

  return {
    ...env,
    isProduction,
    oidcEnabled,
    devLoginEnabled,
    ADMIN_EMAILS: env.ADMIN_EMAILS ?? (isProduction ? [] : [DEMO_ADMIN_EMAIL]),
    adminPanelPassword: env.ADMIN_PANEL_PASSWORD ?? generate('ADMIN_PANEL_PASSWORD'),
    commissionUsername: env.COMMISSION_USERNAME ?? 'operator',
    commissionPassword: env.COMMISSION_PASSWORD ?? generate('COMMISSION_PASSWORD'),
    vapid: vapidKeys(),
    generatedSecrets,
  };
}
