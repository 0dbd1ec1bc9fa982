import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatedLogs } from '../../bench/generated-logs.ts';
import { rowsOfReading, type CheckedLog, type ReadingView } from '../../src/domain/digitise/checked-log.ts';
import type { BoreholeRecordView, VersionEntry } from '../../src/domain/record.ts';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { testDatabaseKind } from '../../tests/support/test-database.ts';
import type { Database } from '../db/database.ts';
import { DEMO_ACCOUNTS } from '../db/seed/seed.ts';
import { fileStore, type FileStore } from '../files/file-store.ts';
import { logsPdf } from '../files/log-pdf.ts';
import { createWebhook } from '../webhooks/repo.ts';
import { documentReader, processNextDocument } from './document-worker.ts';

const [admin, montreal, stjulie] = DEMO_ACCOUNTS;
const VIEWER = 'lecteur.ocr@montreal.ca';
const KEY = Buffer.from('une-clé-de-test-assez-longue-pour-signer-les-liens');

describe(`checking a log read from a document and writing it into its borehole on ${testDatabaseKind}`, () => {
  let db: Database;
  let dir: string;
  let files: FileStore;
  let call: TestApp['call'];
  const reader = documentReader();
  // A log of its own for each upload: the same file twice on one borehole is refused.
  const logs = generatedLogs(3, 21);
  let log = logs[0];

  const json = async <T>(response: Response) => ({ status: response.status, body: (await response.json()) as T });

  /** Uploads our log of `log` to MTL-BH-04 and processes it: a document « À vérifier ». */
  async function uploadedLog(): Promise<string> {
    log = logs.shift();
    const form = new FormData();
    form.append('file', new Blob([logsPdf([log!], 100) as BlobPart]), `journal-${randomBytes(3).toString('hex')}.pdf`);
    const sent = await json<{ items: { id: string }[] }>(
      await call('/api/reports?borehole=MTL-BH-04', { as: montreal.email, body: form }),
    );
    expect(sent.status).toBe(201);
    const id = sent.body.items[0]!.id;
    expect(await processNextDocument(db, files, reader)).toBe(id);
    return id;
  }
  /** The log as read, unchanged, in the shape the screen sends. */
  const asRead = (view: ReadingView): CheckedLog => {
    const rows = rowsOfReading(view.reading!);
    return {
      date: view.reading!.date?.value ?? null,
      groundLevel: view.reading!.groundLevel?.value ?? null,
      finalDepth: view.reading!.finalDepth?.value ?? null,
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
    dir = await mkdtemp(join(tmpdir(), 'geosonde-checked-'));
    files = fileStore(dir);
    let addAccount: TestApp['addAccount'];
    ({ db, call, addAccount } = await createTestApp({ settings: { files, signingKey: KEY } }));
    await addAccount(VIEWER, 'viewer', 'Lecteur OCR');
    const [user] = await db.query<{ id: string }>(`SELECT id FROM users WHERE email = $1`, [admin.email]);
    await createWebhook(db, randomBytes(32), {
      tenantSlug: 'montreal',
      url: 'https://exemple.ca/crochet',
      events: ['dataset.ingested', 'borehole.updated'],
      userId: user!.id,
    });
  });
  afterAll(async () => {
    await reader.close();
    await db.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('gives the reading with its pages drawn, to members of the borehole’s tenant only', async () => {
    const id = await uploadedLog();
    const view = await json<ReadingView>(await call(`/api/reports/${id}/reading`, { as: montreal.email }));
    expect(view.status).toBe(200);
    expect(view.body.document).toMatchObject({ id, boreholeId: 'MTL-BH-04', status: 'review' });
    expect(view.body.source).toBe('pdf-text');
    expect(view.body.reading!.layers.map((layer) => [layer.top, layer.base])).toEqual(
      log!.layers.map((layer) => [layer.top, layer.base]),
    );
    expect(view.body.borehole.layers).toBeGreaterThan(0);
    expect(view.body.pages.length).toBeGreaterThanOrEqual(1);
    // Each page is a picture behind the file's signed link.
    const page = await call(view.body.pages[0]!, { as: montreal.email });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('image/webp');
    expect(new TextDecoder().decode(new Uint8Array(await page.arrayBuffer()).slice(8, 12))).toBe('WEBP');
    const past = view.body.pages[0]!.replace(/\/pages\/1\?/, '/pages/99?');
    expect((await call(past, { as: montreal.email })).status).toBe(404);
    expect((await call(view.body.pages[0]!.replace(/sig=[\w-]+/, 'sig=x'), { as: montreal.email })).status).toBe(403);

    expect((await call(`/api/reports/${id}/reading`)).status).toBe(401);
    expect((await call(`/api/reports/${id}/reading`, { as: stjulie.email })).status).toBe(404);
    const viewer = await json<{ error: string }>(await call(`/api/reports/${id}/reading`, { as: VIEWER }));
    expect(viewer).toEqual({
      status: 403,
      body: { error: 'Votre compte est en lecture seule : il ne peut pas vérifier de documents.' },
    });
    expect((await call(`/api/reports/inconnu/reading`, { as: montreal.email })).status).toBe(404);
  });

  it('writes the checked log as a new version with its provenance, the document « Traité », announced', async () => {
    const id = await uploadedLog();
    const view = (await json<ReadingView>(await call(`/api/reports/${id}/reading`, { as: montreal.email }))).body;
    const before = (
      await json<BoreholeRecordView>(await call('/api/boreholes/MTL-BH-04/record', { as: montreal.email }))
    ).body;
    const checked = asRead(view);
    // The person corrects a description, deletes the last layer and adds an SPT test.
    checked.layers[0]!.description = 'Remblai de sable et gravier, brun (corrigé)';
    const last = checked.layers.pop()!;
    checked.finalDepth = last.top;
    checked.spt.push({ depth: last.top - 0.5, n: 42 });
    checked.water = { strikes: [1.8], levels: [1.2, 2.5] };

    // Another borehole's log: the person chose to remove, in every group, what it does not have.
    const remove = ['layers', 'spt', 'samples', 'strikes', 'levels'];
    const written = await json<{ boreholeId: string; version: number; changed: string[] }>(
      await call(`/api/reports/${id}/validate`, { as: montreal.email, body: { ...checked, remove } }),
    );
    expect(written.status).toBe(200);
    expect(written.body).toMatchObject({ boreholeId: 'MTL-BH-04', version: before.version + 1 });
    expect(written.body.changed).toEqual(expect.arrayContaining(['geol', 'ispt', 'logs']));

    const after = (
      await json<BoreholeRecordView>(await call('/api/boreholes/MTL-BH-04/record', { as: montreal.email }))
    ).body;
    expect(after.version).toBe(before.version + 1);
    expect(after.log.layers.map((layer) => [layer.top, layer.base, layer.description])).toEqual(
      checked.layers.map((layer) => [layer.top, layer.base, layer.description]),
    );
    expect(after.log.spt).toContainEqual({ top: last.top - 0.5, n: 42, refusal: null });
    expect(after.log.depth).toBe(last.top);
    expect(after.log.waterStrikes).toEqual([1.8]);
    // The samples read (« CF 1 » at its top) are the borehole's now, as AGS SAMP rows.
    expect(checked.samples.length).toBeGreaterThan(0);
    expect(after.log.samples.map((sample) => [sample.top, `${sample.type} ${sample.ref}`])).toEqual(
      checked.samples.map((sample) => [sample.depth, sample.label]),
    );
    expect([...after.log.standingLevels].sort()).toEqual([1.2, 2.5]);
    // The text search finds the corrected description.
    const found = await json<{ items: { id: string }[] }>(
      await call('/api/boreholes?lithology=corrig%C3%A9', { as: montreal.email }),
    );
    expect(found.body.items.map((item) => item.id)).toContain('MTL-BH-04');

    // The history says where the values came from, and the version before can be brought back.
    const { versions } = (
      await json<{ versions: VersionEntry[] }>(await call('/api/boreholes/MTL-BH-04/versions', { as: montreal.email }))
    ).body;
    expect(versions[0]).toMatchObject({
      version: before.version + 1,
      checkedDocument: view.document.title,
      author: montreal.displayName,
    });
    expect(versions[1]).toMatchObject({ version: before.version, restorable: true });

    // The document is done; checking it again is refused, and nothing is written twice.
    const library = await json<{ items: { id: string; status: string; statusReason: string }[] }>(
      await call('/api/reports?ids=MTL-BH-04', { as: montreal.email }),
    );
    expect(library.body.items.find((item) => item.id === id)).toMatchObject({
      status: 'ready',
      statusReason: `Vérifié et versé au forage MTL-BH-04 (version ${before.version + 1}).`,
    });
    const again = await json<{ error: string }>(
      await call(`/api/reports/${id}/validate`, { as: montreal.email, body: checked }),
    );
    expect(again.status).toBe(409);
    expect(again.body.error).toMatch(/n’attend pas de vérification/);

    // Announced in the same transaction: the data written and the borehole changed.
    const events = await db.query<{ type: string; body: string }>(
      `SELECT type, body FROM webhook_events WHERE type IN ('dataset.ingested', 'borehole.updated')`,
    );
    expect(events.map((event) => [event.type, (JSON.parse(event.body) as { data: unknown }).data]).sort()).toEqual([
      [
        'borehole.updated',
        expect.objectContaining({ borehole_id: 'MTL-BH-04', version: before.version + 1, document_id: id }),
      ],
      [
        'dataset.ingested',
        {
          document_id: id,
          borehole_id: 'MTL-BH-04',
          tenant: 'montreal',
          source: 'ocr',
          version: before.version + 1,
          layers: checked.layers.length,
          spt: checked.spt.length,
        },
      ],
    ]);
    // The audit keeps it, and what the person validated is kept beside what was read.
    const [audit] = await db.query(`SELECT * FROM audit_events WHERE action = 'document.validate' AND target = $1`, [
      id,
    ]);
    expect(audit).toBeDefined();
    const [job] = await db.query<{ checked: CheckedLog }>('SELECT checked FROM document_jobs WHERE report_id = $1', [
      id,
    ]);
    expect(job!.checked.layers[0]!.description).toBe('Remblai de sable et gravier, brun (corrigé)');
  });

  it('refuses, in French and without writing anything, a log that does not hold together', async () => {
    const id = await uploadedLog();
    const view = (await json<ReadingView>(await call(`/api/reports/${id}/reading`, { as: montreal.email }))).body;
    const versionBefore = (
      await db.query<{ version: number }>(`SELECT version FROM boreholes WHERE id = 'MTL-BH-04'`)
    )[0]!.version;
    const good = asRead(view);
    const cases: [string, unknown, RegExp][] = [
      [
        'a base above its top',
        { ...good, layers: [{ ...good.layers[0]!, base: good.layers[0]!.top }] },
        /Couche 1 : la base/,
      ],
      [
        'overlapping layers',
        { ...good, layers: [good.layers[0]!, { ...good.layers[1]!, top: good.layers[0]!.top }] },
        /Couche 2 : elle commence/,
      ],
      ['no layer, and those stored removed', { ...good, layers: [], remove: ['layers'] }, /sans couches/],
      [
        'an empty description',
        { ...good, layers: [{ ...good.layers[0]!, description: '  ' }] },
        /description est vide/,
      ],
      ['a broken N', { ...good, spt: [{ depth: 1, n: 2.5 }] }, /N doit être un nombre entier/],
      ['a final depth above the last base', { ...good, finalDepth: 0.1 }, /profondeur finale/],
      ['a day that is not one', { ...good, date: '2026-02-30' }, /date de début/i],
      ['a depth as text', { ...good, layers: [{ ...good.layers[0]!, top: '1,2' }] }, /nombre de mètres/],
      ['no body', 'null', /Le journal vérifié est attendu/],
      ['a NUL character', { ...good, layers: [{ ...good.layers[0]!, description: 'a\u0000b' }] }, /caractère interdit/],
      ['a lone surrogate', `{"date":null,"layers":[{"description":"\\ud800"}]}`, /caractère interdit/],
      [
        'too many layers',
        {
          ...good,
          layers: Array.from({ length: 201 }, (_, i) => ({ top: i, base: i + 1, legend: '', description: 'x' })),
        },
        /200 couches au plus/,
      ],
    ];
    for (const [what, body, message] of cases) {
      const answer = await json<{ error: string }>(
        await call(`/api/reports/${id}/validate`, { as: montreal.email, body }),
      );
      expect([what, answer.status]).toEqual([what, 400]);
      expect([what, answer.body.error]).toEqual([what, expect.stringMatching(message)]);
    }
    expect((await call(`/api/reports/${id}/validate`, { as: VIEWER, body: good })).status).toBe(403);
    expect((await call(`/api/reports/${id}/validate`, { as: stjulie.email, body: good })).status).toBe(404);
    const [after] = await db.query<{ version: number }>(`SELECT version FROM boreholes WHERE id = 'MTL-BH-04'`);
    expect(after!.version).toBe(versionBefore);
    const [document] = await db.query<{ status: string }>('SELECT status FROM reports WHERE id = $1', [id]);
    expect(document!.status).toBe('review');
  });
});
