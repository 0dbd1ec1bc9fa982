import { mkdtemp, readdir, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { openTestDatabase } from '../../tests/support/test-database.ts';
import { fileStore, type FileStore } from './file-store.ts';
import { recoverStagedFiles, STALE_STAGED_MS } from './recover-staged.ts';

describe('staged files and their recovery after a crash', () => {
  let db: Database;
  let dir: string;
  let files: FileStore;
  const onDisk = async () =>
    (await readdir(dir, { recursive: true })).filter((name) => /[0-9a-f]{32}/.test(name)).sort();

  beforeAll(async () => {
    db = await openTestDatabase({ demo: true });
    dir = await mkdtemp(join(tmpdir(), 'geosonde-staged-'));
    files = fileStore(dir);
  });
  afterAll(async () => {
    await db.close();
    await rm(dir, { recursive: true, force: true });
  });

  const stageWithRow = async (id: string) => {
    const { key } = await files.stage([new TextEncoder().encode('%PDF-1.4 staged')]);
    await db.query(
      `INSERT INTO reports (id, borehole_id, title, kind, date, size_bytes, storage_key, mime, status)
       VALUES ($1, 'MTL-BH-01', 'Journal', 'pdf', '2026-11-23', 15, $2, 'application/pdf', 'processing')`,
      [id, key],
    );
    return key;
  };

  it('keeps a staged file out of reach until it is committed', async () => {
    const { key, size } = await files.stage([new Uint8Array([1, 2, 3])]);
    expect(size).toBe(3);
    expect(await onDisk()).toContain(join(key.slice(0, 2), `${key}.part`));
    await expect(files.size(key)).rejects.toThrow();
    await files.commit(key);
    expect(await files.size(key)).toBe(3);
    // Committing twice (the start-up recovery, then the request) is harmless.
    await files.commit(key);
    await files.remove(key);
  });

  it('commits the staged files whose rows committed, removes the others', async () => {
    const withRow = await stageWithRow('MTL-BH-01-CRASH1');
    const { key: withoutRow } = await files.stage([new Uint8Array([9])]);
    expect(await recoverStagedFiles(db, files, { onlyOwner: true })).toEqual({ committed: 1, removed: 1 });
    const { committed, staged } = await files.inventory();
    expect(staged).toEqual([]);
    expect(committed).toContain(withRow);
    expect(committed).not.toContain(withoutRow);
    expect(await files.size(withRow)).toBe(15);
    await expect(files.size(withoutRow)).rejects.toThrow();
  });

  it('leaves young staged files alone when other processes may be writing them', async () => {
    const { key: young } = await files.stage([new Uint8Array([1])]);
    const { key: old } = await files.stage([new Uint8Array([2])]);
    const past = new Date(Date.now() - STALE_STAGED_MS - 60_000);
    await utimes(join(dir, old.slice(0, 2), `${old}.part`), past, past);
    expect(await recoverStagedFiles(db, files, { onlyOwner: false })).toEqual({ committed: 0, removed: 1 });
    const { staged } = await files.inventory();
    expect(staged.map((file) => file.key)).toEqual([young]);
    await files.remove(young);
  });
});
