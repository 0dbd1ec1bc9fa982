import { describe, expect, it } from 'vitest';
import { parseEnv } from './env.ts';

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
  ])('stops with a clear message for %j', (source, message) => {
    expect(() => parseEnv(source)).toThrow(message);
  });
});
