import { describe, expect, it } from 'vitest';
import { parseEnv, releaseKeySource } from './env.ts';
import { siteOrigins } from './settings.ts';

describe('parseEnv', () => {
  it('uses the embedded defaults', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 4321, DATA_DIR: './data', GS_DEMO: false });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('reads the settings it is given', () => {
    const env = parseEnv({ PORT: '8080', DATABASE_URL: 'postgres://u:p@localhost/db', GS_DEMO: '1' });
    expect(env).toMatchObject({ PORT: 8080, DATABASE_URL: 'postgres://u:p@localhost/db', GS_DEMO: true });
  });

  it('reads the webhook settings: loopback refused unless asked for, a poll every second', () => {
    expect(parseEnv({})).toMatchObject({ WEBHOOK_ALLOW_LOOPBACK: false, WEBHOOK_POLL_MS: 1000 });
    expect(parseEnv({ WEBHOOK_ALLOW_LOOPBACK: '1', WEBHOOK_POLL_MS: '250' })).toMatchObject({
      WEBHOOK_ALLOW_LOOPBACK: true,
      WEBHOOK_POLL_MS: 250,
    });
  });

  it('reads the upload and download settings', () => {
    expect(parseEnv({})).toMatchObject({ UPLOAD_MAX_MB: 50, DOWNLOAD_LINK_MINUTES: 10, DOWNLOAD_ORIGINS: [] });
    const env = parseEnv({ UPLOAD_MAX_MB: '2', DOWNLOAD_ORIGINS: ' https://cdn.geosonde.ca , http://127.0.0.1:4396' });
    expect(env).toMatchObject({
      UPLOAD_MAX_MB: 2,
      DOWNLOAD_ORIGINS: ['https://cdn.geosonde.ca', 'http://127.0.0.1:4396'],
    });
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL doit commencer par postgres://'],
    [{ GS_DEMO: 'maybe' }, 'GS_DEMO'],
    [{ UPLOAD_MAX_MB: '0' }, 'UPLOAD_MAX_MB doit être un nombre positif'],
    [{ DOWNLOAD_ORIGINS: 'cdn.geosonde.ca' }, 'DOWNLOAD_ORIGINS : des origines http(s)'],
    [{ DOWNLOAD_LINK_MINUTES: '-1' }, 'DOWNLOAD_LINK_MINUTES'],
    [{ WEBHOOK_POLL_MS: '10' }, 'WEBHOOK_POLL_MS vaut au moins 100'],
    [
      { NODE_ENV: 'production', PUBLIC_URL: 'https://geosonde.ca', WEBHOOK_ALLOW_LOOPBACK: '1' },
      'WEBHOOK_ALLOW_LOOPBACK sert aux tests',
    ],
  ])('stops with a clear message for %j', (source, message) => {
    expect(() => parseEnv(source)).toThrow(message);
  });
});

describe('the origins the server answers to', () => {
  it('requires PUBLIC_URL in production, so that no link ever comes from a request', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(/PUBLIC_URL est requis en production/);
    expect(parseEnv({ NODE_ENV: 'production', PUBLIC_URL: 'https://geosonde.ca' }).PUBLIC_URL).toBe(
      'https://geosonde.ca',
    );
  });

  it.each([
    [{ HOST: '0.0.0.0' }, 4321, 'http://localhost:4321', ['http://127.0.0.1:4321', 'http://[::1]:4321']],
    [{ HOST: '127.0.0.1' }, 4399, 'http://127.0.0.1:4399', ['http://localhost:4399', 'http://[::1]:4399']],
    [{ HOST: '::' }, 80, 'http://localhost', ['http://127.0.0.1', 'http://[::1]']],
    [{ HOST: '0.0.0.0', PUBLIC_URL: 'https://geosonde.ca/app/' }, 4321, 'https://geosonde.ca', []],
  ])('%j on port %i: %s', (env, port, publicOrigin, aliasOrigins) => {
    expect(siteOrigins(env, port)).toEqual({ publicOrigin, aliasOrigins });
  });

  it('reads the release key settings alone, with the development folder outside the repository', () => {
    expect(releaseKeySource({ XDG_CONFIG_HOME: '/home/x/.config' })).toEqual({
      key: undefined,
      keyFile: undefined,
      devDir: '/home/x/.config/geosonde/release-dev',
    });
    expect(releaseKeySource({ RELEASE_DEV_KEY_DIR: '/tmp/cles', RELEASE_SIGNING_KEY_FILE: '/etc/k.pem' })).toEqual({
      key: undefined,
      keyFile: '/etc/k.pem',
      devDir: '/tmp/cles',
    });
  });
});
