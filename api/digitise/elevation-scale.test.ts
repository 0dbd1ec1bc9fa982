import { describe, expect, it } from 'vitest';
import { coteLayoutPdf } from '../../bench/cote-layout.ts';
import { generatedLogs } from '../../bench/generated-logs.ts';
import { readLog } from '../../src/domain/digitise/extract-log.ts';
import { pdfWords } from './pdf-words.ts';

/**
 * Logs drawn to a graduation in elevations (the layout « cote »), their boundaries' depths written
 * at their lines, read by the text of their PDF — two that the reader once got wrong, from tuning
 * seeds: a low ground (20,66 m) where three figures of a tests' column fell evenly by chance and
 * were taken for a graduation of depths; and a ground not levelled, a graduation in depths, where a
 * sample's « 1 » and a water content's « 7 » were taken for boundaries.
 */
describe('a log drawn to an elevation scale', () => {
  it.each([
    [974, 20.66],
    [924, null],
  ])('seed %i (ground %s): reads every layer where it is', async (seed, ground) => {
    const log = generatedLogs(3, seed)[2]!;
    expect(log.groundLevel).toBe(ground);
    const { words } = await pdfWords(coteLayoutPdf(log));
    expect(readLog(words).layers.map((layer) => [layer.top, layer.base])).toEqual(
      log.layers.map((layer) => [layer.top, layer.base]),
    );
  });
});
