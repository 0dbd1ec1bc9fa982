import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { attachSampleFiles } from '../db/seed/seed.ts';
import { openTestDatabase } from '../../tests/support/test-database.ts';
import { checkFiles } from './check-files.ts';
import { fileStore } from './file-store.ts';

describe('the check of documents against their files', () => {
  let db: Database;
  let dir: string;
  beforeAll(async () => {
    db = await openTestDatabase({ demo: true });
    dir = await mkdtemp(join(tmpdir(), 'geosonde-check-'));
  });
  afterAll(async () => {
    await db.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('finds nothing wrong in the demo data, then each kind of damage', async () => {
    const files = fileStore(dir);
    const documents = await attachSampleFiles(db, files);
    expect(await checkFiles(db, files)).toEqual({ missing: [], wrongSize: [], orphans: [], staged: [], documents });

    const [gone, changed] = await db.query<{ id: string; key: string }>(
      'SELECT id, storage_key AS key FROM reports WHERE storage_key IS NOT NULL ORDER BY id LIMIT 2',
    );
    await files.remove(gone!.key);
    await writeFile(join(dir, changed!.key.slice(0, 2), changed!.key), 'tronqué');
    const orphan = await files.put(new Uint8Array([1, 2]));
    const { key: staged } = await files.stage([new Uint8Array([3])]);
    const report = await checkFiles(db, files);
    expect(report.missing).toEqual([{ id: gone!.id, key: gone!.key }]);
    // « tronqué » is 8 bytes in UTF-8.
    expect(report.wrongSize).toMatchObject([{ id: changed!.id, onDisk: 8 }]);
    expect(report.orphans).toEqual([orphan]);
    expect(report.staged).toEqual([staged]);
  });
});
