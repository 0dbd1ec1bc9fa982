import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatedLogs } from '../../bench/generated-logs.ts';
import { readLog } from '../../src/domain/digitise/extract-log.ts';
import { tiffFile } from '../../tests/support/tiff-file.ts';
import { logsPdf } from '../files/log-pdf.ts';
import { UnreadableFile, wordsOf } from './document-words.ts';
import { greysOf, pictureOf } from './page-pixels.ts';
import { openOcr, type OcrReader } from './ocr-words.ts';
import { pdfPageImages } from './raster.ts';

// A scanner's usual file: a TIFF, often of several pages. Skia cannot decode TIFF; before its pages
// were decoded here, every TIFF sent for reading failed (« Unsupported image type »).
describe('reading a scanned TIFF by OCR', () => {
  let ocr: OcrReader;
  beforeAll(async () => {
    ocr = await openOcr();
  });
  afterAll(() => ocr.close());

  it('reads every page of a TIFF of two pages, each word with its page', async () => {
    const logs = generatedLogs(2, 31);
    const pages = [];
    for (const log of logs) {
      const [page] = await pdfPageImages(logsPdf([log], 100), 300);
      const picture = await pictureOf(page!.png);
      pages.push({ ...picture, greys: greysOf(picture) });
    }
    const { words, ocr: byOcr } = await wordsOf(tiffFile(pages), 'image/tiff', () => Promise.resolve(ocr));
    expect(byOcr).toBe(true);
    const [first, second] = [1, 2].map((page) => readLog(words.filter((word) => word.page === page)));
    expect([first!.boreholeId?.value, second!.boreholeId?.value]).toEqual(logs.map((log) => log.id));
    expect(second!.layers.map((layer) => [layer.top, layer.base])).toEqual(
      logs[1]!.layers.map((layer) => [layer.top, layer.base]),
    );
  }, 40_000);

  it('refuses, before decoding anything, a TIFF whose second page is past the pixels’ limit', async () => {
    const small = { width: 10, height: 10, greys: new Uint8Array(100).fill(255) };
    const file = tiffFile([small, { width: 60_000, height: 60_000 }]);
    const read = wordsOf(file, 'image/tiff', () => Promise.reject(new Error('OCR should not start')));
    await expect(read).rejects.toThrow(UnreadableFile);
    await expect(read).rejects.toThrow(/la page 2 de l’image fait 60.000 × 60.000 pixels/);
  });

  it('refuses in French, before OCR starts, a TIFF whose directory claims 4 billion values', async () => {
    const file = tiffFile([{ width: 10, height: 10, greys: new Uint8Array(100) }]);
    // The first entry of the first directory (ImageWidth, after UTIF's header) made to claim them.
    const view = new DataView(file.buffer);
    const little = file[0] === 0x49;
    view.setUint32(view.getUint32(4, little) + 2 + 4, 0xffff_ffff, little);
    const read = wordsOf(file, 'image/tiff', () => Promise.reject(new Error('OCR should not start')));
    await expect(read).rejects.toThrow(UnreadableFile);
    await expect(read).rejects.toThrow('une valeur de l’image TIFF sort du fichier.');
  });

  it('says a file that is not a TIFF after all cannot be read', async () => {
    const read = wordsOf(Buffer.from('II*\0garbage'), 'image/tiff', () => Promise.resolve(ocr));
    await expect(read).rejects.toThrow(UnreadableFile);
  });
});
