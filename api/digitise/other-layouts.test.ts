import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatedLogs } from '../../bench/generated-logs.ts';
import { otherLayoutPages, scanned, type Layout } from '../../bench/other-layouts.ts';
import { readLog } from '../../src/domain/digitise/extract-log.ts';
import { scoreReading } from '../../src/domain/digitise/score.ts';
import type { Word } from '../../src/domain/digitise/words.ts';
import { pictureOf } from './page-pixels.ts';
import { confidenceOf, linesOfTsv, openOcr, skewOf, straighten, type OcrReader } from './ocr-words.ts';

// Logs set out otherwise than ours, read by OCR: a consultant's table and a form filled by hand
// (bench/other-layouts.ts), clean and as a skewed, specked, blurred JPEG scan at 200 dpi. Hand-filled
// forms scanned as the bench scans them: scanned-forms.test.ts.
describe('reading logs of other layouts by OCR', () => {
  let ocr: OcrReader;
  beforeAll(async () => {
    ocr = await openOcr();
  });
  afterAll(() => ocr.close());
  const [log] = generatedLogs(1, 424242);

  const read = async (layout: Layout, dpi: number, flaws = false) => {
    const words: Word[] = [];
    for (const [i, page] of (await otherLayoutPages(layout, log!, dpi)).entries()) {
      const image = flaws ? await scanned(page, { skew: 1.8, noise: 0.003, blur: 0.5, quality: 65 }, i + 1) : page;
      words.push(...(await ocr.words(await pictureOf(image.png, image.dpi), i + 1)));
    }
    return scoreReading(readLog(words), log!);
  };
  const all = (count: number) => ({ right: count, read: count, truth: count });

  it('reads a table of layers « De / À / Description » and its table of SPT tests', async () => {
    const score = await read('tableau', 300);
    expect(score.layers).toEqual(all(log!.layers.length));
    expect(score.spt).toEqual(all(log!.spt.filter((test) => test.n !== null).length));
    expect(score.header.right).toBe(score.header.truth);
  }, 60_000);

  it('reads a hand-filled form whose headings, white on black, OCR does not see', async () => {
    const score = await read('formulaire', 300);
    // Every row read; the hand's « 8,20 », read « 5,20 », is put right by the order of the bases.
    expect(score.layers).toEqual(all(log!.layers.length));
    expect(score.spt.right).toBeGreaterThanOrEqual(score.spt.truth - 1);
  }, 60_000);

  it('reads a table scanned askew (1.8°) at 200 dpi, specked, blurred and saved as JPEG', async () => {
    const score = await read('tableau', 200, true);
    expect(score.layers).toEqual(all(log!.layers.length));
  }, 60_000);
});

describe('a page scanned askew', () => {
  it('is measured by the median slope of its long lines, short ones left out', () => {
    const slope = Math.tan((2 * Math.PI) / 180);
    const lines = [0, 1, 2, 3].map((i) => ({ x0: 100, y0: 100 * i, x1: 1100, y1: 100 * i + 1000 * slope }));
    expect(skewOf([...lines, { x0: 0, y0: 0, x1: 40, y1: 30 }]) * (180 / Math.PI)).toBeCloseTo(2, 5);
    expect(skewOf(lines.slice(0, 2))).toBe(0);
  });

  it('puts two words of one slanted line back on one height', () => {
    const angle = (2 * Math.PI) / 180;
    const turn = straighten(angle, 500, 500);
    const [, left] = turn(100, 500 + (100 - 500) * Math.tan(angle));
    const [, right] = turn(900, 500 + (900 - 500) * Math.tan(angle));
    expect(Math.abs(left - right)).toBeLessThan(0.5);
    expect(straighten(0.0001, 0, 0)(3, 4)).toEqual([3, 4]);
  });
});

describe('a page in black and white', () => {
  it('is kept when the engine is surer of its words: their mean confidence', () => {
    const tsv = [
      'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext',
      '5\t1\t1\t1\t1\t1\t10\t10\t40\t12\t90\tArgile',
      '5\t1\t1\t1\t1\t2\t60\t10\t30\t12\t70\tgrise',
    ].join('\n');
    expect(confidenceOf(linesOfTsv(tsv))).toBe(80);
    expect(confidenceOf([])).toBe(0);
  });
});
