import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatedLogs } from '../../bench/generated-logs.ts';
import type { LogReading } from '../../src/domain/digitise/extract-log.ts';
import { openTestDatabase, testDatabaseKind } from '../../tests/support/test-database.ts';
import type { Database } from '../db/database.ts';
import { insertDocuments, listReports } from '../reports/repo.ts';
import { corePhotoPng } from '../db/seed/sample-files.ts';
import { seedDemo } from '../db/seed/seed.ts';
import { fileStore, type FileStore } from '../files/file-store.ts';
import { logsPdf } from '../files/log-pdf.ts';
import { pdfPageImages } from './raster.ts';
import { createWebhook } from '../webhooks/repo.ts';
import { documentReader, NOTHING_READ, processNextDocument } from './document-worker.ts';

describe(`the documents' processing queue on ${testDatabaseKind}`, () => {
  let db: Database;
  let dir: string;
  let files: FileStore;
  const ocr = documentReader();

  beforeAll(async () => {
    db = await openTestDatabase();
    await seedDemo(db);
    dir = await mkdtemp(join(tmpdir(), 'geosonde-documents-'));
    files = fileStore(dir);
  });
  afterAll(async () => {
    await ocr.close();
    await db.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** Uploads a file to MTL-BH-01 as the routes do (the document and its job in one transaction). */
  async function upload(bytes: Uint8Array, mime: string) {
    const id = `MTL-BH-01-${randomBytes(4).toString('hex').toUpperCase()}`;
    const storageKey = await files.put(bytes);
    await insertDocuments(db, 'MTL-BH-01', '2026-11-26', [
      {
        id,
        title: id,
        kind: mime === 'application/pdf' ? 'pdf' : 'image',
        mime,
        storageKey,
        size: bytes.length,
        sha256: randomBytes(32).toString('hex'),
      },
    ]);
    return id;
  }
  const stateOf = async (id: string) => {
    const [row] = await db.query<{ status: string; reason: string | null; state: string; reading: unknown }>(
      `SELECT r.status, r.status_reason AS reason, j.state, j.reading
       FROM reports r JOIN document_jobs j ON j.report_id = r.id WHERE r.id = $1`,
      [id],
    );
    return row!;
  };

  it('reads a log PDF by its own text: « À vérifier », with every layer and where it was read', async () => {
    const [log] = generatedLogs(1, 11);
    const id = await upload(logsPdf([log!], 100), 'application/pdf');
    expect(await stateOf(id)).toMatchObject({ status: 'processing', state: 'queued' });
    expect(await processNextDocument(db, files, ocr)).toBe(id);
    const done = await stateOf(id);
    expect(done).toMatchObject({ status: 'review', reason: null, state: 'done' });
    const { source, reading } = done.reading as { source: string; reading: LogReading };
    expect(source).toBe('pdf-text');
    expect(reading.boreholeId?.value).toBe(log!.id);
    expect(reading.layers.map((layer) => [layer.top, layer.base])).toEqual(
      log!.layers.map((layer) => [layer.top, layer.base]),
    );
    expect(reading.layers[0]!.description.box.width).toBeGreaterThan(0);
    // The library says so.
    const { items } = await listReports(db, { scope: { type: 'all' }, filters: {}, reportIds: [id] });
    expect(items).toMatchObject([{ id, status: 'review', statusReason: null }]);
    // Nothing else waits.
    expect(await processNextDocument(db, files, ocr)).toBeNull();
  });

  it('reads a scanned log sent as a PNG by OCR: « À vérifier », its layers read', async () => {
    const [log] = generatedLogs(1, 14);
    const [page] = await pdfPageImages(logsPdf([log!], 100), 300);
    // As a scanner writes it: a pHYs chunk of 300 dpi (11,811 pixels a metre) before the image data.
    const idat = page!.png.indexOf('IDAT') - 4;
    const phys = Buffer.alloc(21);
    phys.writeUInt32BE(9, 0);
    phys.write('pHYs', 4, 'ascii');
    phys.writeUInt32BE(11_811, 8);
    phys.writeUInt32BE(11_811, 12);
    phys.writeUInt8(1, 16);
    phys.writeUInt32BE(crc32(phys.subarray(4, 17)), 17);
    const png = Buffer.concat([page!.png.subarray(0, idat), phys, page!.png.subarray(idat)]);
    const id = await upload(png, 'image/png');
    expect(await processNextDocument(db, files, ocr)).toBe(id);
    const done = await stateOf(id);
    expect(done).toMatchObject({ status: 'review', state: 'done' });
    const { source, reading } = done.reading as { source: string; reading: LogReading };
    expect(source).toBe('ocr');
    expect(reading.boreholeId?.value).toBe(log!.id);
    expect(reading.layers.map((layer) => [layer.top, layer.base])).toEqual(
      log!.layers.map((layer) => [layer.top, layer.base]),
    );
  }, 30_000);

  it('reads a photo by OCR and, finding no log in it, marks it « Traité » and says why', async () => {
    const id = await upload(corePhotoPng({ id: 'MTL-BH-01', horizons: [] } as never), 'image/png');
    expect(await processNextDocument(db, files, ocr)).toBe(id);
    const done = await stateOf(id);
    expect(done).toMatchObject({ status: 'ready', reason: NOTHING_READ, state: 'done' });
    expect((done.reading as { source: string }).source).toBe('ocr');
  }, 30_000);

  it('fails at once, saying why in French, on a file that is no readable PDF, and announces it', async () => {
    const [admin] = await db.query<{ id: string }>(`SELECT id FROM users WHERE email = 'admin@geosonde.ca'`);
    await createWebhook(db, randomBytes(32), {
      tenantSlug: 'montreal',
      url: 'https://exemple.ca/crochet',
      events: ['ocr.failed'],
      userId: admin!.id,
    });
    const id = await upload(new TextEncoder().encode('%PDF-1.7\nce fichier est abîmé'), 'application/pdf');
    expect(await processNextDocument(db, files, ocr)).toBe(id);
    const reason = 'Le fichier n’a pas pu être lu : ce n’est pas un PDF lisible.';
    expect(await stateOf(id)).toMatchObject({ status: 'failed', reason, state: 'failed' });
    // The webhook `ocr.failed`, written with the failure (the outbox), for Montréal's subscription.
    const events = await db.query<{ body: string }>(`SELECT body FROM webhook_events WHERE type = 'ocr.failed'`);
    expect(events.map((event) => (JSON.parse(event.body) as { data: unknown }).data)).toEqual([
      { document_id: id, borehole_id: 'MTL-BH-01', tenant: 'montreal', reason },
    ]);
  });

  it('takes up again a job whose worker died (its lease over), never one another worker holds', async () => {
    const [log] = generatedLogs(1, 12);
    const id = await upload(logsPdf([log!], 100), 'application/pdf');
    // Another worker holds it: nothing to do here.
    await db.query(
      `UPDATE document_jobs SET state = 'running', attempts = 1, locked_until = now() + interval '5 minutes' WHERE report_id = $1`,
      [id],
    );
    expect(await processNextDocument(db, files, ocr)).toBeNull();
    // That worker was killed: its lease runs out, and the job is done here.
    await db.query(`UPDATE document_jobs SET locked_until = now() - interval '1 second' WHERE report_id = $1`, [id]);
    expect(await processNextDocument(db, files, ocr)).toBe(id);
    expect(await stateOf(id)).toMatchObject({ status: 'review', state: 'done' });
  });

  it('keeps the lease of a job it reads for longer than the lease, so that no other worker takes it', async () => {
    const [log] = generatedLogs(1, 13);
    const id = await upload(logsPdf([log!], 100), 'application/pdf');
    // A reading paused by the server's requests, as long as two and a half leases of a second.
    const slow = {
      read: async (bytes: Uint8Array, mime: string) => {
        await new Promise((resolve) => setTimeout(resolve, 2500));
        return ocr.read(bytes, mime);
      },
      close: async () => {},
    };
    const reading = processNextDocument(db, files, slow, { leaseSeconds: 1 });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await processNextDocument(db, files, ocr, { leaseSeconds: 1 })).toBeNull();
    expect(await reading).toBe(id);
    expect(await stateOf(id)).toMatchObject({ status: 'review', state: 'done' });
  });

  it('starts the job again for a new file, and a reading of the old file is not kept', async () => {
    const [first, second] = generatedLogs(2, 13);
    const id = await upload(logsPdf([first!], 100), 'application/pdf');
    // The job is claimed for the first file; meanwhile the file is replaced (a new job, queued).
    await db.query(
      `UPDATE document_jobs SET state = 'running', locked_until = now() + interval '5 minutes' WHERE report_id = $1`,
      [id],
    );
    const key = await files.put(logsPdf([second!], 100));
    await db.transaction(async (tx) => {
      const { replaceDocumentFile } = await import('../reports/repo.ts');
      await replaceDocumentFile(
        tx,
        { id, storageKey: null } as never,
        { kind: 'pdf', mime: 'application/pdf', storageKey: key, size: 1, sha256: randomBytes(32).toString('hex') },
        '2026-11-26',
      );
    });
    expect(await stateOf(id)).toMatchObject({ status: 'processing', state: 'queued' });
    expect(await processNextDocument(db, files, ocr)).toBe(id);
    const { reading } = (await stateOf(id)).reading as { reading: LogReading };
    expect(reading.boreholeId?.value).toBe(second!.id);
  });
});
