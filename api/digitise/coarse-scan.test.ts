import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coteLayoutPages } from '../../bench/cote-layout.ts';
import { generatedLogs } from '../../bench/generated-logs.ts';
import { flawsFor, scanned } from '../../bench/other-layouts.ts';
import { readLog } from '../../src/domain/digitise/extract-log.ts';
import { wordsOf } from './document-words.ts';
import { openOcr, type OcrReader } from './ocr-words.ts';

// A log of another firm (« cote », bench/cote-layout.ts) scanned at 200 dpi, tilted, specked, blurred
// and saved as JPEG, as the bench makes its degraded scans. The median that takes a coarse scan's
// specks off before it is enlarged also erased most of its column « N ou RQD »: small bold figures
// beside each sample's boxed symbol. OCR found 4 of its 10 N, and no N at all on three of the
// reglage set's four 200-dpi logs.
describe('a log scanned at 200 dpi', () => {
  let ocr: OcrReader;
  beforeAll(async () => {
    ocr = await openOcr();
  });
  afterAll(() => ocr.close());

  it('has the N of its first page read, those the cleaning of the scan erased too', async () => {
    const log = generatedLogs(8, 20261126)[1]!;
    const [page] = await coteLayoutPages(log, 200);
    const scan = await scanned(page!, flawsFor(3), 32);
    const { words } = await wordsOf(scan.png, 'image/png', () => Promise.resolve(ocr));
    const read = readLog(words).spt;
    const nAt = (depth: number) => read.find((test) => Math.abs(test.depth - depth) <= 0.1)?.n.value;
    // The first page's tests (15 m a sheet), as the log was drawn; each within 0.1 m, as the bench counts.
    const truth = log.spt.filter((test) => test.top < 15 && test.n !== null);
    expect(truth).toHaveLength(10);
    const right = truth.filter((test) => nAt(test.top) === test.n);
    expect(right.length).toBeGreaterThanOrEqual(9);
    expect([nAt(0.75), nAt(3.75), nAt(8.25)]).toEqual([68, 49, 66]);
  }, 60_000);
});
