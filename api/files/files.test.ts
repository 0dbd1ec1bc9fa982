import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileStore } from './file-store.ts';
import { checkLink, LINK_MINUTES, signLink } from './signed-links.ts';
import { loadSigningKey } from './signing-key.ts';

describe('file store', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'geosonde-store-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('keeps bytes under a random key, and removes them', async () => {
    const store = fileStore(dir);
    const key = await store.put(new TextEncoder().encode('%PDF-1.7'));
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(await readFile(join(dir, key.slice(0, 2), key), 'utf8')).toBe('%PDF-1.7');
    expect(await store.size(key)).toBe(8);
    expect(await store.put(new Uint8Array([1]))).not.toBe(key);
    await store.remove(key);
    await expect(store.size(key)).rejects.toThrow();
  });

  it('refuses a key that could name another file', () => {
    const store = fileStore(dir);
    for (const key of ['../etc/passwd', 'AB'.repeat(16), `${'a'.repeat(31)}/`, '']) {
      expect(() => store.read(key)).toThrow('Clé de fichier invalide');
    }
  });

  it('leaves no partial file when a write fails', async () => {
    const store = fileStore(join(dir, 'missing-parent', '\0bad'));
    await expect(store.put(new Uint8Array([1, 2, 3]))).rejects.toThrow();
    expect((await readdir(dir)).filter((name) => name.endsWith('.part'))).toEqual([]);
  });
});

describe('signed links', () => {
  const key = Buffer.from('k'.repeat(32));
  const parts = (link: string) => {
    const url = new URL(link, 'http://x');
    return [url.searchParams.get('exp') ?? undefined, url.searchParams.get('sig') ?? undefined] as const;
  };

  it.each<[string, number, string]>([
    ['fresh', 0, 'valid'],
    ['one second before expiry', LINK_MINUTES * 60_000 - 1000, 'valid'],
    ['past expiry', LINK_MINUTES * 60_000 + 1000, 'expired'],
  ])('is %s', (_name, later, expected) => {
    const now = Date.parse('2026-11-21T10:00:00Z');
    const [exp, sig] = parts(signLink(key, 'SJ-BH-01-R1', now));
    expect(checkLink(key, 'SJ-BH-01-R1', exp, sig, now + later)).toBe(expected);
  });

  it('is invalid for another id, another key, a changed expiry or missing parts', () => {
    const [exp, sig] = parts(signLink(key, 'A'));
    expect(checkLink(key, 'B', exp, sig)).toBe('invalid');
    expect(checkLink(Buffer.from('z'.repeat(32)), 'A', exp, sig)).toBe('invalid');
    expect(checkLink(key, 'A', String(Number(exp) + 3600), sig)).toBe('invalid');
    expect(checkLink(key, 'A', undefined, sig)).toBe('invalid');
    expect(checkLink(key, 'A', exp, undefined)).toBe('invalid');
    expect(checkLink(key, 'A', '1e9', sig)).toBe('invalid');
  });

  it('uses SIGNING_SECRET, else one key kept in the data folder', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'geosonde-key-'));
    try {
      const first = await loadSigningKey(dir, undefined);
      expect(first.byteLength).toBe(32);
      expect(await loadSigningKey(dir, undefined)).toEqual(first);
      expect(Buffer.from(await loadSigningKey(dir, 's'.repeat(32))).toString()).toBe('s'.repeat(32));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('gives every process starting at once on one data folder the same key', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'geosonde-key-'));
    try {
      const keys = await Promise.all(Array.from({ length: 8 }, () => loadSigningKey(dir, undefined)));
      for (const key of keys) expect(key).toEqual(keys[0]);
      expect(await readdir(dir)).toEqual(['signing.key']);
      expect((await stat(join(dir, 'signing.key'))).mode & 0o777).toBe(0o600);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
