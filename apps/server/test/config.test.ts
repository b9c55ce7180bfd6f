import { DEFAULT_POOL_SIZE } from '@app/db';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEMO_ADMIN_EMAIL, loadConfig } from '../src/config';

const OIDC = { OIDC_ISSUER_URL: 'https://id.example.com', OIDC_CLIENT_ID: 'pesotasks' };
/** Everything production requires. */
const PRODUCTION = {
  NODE_ENV: 'production',
  ...OIDC,
  ADMIN_PANEL_PASSWORD: 'a-long-password',
  COMMISSION_USERNAME: 'operator',
  COMMISSION_PASSWORD: 'another-long-one',
  PUBLIC_URL: 'https://pesotasks.example.com',
};

describe('configuration', () => {
  it('has working defaults for development', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      DATA_DIR: './data',
      APP_TIMEZONE: 'Asia/Manila',
      TASK_VIEW_SECONDS: 20,
      DEMO_DATA: true,
      DATABASE_POOL_SIZE: DEFAULT_POOL_SIZE,
    });
    expect(config.oidcEnabled).toBe(false);
    expect(config.generatedSecrets.map((line) => line.split('=')[0])).toEqual([
      'ADMIN_PANEL_PASSWORD',
      'COMMISSION_PASSWORD',
      'VAPID_PUBLIC_KEY',
      'VAPID_PRIVATE_KEY',
    ]);
  });

  it('takes the VAPID keys as a pair, makes a pair for a development run, and turns push off in production without them', () => {
    const keys = { VAPID_PUBLIC_KEY: `B${'a'.repeat(86)}`, VAPID_PRIVATE_KEY: 'k'.repeat(43) };
    expect(loadConfig(keys).vapid).toEqual({
      publicKey: keys.VAPID_PUBLIC_KEY,
      privateKey: keys.VAPID_PRIVATE_KEY,
      subject: 'mailto:push@example.com',
    });
    expect(loadConfig({}).vapid?.publicKey).toMatch(/^[\w-]{87}$/);
    expect(loadConfig(PRODUCTION).vapid).toBeNull();
    expect(loadConfig({ ...PRODUCTION, ...keys, VAPID_SUBJECT: 'mailto:ops@pesotasks.example' }).vapid?.subject).toBe(
      'mailto:ops@pesotasks.example',
    );
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: keys.VAPID_PUBLIC_KEY })).toThrow(
      /VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both or neither/,
    );
    expect(() => loadConfig({ ...keys, VAPID_PRIVATE_KEY: 'short' })).toThrow(/VAPID_PRIVATE_KEY: must be a base64url P-256 private key/);
    expect(() => loadConfig({ ...keys, VAPID_SUBJECT: 'http://pesotasks.example' })).toThrow(
      /VAPID_SUBJECT: must be a mailto: address or an https:\/\/ URL/,
    );
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ APP_TIMEZONE: 'Mars/Base' })).toThrow(/APP_TIMEZONE/);
    for (const size of ['0', 'many', '2.5', '101']) {
      expect(() => loadConfig({ DATABASE_POOL_SIZE: size })).toThrow('DATABASE_POOL_SIZE: must be a whole number from 1 to 100');
    }
    expect(() => loadConfig({ OIDC_ISSUER_URL: 'https://id.example.com' })).toThrow(/OIDC_CLIENT_ID/);
  });

  it('refuses to start in production without an identity provider and secrets', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/OIDC_ISSUER_URL/);
    const production = loadConfig(PRODUCTION);
    expect(production.generatedSecrets).toEqual([]);
  });

  it('takes TRUST_PROXY as a hop count or a list of proxy addresses, and refuses "true"', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1', ...OIDC }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.10,::1', ...OIDC }).TRUST_PROXY).toEqual(['10.0.0.0/8', '192.168.1.10', '::1']);
    for (const value of ['true', 'TRUE', ' true ']) {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
        /TRUST_PROXY: "true" would trust a forged X-Forwarded-For.*number of proxies/,
      );
    }
    for (const value of ['yes', '10.0.0.0/33', '300.1.1.1', '11', 'proxy.example.com', '10.0.0.1/8/2', ',']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY: set the number of proxies/);
    }
  });

  it('offers development sign-in only on a loopback address no proxy serves to others, or with DEV_LOGIN=true, and never in production', () => {
    for (const host of ['127.0.0.1', 'localhost', '::1', '127.0.0.2']) expect(loadConfig({ HOST: host }).devLoginEnabled, host).toBe(true);
    expect(() => loadConfig({ HOST: '127.0.0.1', DEV_LOGIN: 'false' })).toThrow(/DEV_LOGIN: false.*no way to sign in/);
    expect(loadConfig({ HOST: '0.0.0.0', DEV_LOGIN: 'true' }).devLoginEnabled).toBe(true);
    // A deploy that forgot NODE_ENV and an identity provider does not start open to anyone who types an e-mail.
    expect(() => loadConfig({ HOST: '0.0.0.0' })).toThrow(/HOST: 0\.0\.0\.0 is reachable from other machines.*DEV_LOGIN=true/);
    // Nor does one that listens on loopback behind a reverse proxy on the same machine.
    expect(() => loadConfig({ HOST: '127.0.0.1', TRUST_PROXY: '1' })).toThrow(
      /HOST: 127\.0\.0\.1 is served to other machines \(TRUST_PROXY names a proxy in front\).*DEV_LOGIN=true/,
    );
    expect(() => loadConfig({ HOST: '127.0.0.1', PUBLIC_URL: 'https://pesotasks.example' })).toThrow(
      /HOST: 127\.0\.0\.1 is served to other machines \(PUBLIC_URL is https:\/\/pesotasks\.example\).*DEV_LOGIN=true/,
    );
    expect(loadConfig({ HOST: '127.0.0.1', PUBLIC_URL: 'http://localhost:3000' }).devLoginEnabled).toBe(true);
    expect(loadConfig({ HOST: '127.0.0.1', TRUST_PROXY: '1', DEV_LOGIN: 'true' }).devLoginEnabled).toBe(true);
    expect(loadConfig({ HOST: '0.0.0.0', ...OIDC }).devLoginEnabled).toBe(false);
    expect(loadConfig({ ...OIDC, DEV_LOGIN: 'true' }).devLoginEnabled).toBe(false);
    expect(loadConfig(PRODUCTION).devLoginEnabled).toBe(false);
    expect(() => loadConfig({ ...PRODUCTION, DEV_LOGIN: 'true' })).toThrow(/DEV_LOGIN: .*never on in production/);
  });

  it('makes the demo admin the admin of a development run unless ADMIN_EMAILS is set', () => {
    expect(loadConfig({}).ADMIN_EMAILS).toEqual([DEMO_ADMIN_EMAIL]);
    expect(loadConfig({ ADMIN_EMAILS: 'Ops@Example.com, boss@example.com' }).ADMIN_EMAILS).toEqual(['ops@example.com', 'boss@example.com']);
    const production = loadConfig(PRODUCTION);
    expect(production.ADMIN_EMAILS).toEqual([]);
  });

  it('reads BALANCE_CEILING in pesos as centavos, ₱1,000,000.00 unless set, and refuses anything but a positive amount', () => {
    expect(loadConfig({}).BALANCE_CEILING).toBe(100_000_000);
    expect(loadConfig({ BALANCE_CEILING: '250000.50' }).BALANCE_CEILING).toBe(25_000_050);
    expect(loadConfig({ BALANCE_CEILING: ' 2,000,000 ' }).BALANCE_CEILING).toBe(200_000_000);
    for (const value of ['0', '0.00', '-5', '1e6', 'a million', '100.001', '1,00']) {
      expect(() => loadConfig({ BALANCE_CEILING: value }), value).toThrow(
        'BALANCE_CEILING: must be an amount in pesos greater than 0 with at most 2 decimals, such as 1000000 or 250000.50',
      );
    }
  });

  it('caps live streams at 4 per address block, 6 per account and 5,000 per instance unless set, and refuses 0', () => {
    expect(loadConfig({})).toMatchObject({
      LIVE_STREAMS_PER_ADDRESS_BLOCK: 4,
      LIVE_STREAMS_PER_ACCOUNT: 6,
      LIVE_STREAMS_PER_INSTANCE: 5_000,
    });
    expect(loadConfig({ LIVE_STREAMS_PER_INSTANCE: '20000' }).LIVE_STREAMS_PER_INSTANCE).toBe(20_000);
    for (const name of ['LIVE_STREAMS_PER_ADDRESS_BLOCK', 'LIVE_STREAMS_PER_ACCOUNT', 'LIVE_STREAMS_PER_INSTANCE']) {
      for (const value of ['0', 'many', '2.5']) expect(() => loadConfig({ [name]: value })).toThrow(name);
    }
  });

  it('takes a METRICS_TOKEN of at least 16 characters, and leaves /metrics off without one', () => {
    expect(loadConfig({}).METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'sixteen-chars-ok' }).METRICS_TOKEN).toBe('sixteen-chars-ok');
    expect(() => loadConfig({ METRICS_TOKEN: 'fifteen-chars-x' })).toThrow(ConfigError);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow('METRICS_TOKEN: must be at least 16 characters');
  });

  it('reads the connection timeouts and the photo decode bounds in whole seconds, with their documented defaults', () => {
    expect(loadConfig({})).toMatchObject({
      HEADERS_TIMEOUT_SECONDS: 15,
      REQUEST_TIMEOUT_SECONDS: 300,
      BODY_GRACE_SECONDS: 10,
      BODY_MIN_BYTES_PER_SECOND: 1024,
      CONNECTION_IDLE_SECONDS: 60,
      KEEP_ALIVE_TIMEOUT_SECONDS: 72,
      PHOTO_DECODE_CONCURRENCY: 2,
      PHOTO_DECODE_QUEUE: 8,
      PHOTO_DECODE_TIMEOUT_SECONDS: 10,
    });
    expect(loadConfig({ REQUEST_TIMEOUT_SECONDS: '30', BODY_GRACE_SECONDS: '5' })).toMatchObject({
      REQUEST_TIMEOUT_SECONDS: 30,
      BODY_GRACE_SECONDS: 5,
    });
    expect(() => loadConfig({ REQUEST_TIMEOUT_SECONDS: '2.5' })).toThrow(
      'REQUEST_TIMEOUT_SECONDS: must be a whole number of seconds from 1 to 3600',
    );
    // The headers are part of the request; and a live stream pings every 10 s, so an idle connection lasts longer.
    expect(() => loadConfig({ HEADERS_TIMEOUT_SECONDS: '20', REQUEST_TIMEOUT_SECONDS: '10' })).toThrow(
      'HEADERS_TIMEOUT_SECONDS: must not be more than REQUEST_TIMEOUT_SECONDS',
    );
    expect(() => loadConfig({ CONNECTION_IDLE_SECONDS: '10' })).toThrow(
      'CONNECTION_IDLE_SECONDS: must be a whole number of seconds from 20 to 3600',
    );
  });
});
