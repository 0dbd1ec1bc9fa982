import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatedLogs } from '../../bench/generated-logs.ts';
import { scanned } from '../../bench/other-layouts.ts';
import { readLog } from '../../src/domain/digitise/extract-log.ts';
import type { Box } from '../../src/domain/digitise/words.ts';
import { logsPdf } from '../files/log-pdf.ts';
import { pictureOf } from './page-pixels.ts';
import { openOcr, type OcrReader } from './ocr-words.ts';
import { pdfWords } from './pdf-words.ts';
import { pdfPageImages } from './raster.ts';

// Apart from ocr-words.test.ts: each file reads pages by OCR, and two such files side by side on
// two cores took the pair past a file's time budget (docs/testing.md).
describe('OCR of a log scanned askew (tesseract.js)', () => {
  let ocr: OcrReader;
  beforeAll(async () => {
    ocr = await openOcr();
  });
  afterAll(() => ocr.close());

  it('boxes the values of a page scanned askew where they stand on the picture, not on the page put straight', async () => {
    const [log] = generatedLogs(1, 11);
    const pdf = logsPdf([log!], 100);
    const [straight] = await pdfPageImages(pdf, 300);
    const skew = 1.3;
    const page = await scanned(straight!, { skew, noise: 0, blur: 0, quality: 0 }, 1);
    const reading = readLog(await ocr.words(await pictureOf(page.png, page.dpi), 1));
    // Where each value stands on the straight page (the PDF's own words), turned as the scan was.
    const truth = readLog((await pdfWords(pdf)).words);
    const turned = (box: Box) => {
      const [w, h] = [page.width, page.height];
      const [x, y] = [(box.x + box.width / 2) * w - w / 2, (box.y + box.height / 2) * h - h / 2];
      const angle = (skew * Math.PI) / 180;
      return [x * Math.cos(angle) - y * Math.sin(angle) + w / 2, x * Math.sin(angle) + y * Math.cos(angle) + h / 2];
    };
    const centre = (box: Box) => [(box.x + box.width / 2) * page.width, (box.y + box.height / 2) * page.height];
    const pairs = [
      [reading.boreholeId, truth.boreholeId],
      [reading.finalDepth, truth.finalDepth],
      [reading.layers.at(-1)?.baseLabel ?? null, truth.layers.at(-1)?.baseLabel ?? null],
    ] as const;
    for (const [read, real] of pairs) {
      expect(read?.value).toEqual(real?.value);
      const [[x, y], [ex, ey]] = [centre(read!.box), turned(real!.box)];
      // Within 6 px (0.5 mm at 300 dpi); the page put straight would be 10 to 30 px off here.
      expect({ value: read!.value, off: Math.hypot(x! - ex!, y! - ey!) < 6 }).toEqual({
        value: read!.value,
        off: true,
      });
    }
  }, 60_000);
});
