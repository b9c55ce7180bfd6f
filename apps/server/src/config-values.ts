import { isIP } from 'node:net';
import type { S3Location } from '@app/api';
import { parsePesos } from '@app/contracts';
import { z } from 'zod';

// The parsers of the environment's values that loadConfig (config.ts) reads: each names the rule a value breaks.

export const flag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');
export const list = z.string().transform((value) =>
  value
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter(Boolean),
);

export const isValidTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

export const POOL_SIZE_RULE = 'must be a whole number from 1 to 100';

export const seconds = (min: number, max: number) => {
  const rule = `must be a whole number of seconds from ${min} to ${max}`;
  return z.coerce.number({ error: rule }).int(rule).min(min, rule).max(max, rule);
};

const TRUST_PROXY_RULE =
  'set the number of proxies in front of the server (for example 1) or their addresses and CIDR ranges, comma-separated ' +
  '(for example 10.0.0.0/8,192.168.1.10); "false" when clients connect directly';

/** An IPv4 or IPv6 address, optionally with a CIDR prefix length that fits it. */
function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Which proxies may tell the client's address in X-Forwarded-For: a hop count or an allow-list. `true`
 * (Fastify's "trust every hop") is refused: any client could then write its own X-Forwarded-For and
 * pick the address that per-address limits count and the admin log records.
 */
export const trustProxy = z.string().transform((value, ctx): false | number | string[] => {
  const text = value.trim().toLowerCase();
  if (text === 'false' || text === '0') return false;
  if (text === 'true') {
    ctx.addIssue({ code: 'custom', message: `"true" would trust a forged X-Forwarded-For from any client: ${TRUST_PROXY_RULE}` });
    return z.NEVER;
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops <= 10) return hops;
  }
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0 || !entries.every(isAddressOrRange)) {
    ctx.addIssue({ code: 'custom', message: TRUST_PROXY_RULE });
    return z.NEVER;
  }
  return entries;
});

const S3_URL_RULE =
  'must look like s3://ACCESS_KEY:SECRET_KEY@HOST[:PORT]/BUCKET[/PREFIX][?region=REGION&forcePathStyle=false] ' +
  '(s3+http:// for an endpoint without TLS; in the keys, write / @ : # ? % as %2F %40 %3A %23 %3F %25)';
const S3_BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const S3_QUERY = new Set(['region', 'forcePathStyle']);

/**
 * The bucket that keeps profile photos instead of the photos table (docs/architecture.md#uploads).
 * `s3://` speaks HTTPS to HOST, `s3+http://` plain HTTP (an emulator or a MinIO on a private network); the
 * first path segment is the bucket, the rest a folder put before every key. Key and secret may be left
 * out, both at once, for the AWS SDK's own chain (AWS_ACCESS_KEY_ID..., an instance role).
 */
export const s3Url = z.string().transform((value, ctx): S3Location => {
  const fail = (problem: string) => {
    ctx.addIssue({ code: 'custom', message: `${problem}: ${S3_URL_RULE}` });
    return z.NEVER;
  };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return fail('not a URL');
  }
  const scheme = { 's3:': 'https', 's3+http:': 'http' }[url.protocol];
  if (!scheme) return fail('must start with s3:// or s3+http://');
  if (!url.hostname) return fail('names no host');
  if (url.hash) return fail('has a #fragment');
  if (Boolean(url.username) !== Boolean(url.password)) return fail('give both the access key and the secret key, or neither');
  const [bucket = '', ...folders] = url.pathname.split('/').slice(1);
  if (!S3_BUCKET.test(bucket)) return fail(`"${bucket}" is not a bucket name (3 to 63 of a-z 0-9 . -)`);
  const unknown = [...url.searchParams.keys()].filter((name) => !S3_QUERY.has(name));
  if (unknown.length > 0) return fail(`unknown parameter ${unknown.join(', ')}`);
  const pathStyle = url.searchParams.get('forcePathStyle') ?? 'true';
  if (pathStyle !== 'true' && pathStyle !== 'false') return fail('forcePathStyle must be true or false');
  let credentials: S3Location['credentials'];
  try {
    credentials = url.username
      ? { accessKeyId: decodeURIComponent(url.username), secretAccessKey: decodeURIComponent(url.password) }
      : undefined;
  } catch {
    return fail('the access key or secret key is not correctly %-encoded');
  }
  const prefix = folders.filter(Boolean).join('/');
  return {
    endpoint: `${scheme}://${url.host}`,
    region: url.searchParams.get('region') || 'us-east-1',
    bucket,
    prefix: prefix ? `${prefix}/` : '',
    forcePathStyle: pathStyle === 'true',
    ...(credentials ? { credentials } : {}),
  };
});

const BALANCE_CEILING_RULE = 'must be an amount in pesos greater than 0 with at most 2 decimals, such as 1000000 or 250000.50';

/** The balance ceiling in pesos as written ("1000000", "250000.50"), as centavos (docs/product-rules.md#admin-access). */
export const pesosCeiling = z.string().transform((value, ctx) => {
  const centavos = parsePesos(value);
  if (centavos === null || centavos === 0) {
    ctx.addIssue({ code: 'custom', message: BALANCE_CEILING_RULE });
    return z.NEVER;
  }
  return centavos;
});
