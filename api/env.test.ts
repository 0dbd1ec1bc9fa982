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

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL doit commencer par postgres://'],
    [{ GS_DEMO: 'maybe' }, 'GS_DEMO'],
  ])('stops with a clear message for %j', (source, message) => {
    expect(() => parseEnv(source)).toThrow(message);
  });
});
