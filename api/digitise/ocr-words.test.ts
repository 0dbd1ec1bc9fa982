import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatedLogs } from '../../bench/generated-logs.ts';
import { readLog } from '../../src/domain/digitise/extract-log.ts';
import { scoreReading } from '../../src/domain/digitise/score.ts';
import { logsPdf } from '../files/log-pdf.ts';
import { pictureOf } from './page-pixels.ts';
import { openOcr, type OcrReader } from './ocr-words.ts';
import { pdfPageImages } from './raster.ts';

describe('OCR of a log drawn as an image (tesseract.js, French and English from npm)', () => {
  let ocr: OcrReader;
  beforeAll(async () => {
    ocr = await openOcr();
  });
  afterAll(() => ocr.close());

  it('reads scanned pages: the header (id, day, coordinates, ground level, final depth) and the layers', async () => {
    for (const log of generatedLogs(3)) {
      const [page] = await pdfPageImages(logsPdf([log], 100), 300);
      const words = await ocr.words(await pictureOf(page!.png, page!.dpi), 1);
      const reading = readLog(words);
      expect({ id: log.id, header: scoreReading(reading, log).header.right }).toEqual({
        id: log.id,
        header: [log.id, log.date, log.groundLevel, log.original ?? log.lat].filter((field) => field !== null).length,
      });
      expect(reading.finalDepth?.value).toBe(log.depth);
      // The body too: every layer, within 0.1 m.
      const score = scoreReading(reading, log);
      expect({ id: log.id, layers: score.layers.right }).toEqual({ id: log.id, layers: log.layers.length });
      // Boxes are fractions of the page: the title is drawn 10–15 mm from the top of 297 mm, left.
      expect(reading.boreholeId!.box.y).toBeGreaterThan(0.03);
      expect(reading.boreholeId!.box.y + reading.boreholeId!.box.height).toBeLessThan(0.07);
      expect(reading.boreholeId!.box.x).toBeGreaterThan(0.2);
      expect(reading.boreholeId!.box.x + reading.boreholeId!.box.width).toBeLessThan(0.5);
    }
  }, 60_000);
});
