import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatedLogs } from '../../bench/generated-logs.ts';
import { flawsFor, otherLayoutPages, scanned } from '../../bench/other-layouts.ts';
import { readLog } from '../../src/domain/digitise/extract-log.ts';
import { scoreReading } from '../../src/domain/digitise/score.ts';
import { wordsOf } from './document-words.ts';
import { imageDpi } from './image-dpi.ts';
import { pictureOf } from './page-pixels.ts';
import { openOcr, type OcrReader } from './ocr-words.ts';

// Forms filled by hand (bench/other-layouts.ts), scanned as the bench scans them: the cases where
// the grey reading alone went wrong. Apart from other-layouts.test.ts, each file within its budget.
describe('reading hand-filled forms scanned', () => {
  let ocr: OcrReader;
  beforeAll(async () => {
    ocr = await openOcr();
  });
  afterAll(() => ocr.close());
  const all = (count: number) => ({ right: count, read: count, truth: count });

  /** The `index`-th form of a tuning seed, its one page scanned as the bench scans it. */
  const scannedForm = async (seed: number, index: number, dpi: number) => {
    const form = generatedLogs(index + 1, seed)[index]!;
    const [page] = await otherLayoutPages('formulaire', form, dpi);
    return { form, image: await scanned(page!, flawsFor(index * 3), index * 31 + 1) };
  };

  it('reads the digits a hand wrote on a form scanned at 200 dpi, in black and white', async () => {
    // A form whose grey scan OCR reads « 20% » for « 1,67 » and « 12,49 » for « 12,19 » (2 layers
    // of 6 right); in black and white, Tesseract is surer of it and reads every depth.
    const { form, image } = await scannedForm(781, 1, 200);
    const words = await ocr.words(await pictureOf(image.png, image.dpi), 1);
    expect(scoreReading(readLog(words), form).layers).toEqual(all(form.layers.length));
  }, 60_000);

  it('reads a depth that only the black-and-white reading got right, by a vote word by word', async () => {
    // The grey reading of this 300-dpi scan, which Tesseract is as sure of as the black and white
    // one (91.8 against 91.5), reads « 1,30 » for the hand's « 1,50 » (89 sure of it); the black and
    // white reads « 1,50 », 96 sure: the vote takes it, and both layers are right (none without).
    const { form, image } = await scannedForm(786, 6, 300);
    const words = await ocr.words(await pictureOf(image.png, image.dpi), 1);
    expect(scoreReading(readLog(words), form).layers).toEqual(all(form.layers.length));
  }, 60_000);

  it('reads a scan sent as a PNG that says no resolution, at the one its page size gives', async () => {
    // The first form above, uploaded as the PNG a phone app writes (no pHYs): at Tesseract's own
    // guess (271 dpi) 2 layers of 6 are right; at the 200 dpi its Letter page gives, with the
    // clean-up of a coarse scan, all 6.
    const { form, image } = await scannedForm(781, 1, 200);
    expect(imageDpi(image.png, 'image/png')).toBeNull();
    const read = await wordsOf(image.png, 'image/png', () => Promise.resolve(ocr));
    expect(scoreReading(readLog(read.words), form).layers).toEqual(all(form.layers.length));
  }, 60_000);
});
