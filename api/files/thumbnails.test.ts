import { createCanvas, loadImage } from '@napi-rs/canvas';
import UTIF from 'utif2';
import { jsPDF } from 'jspdf';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corePhotoPng } from '../db/seed/sample-files.ts';
import { DEMO_ACCOUNTS } from '../db/seed/seed.ts';
import { fileStore } from './file-store.ts';
import { thumbnailStore, THUMBNAIL_WIDTH } from './thumbnails.ts';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { testDatabaseKind } from '../../tests/support/test-database.ts';

const [, montreal, stjulie] = DEMO_ACCOUNTS;

interface Item {
  id: string;
  href: string;
  thumbnail: string | null;
}

/** A one-page PDF: a black block in its top-left quarter, the rest white. */
function blockPdf() {
  const pdf = new jsPDF({ unit: 'pt', format: 'a4' });
  pdf.setFillColor(0, 0, 0);
  pdf.rect(0, 0, 297, 420, 'F');
  return new Uint8Array(pdf.output('arraybuffer'));
}

/** A small TIFF (little-endian header and one empty directory): accepted, but has no picture. */
const TIFF = new Uint8Array([0x49, 0x49, 0x2a, 0x00, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0, 0, 0, 0]);

describe(`document thumbnails on ${testDatabaseKind}`, () => {
  let t: TestApp;
  let dir: string;
  const thumbs = () => readdir(join(dir, 'thumbnails')).catch(() => [] as string[]);

  const upload = async (name: string, bytes: Uint8Array) => {
    const body = new FormData();
    body.append('file', new Blob([bytes as BlobPart]), name);
    const response = await t.call('/api/reports?borehole=MTL-BH-08', { as: montreal.email, body });
    expect(response.status).toBe(201);
    return ((await response.json()) as { items: Item[] }).items[0]!;
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'geosonde-thumbs-'));
    t = await createTestApp({
      settings: { files: fileStore(join(dir, 'files')), thumbnails: thumbnailStore(join(dir, 'thumbnails')) },
    });
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('draws the first page of a PDF, 240 px wide, once', async () => {
    const item = await upload('coupe.pdf', blockPdf());
    expect(item.thumbnail).toMatch(/^\/api\/files\/MTL-BH-08-[0-9A-F]{8}\/thumbnail\?exp=\d+&sig=/);
    const response = await t.call(item.thumbnail!, { as: montreal.email });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    const bytes = Buffer.from(await response.arrayBuffer());
    const image = await loadImage(bytes);
    expect(image.width).toBe(THUMBNAIL_WIDTH);
    // A4 is 595.28 × 841.89 points.
    expect(image.height).toBe(Math.round((THUMBNAIL_WIDTH * 841.89) / 595.28));
    // Black where the page is, white elsewhere: the page itself was drawn.
    const { createCanvas } = await import('@napi-rs/canvas');
    const canvas = createCanvas(image.width, image.height);
    canvas.getContext('2d').drawImage(image, 0, 0);
    const pixel = (x: number, y: number) => [...canvas.getContext('2d').getImageData(x, y, 1, 1).data.slice(0, 3)];
    expect(Math.max(...pixel(40, 40))).toBeLessThan(40);
    expect(Math.min(...pixel(200, 300))).toBeGreaterThan(215);
    // Kept: the second answer is the same picture, not drawn again.
    expect((await thumbs()).filter((name) => name.endsWith('.webp'))).toHaveLength(1);
    const again = await t.call(item.thumbnail!, { as: montreal.email });
    expect(Buffer.from(await again.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('shows an image itself, no wider than it is', async () => {
    const png = corePhotoPng({ id: 'MTL-BH-08', horizons: [{ material: 'Argile', thickness: 2 }] } as never);
    const source = await loadImage(Buffer.from(png));
    const item = await upload('carotte.png', new Uint8Array(png));
    const picture = await loadImage(
      Buffer.from(await (await t.call(item.thumbnail!, { as: montreal.email })).arrayBuffer()),
    );
    expect(picture.width).toBe(Math.min(THUMBNAIL_WIDTH, source.width));
  });

  it('draws a scanner’s TIFF (decoded by utif2), its first page', async () => {
    // 400 × 500 pixels, black in the top-left quarter.
    const [w, h] = [400, 500];
    const rgba = new Uint8Array(w * h * 4).fill(255);
    for (let y = 0; y < h / 2; y++) rgba.fill(0, y * w * 4, (y * w + w / 2) * 4);
    for (let i = 3; i < rgba.length; i += 4) rgba[i] = 255;
    const item = await upload('scan couleur.tif', new Uint8Array(UTIF.encodeImage(rgba, w, h)));
    expect(item.thumbnail).not.toBeNull();
    const response = await t.call(item.thumbnail!, { as: montreal.email });
    expect(response.status).toBe(200);
    const picture = await loadImage(Buffer.from(await response.arrayBuffer()));
    expect(picture.width).toBe(THUMBNAIL_WIDTH);
    const canvas = createCanvas(picture.width, picture.height);
    canvas.getContext('2d').drawImage(picture, 0, 0);
    const pixel = (x: number, y: number) => canvas.getContext('2d').getImageData(x, y, 1, 1).data[0]!;
    expect([pixel(20, 20), pixel(200, 280)]).toEqual([
      expect.toBeOneOf([0, 1, 2, 3]),
      expect.toBeOneOf([255, 254, 253]),
    ]);
  });

  it('has none for a file that cannot be drawn (an empty TIFF, a broken PDF), and says so in French', async () => {
    const tiff = await upload('scan.tif', TIFF);
    const answer = await t.call(tiff.thumbnail!, { as: montreal.email });
    expect(answer.status).toBe(404);
    expect(await answer.json()).toEqual({ error: 'Pas d’aperçu pour ce document.' });
    const broken = await upload('abime.pdf', new TextEncoder().encode('%PDF-1.4\nrien de plus'));
    expect((await t.call(broken.thumbnail!, { as: montreal.email })).status).toBe(404);
    // Remembered: not tried again.
    expect((await thumbs()).some((name) => name.endsWith('.none'))).toBe(true);
  });

  it('follows the file link’s rules: a bad signature, another organisation', async () => {
    const item = await upload('plan.pdf', blockPdf().slice(0));
    expect((await t.call(item.thumbnail!.replace(/sig=[^&]+/, 'sig=AAAA'), { as: montreal.email })).status).toBe(403);
    expect((await t.call(item.thumbnail!, { as: stjulie.email })).status).toBe(404);
    expect((await t.call(item.thumbnail!)).status).toBe(401);
  });
});
