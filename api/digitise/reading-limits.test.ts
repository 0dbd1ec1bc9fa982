import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jsPDF } from 'jspdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabaseKind } from '../../tests/support/test-database.ts';
import type { Database } from '../db/database.ts';
import { seedDemo } from '../db/seed/seed.ts';
import { fileStore, type FileStore } from '../files/file-store.ts';
import { insertDocuments } from '../reports/repo.ts';
import { documentReader, processNextDocument } from './document-worker.ts';
import { pdfPageImages } from './raster.ts';
import { READING_LIMITS } from './reading-limits.ts';
import { jpegSize, pngSize } from './tiff-size.ts';

/** A PDF of `pages` blank letter pages (3,000 pages: 364 KB), or of one page `points` wide and high. */
function blankPdf(pages: number, points?: number): Uint8Array {
  const pdf = points ? new jsPDF({ unit: 'pt', format: [points, points] }) : new jsPDF({ format: 'letter' });
  for (let i = 1; i < pages; i++) pdf.addPage();
  return new Uint8Array(pdf.output('arraybuffer'));
}

/** The 24 first bytes of a PNG of `width` × `height`: all its size needs. */
function pngHeader(width: number, height: number): Uint8Array {
  const bytes = new Uint8Array(33);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  return bytes;
}

/** A JPEG's start and a baseline frame header (SOF0) of `width` × `height`. */
function jpegHeader(width: number, height: number): Uint8Array {
  const bytes = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0, 0xff, 0xc0, 0, 11, 8, 0, 0, 0, 0, 1, 1, 0x11, 0]);
  const view = new DataView(bytes.buffer);
  view.setUint16(13, height);
  view.setUint16(15, width);
  return bytes;
}

describe('the sizes of pictures, from their headers alone', () => {
  it('reads PNG and JPEG sizes without decoding a pixel', () => {
    expect(pngSize(pngHeader(100_000, 100_000))).toEqual({ width: 100_000, height: 100_000 });
    expect(jpegSize(jpegHeader(2550, 3300))).toEqual({ width: 2550, height: 3300 });
    expect(pngSize(new TextEncoder().encode('%PDF-1.7'))).toBeNull();
    expect(jpegSize(new Uint8Array([0xff, 0xd8, 0x00]))).toBeNull();
  });
});

describe(`documents past the reading's limits, on ${testDatabaseKind}`, () => {
  let db: Database;
  let dir: string;
  let files: FileStore;
  const reader = documentReader();

  beforeAll(async () => {
    db = await openTestDatabase();
    await seedDemo(db);
    dir = await mkdtemp(join(tmpdir(), 'geosonde-reading-limits-'));
    files = fileStore(dir);
  });
  afterAll(async () => {
    await reader.close();
    await db.close();
    await rm(dir, { recursive: true, force: true });
  });

  async function upload(bytes: Uint8Array, mime: string, borehole = 'MTL-BH-01') {
    const id = `${borehole}-${randomBytes(4).toString('hex').toUpperCase()}`;
    await insertDocuments(db, borehole, '2026-11-27', [
      {
        id,
        title: id,
        kind: mime === 'application/pdf' ? 'pdf' : 'image',
        mime,
        storageKey: await files.put(bytes),
        size: bytes.length,
        sha256: randomBytes(32).toString('hex'),
      },
    ]);
    return id;
  }
  const outcome = async (id: string) =>
    (
      await db.query<{ status: string; reason: string | null; attempts: number }>(
        `SELECT r.status, r.status_reason AS reason, j.attempts FROM reports r
         JOIN document_jobs j ON j.report_id = r.id WHERE r.id = $1`,
        [id],
      )
    )[0]!;

  it('draws only the pages OCR reads of a PDF of 3,000 blank pages, and is done in one try', async () => {
    const pdf = blankPdf(3000);
    expect(await pdfPageImages(pdf, 72, READING_LIMITS.ocrPages)).toHaveLength(READING_LIMITS.ocrPages);
    const id = await upload(pdf, 'application/pdf');
    expect(await processNextDocument(db, files, reader)).toBe(id);
    expect(await outcome(id)).toMatchObject({ status: 'ready', attempts: 1 });
  });

  it('fails at once, naming the limit, on a PDF page of 14,400 pt and on pictures of 100,000² pixels', async () => {
    const cases: [Uint8Array, string, RegExp][] = [
      [
        blankPdf(1, 14_400),
        'application/pdf',
        /^Le fichier n’a pas pu être lu : la page 1, à 300 ppp, fait 60 000 × 60 000 pixels/,
      ],
      [
        pngHeader(100_000, 100_000),
        'image/png',
        /^Le fichier n’a pas pu être lu : l’image fait 100 000 × 100 000 pixels/,
      ],
      [
        jpegHeader(60_000, 60_000),
        'image/jpeg',
        /l’image fait 60 000 × 60 000 pixels \(3 600 millions\) ; la lecture en accepte au plus 70 millions/,
      ],
    ];
    for (const [bytes, mime, reason] of cases) {
      const id = await upload(bytes, mime);
      expect(await processNextDocument(db, files, reader)).toBe(id);
      const { status, reason: said, attempts } = await outcome(id);
      expect([mime, status, attempts]).toEqual([mime, 'failed', 1]);
      expect(said!.replace(/[\u00a0\u202f]/g, ' ')).toMatch(reason);
    }
  });

  it('takes the tenants in turn: the one served least recently goes first', async () => {
    // Montréal was just served; then it sends three documents, and Sainte-Julie one after them.
    const served = await upload(blankPdf(1), 'application/pdf');
    expect(await processNextDocument(db, files, reader)).toBe(served);
    const montreal = [await upload(blankPdf(1), 'application/pdf'), await upload(blankPdf(1), 'application/pdf')];
    montreal.push(await upload(blankPdf(1), 'application/pdf'));
    const stjulie = await upload(blankPdf(1), 'application/pdf', 'SJ-BH-01');
    const order: (string | null)[] = [];
    for (let i = 0; i < 4; i++) order.push(await processNextDocument(db, files, reader));
    expect(order).toEqual([stjulie, ...montreal]);
  });
});
