import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOfReading, type CheckedLog, type ReadingView } from '../../src/domain/digitise/checked-log.ts';
import type { BoreholeRecordView } from '../../src/domain/record.ts';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { testDatabaseKind } from '../../tests/support/test-database.ts';
import { loadBoreholeLog } from '../boreholes/log-repo.ts';
import { writeVersion } from '../boreholes/record-repo.ts';
import type { Database } from '../db/database.ts';
import { DEMO_ACCOUNTS } from '../db/seed/seed.ts';
import { fileStore, type FileStore } from '../files/file-store.ts';
import { logsPdf } from '../files/log-pdf.ts';
import { storedRecordOf } from '../imports/stored-records.ts';
import { documentReader, processNextDocument } from './document-worker.ts';

const [, montreal] = DEMO_ACCOUNTS;
const BOREHOLE = 'MTL-BH-04';
const KEY = Buffer.from('une-clé-de-test-assez-longue-pour-signer-les-liens');

// SPT every 2 m from 1.2 m, a sample every 0.6 m, a strike, a standing level and two cores: what a
// real borehole of a firm holds, more than its drawn log lets a reading see.
const SPT = [1.2, 3.2, 5.2, 7.2];
const SAMPLES = Array.from({ length: 12 }, (_, i) => Math.round((0.3 + i * 0.6) * 100) / 100);

describe(`« Valider » merges a reading into a borehole, and never loses what it did not read, on ${testDatabaseKind}`, () => {
  let db: Database;
  let dir: string;
  let files: FileStore;
  let call: TestApp['call'];
  const reader = documentReader();
  const json = async <T>(response: Response) => ({ status: response.status, body: (await response.json()) as T });
  const record = async () =>
    (await json<BoreholeRecordView>(await call(`/api/boreholes/${BOREHOLE}/record`, { as: montreal.email }))).body;

  /** The borehole's own log, drawn by GéoSonde at `scale`, uploaded and read: a document « À vérifier ». */
  async function ownLogRead(scale: 50 | 100 | 200): Promise<{ id: string; view: ReadingView }> {
    const log = await loadBoreholeLog(db, { type: 'all' }, BOREHOLE);
    const form = new FormData();
    form.append(
      'file',
      new Blob([logsPdf([log!], scale) as BlobPart]),
      `journal-${randomBytes(3).toString('hex')}.pdf`,
    );
    const sent = await json<{ items: { id: string }[] }>(
      await call(`/api/reports?borehole=${BOREHOLE}`, { as: montreal.email, body: form }),
    );
    expect(sent.status).toBe(201);
    const id = sent.body.items[0]!.id;
    expect(await processNextDocument(db, files, reader)).toBe(id);
    const view = await json<ReadingView>(await call(`/api/reports/${id}/reading`, { as: montreal.email }));
    expect(view.status).toBe(200);
    return { id, view: view.body };
  }
  const asRead = (view: ReadingView): CheckedLog => {
    const rows = rowsOfReading(view.reading!);
    return {
      date: null,
      groundLevel: null,
      finalDepth: null,
      layers: rows.layers.map(({ origin: _, ...layer }) => layer),
      spt: rows.spt.map(({ origin: _, ...test }) => test),
      samples: rows.samples.map(({ origin: _, ...sample }) => sample),
      water: {
        strikes: rows.water.filter((row) => row.kind === 'strike').map((row) => row.depth),
        levels: rows.water.filter((row) => row.kind === 'level').map((row) => row.depth),
      },
    };
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'geosonde-merge-'));
    files = fileStore(dir);
    ({ db, call } = await createTestApp({ settings: { files, signingKey: KEY } }));
    await db.transaction(async (tx) => {
      const current = (await storedRecordOf(tx, BOREHOLE))!;
      const { record } = current;
      await writeVersion(
        tx,
        current,
        {
          ...record,
          geol: record.geol.map((layer, i) => ({ ...layer, geology: `G${i + 1}`, extra: { GEOL_STAT: 'vérifié' } })),
          ispt: SPT.map((top, i) => ({ top, n: 10 + i * 7, extra: { ISPT_REP: `${10 + i * 7}` } })),
          logs: [
            ...SAMPLES.map((top, i) => ({
              grp: 'SAMP',
              top,
              base: null,
              fields: { SAMP_TOP: String(top), SAMP_TYPE: 'CF', SAMP_REF: String(i + 1), SAMP_REM: 'sac' },
            })),
            { grp: 'WSTG', top: 2.4, base: null, fields: { WSTG_DPTH: '2.4' } },
            { grp: 'WSTD', top: null, base: null, fields: { WSTG_DPTH: '2.4', WSTD_POST: '1.9' } },
            { grp: 'CORE', top: 4, base: 5.5, fields: { CORE_TOP: '4', CORE_BASE: '5.5', CORE_PREC: '92' } },
            { grp: 'CORE', top: 5.5, base: 7, fields: { CORE_TOP: '5.5', CORE_BASE: '7', CORE_PREC: '88' } },
          ],
        },
        current.version + 1,
      );
    });
  });
  afterAll(async () => {
    await reader.close();
    await db.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('corrects what was read, keeps every SPT, sample, water and core it did not read', async () => {
    const before = await record();
    expect(before.log.spt).toHaveLength(4);
    expect(before.log.samples).toHaveLength(12);
    const { id, view } = await ownLogRead(100);
    // The screen gets what the borehole holds, to say what validating will keep.
    expect(view.borehole.stored.spt).toEqual(SPT);
    expect(view.borehole.stored.samples).toHaveLength(12);
    expect(view.borehole.stored.levels).toEqual([1.9]);

    // The person keeps one SPT of those read, deletes every sample and the water read, and corrects a base.
    const checked = asRead(view);
    expect(checked.layers.length).toBeGreaterThanOrEqual(2);
    checked.layers[0]!.base = Math.round((checked.layers[0]!.base - 0.1) * 100) / 100;
    checked.layers[1]!.top = checked.layers[0]!.base;
    checked.spt = [{ depth: 3.2, n: 59 }];
    checked.samples = [];
    checked.water = { strikes: [], levels: [] };
    const written = await json<{ version: number }>(
      await call(`/api/reports/${id}/validate`, { as: montreal.email, body: checked }),
    );
    expect(written.status).toBe(200);

    const after = await record();
    expect(after.version).toBe(before.version + 1);
    // The corrected base is in; every layer kept its geology and its other AGS fields.
    expect(after.log.layers[0]!.base).toBe(checked.layers[0]!.base);
    expect(after.log.layers).toHaveLength(before.log.layers.length);
    const current = (await storedRecordOf(db, BOREHOLE))!.record;
    expect(current.geol.map((layer) => layer.geology)).toEqual(before.log.layers.map((_, i) => `G${i + 1}`));
    expect(current.geol.every((layer) => layer.extra.GEOL_STAT === 'vérifié')).toBe(true);
    // The SPT read is corrected (its own fields kept); the three not read stay as they were.
    expect(after.log.spt).toEqual([
      { top: 1.2, n: 10, refusal: null },
      { top: 3.2, n: 59, refusal: null },
      { top: 5.2, n: 24, refusal: null },
      { top: 7.2, n: 31, refusal: null },
    ]);
    expect(current.ispt[1]!.extra).toEqual({ ISPT_REP: '17' });
    expect(after.log.samples).toHaveLength(12);
    expect(after.log.waterStrikes).toEqual([2.4]);
    expect(after.log.standingLevels).toEqual([1.9]);
    expect(current.logs.filter((row) => row.grp === 'CORE')).toHaveLength(2);
    expect(current.logs.filter((row) => row.grp === 'SAMP').every((row) => row.fields.SAMP_REM === 'sac')).toBe(true);
  });

  it('removes the stored rows a reading lacks only in the groups the person chose, and says so in the audit', async () => {
    const { id, view } = await ownLogRead(50);
    const checked = asRead(view);
    checked.samples = [{ depth: 0.3, label: 'CF 1' }];
    checked.spt = [];
    const refused = await json<{ error: string }>(
      await call(`/api/reports/${id}/validate`, {
        as: montreal.email,
        body: { ...checked, remove: ['samples', 'everything'] },
      }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('Groupe à retirer inconnu.');
    expect((await record()).log.samples).toHaveLength(12);

    const written = await json<{ version: number }>(
      await call(`/api/reports/${id}/validate`, { as: montreal.email, body: { ...checked, remove: ['samples'] } }),
    );
    expect(written.status).toBe(200);
    const after = await record();
    expect(after.log.samples.map((sample) => sample.top)).toEqual([0.3]);
    // SPT were not chosen: none read, all four kept.
    expect(after.log.spt).toHaveLength(4);
    expect((await storedRecordOf(db, BOREHOLE))!.record.logs.filter((row) => row.grp === 'CORE')).toHaveLength(2);
    const [audit] = await db.query<{ detail: { removed: string[]; unread: Record<string, number> } }>(
      `SELECT detail FROM audit_events WHERE action = 'document.validate' AND target = $1`,
      [id],
    );
    expect(audit!.detail.removed).toEqual(['samples']);
    expect(audit!.detail.unread).toMatchObject({ samples: 11, spt: 4 });
    // The version before holds the 12 samples: « Restaurer » brings them back.
    const restored = await call(`/api/boreholes/${BOREHOLE}/versions/${after.version - 1}/restore`, {
      as: montreal.email,
      body: {},
    });
    expect(restored.status).toBe(201);
    expect((await record()).log.samples).toHaveLength(12);
  });

  it('refuses to leave the borehole without layers', async () => {
    const { id, view } = await ownLogRead(200);
    const checked = { ...asRead(view), layers: [], remove: ['layers'] };
    const refused = await json<{ error: string }>(
      await call(`/api/reports/${id}/validate`, { as: montreal.email, body: checked }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/sans couches/);
    // Without removing, no layer read is fine: the stored ones stay.
    const kept = await call(`/api/reports/${id}/validate`, {
      as: montreal.email,
      body: { ...checked, remove: [] },
    });
    expect(kept.status).toBe(200);
    expect((await record()).log.layers.length).toBeGreaterThan(0);
  });
});
