import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';

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
      DATABASE_POOL_SIZE: 10,
    });
    expect(config.oidcEnabled).toBe(false);
    expect(config.generatedSecrets.map((line) => line.split('=')[0])).toEqual(['ADMIN_PANEL_PASSWORD', 'COMMISSION_PASSWORD']);
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
    const production = loadConfig({
      NODE_ENV: 'production',
      OIDC_ISSUER_URL: 'https://id.example.com',
      OIDC_CLIENT_ID: 'pesotasks',
      ADMIN_PANEL_PASSWORD: 'a-long-password',
      COMMISSION_USERNAME: 'operator',
      COMMISSION_PASSWORD: 'another-long-one',
      PUBLIC_URL: 'https://pesotasks.example.com',
    });
    expect(production.generatedSecrets).toEqual([]);
  });
});
