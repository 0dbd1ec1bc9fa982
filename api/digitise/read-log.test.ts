import { describe, expect, it } from 'vitest';
import { generatedLogs } from '../../bench/generated-logs.ts';
import { readLog } from '../../src/domain/digitise/extract-log.ts';
import { addTallies, f1, scoreReading, type Tally } from '../../src/domain/digitise/score.ts';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { logsPdf } from '../files/log-pdf.ts';
import { pdfWords } from './pdf-words.ts';
import { pdfPageImages } from './raster.ts';

const none: Tally = { right: 0, read: 0, truth: 0 };
const waterOf = (log: { waterStrikes: number[]; standingLevels: number[] }) =>
  log.waterStrikes.length + log.standingLevels.length;

describe('reading a log from the text of its PDF', () => {
  it('reads back every field of logs drawn by our renderer, at each scale, over several pages', async () => {
    const logs = generatedLogs(18);
    let [layers, spt, header, edits] = [none, none, none, 0];
    let pages = 0;
    for (const [i, log] of logs.entries()) {
      const scale = ([100, 50, 200] as const)[i % 3]!;
      const read = await pdfWords(logsPdf([log], scale));
      pages += read.pages;
      const score = scoreReading(readLog(read.words), log);
      [layers, spt, header] = [
        addTallies(layers, score.layers),
        addTallies(spt, score.spt),
        addTallies(header, score.header),
      ];
      edits += score.descriptionEdits;
      // Each log's own misses named, for the one that fails.
      const all = (tally: Tally) => ({ right: tally.truth, read: tally.truth, truth: tally.truth });
      expect({ log: log.id, scale, ...score, descriptionCharacters: 0, descriptionEdits: 0 }).toEqual({
        log: log.id,
        scale,
        layers: { right: log.layers.length, read: log.layers.length, truth: log.layers.length },
        described: log.layers.length,
        depths: all(score.depths),
        spt: all(score.spt),
        header: all(score.header),
        place: all(score.place),
        water: { right: waterOf(log), read: waterOf(log), truth: waterOf(log) },
        samples: { right: log.samples.length, read: log.samples.length, truth: log.samples.length },
        descriptionCharacters: 0,
        descriptionEdits: 0,
      });
    }
    // Some logs ran over more than one page (1:50 holds 10 m a page), and were read across them.
    expect(pages).toBeGreaterThanOrEqual(logs.length + 3);
    expect([f1(layers), f1(spt), f1(header), edits]).toEqual([1, 1, 1, 0]);
  });

  it('reads the SPT of a last page too short for a graduation of its own, by the page before’s', async () => {
    // 20 m a page at 1:100: a log of 20.5 to 21 m ends on a page with one graduation, « 20 ».
    const log = generatedLogs(12, 7).find((candidate) => candidate.depth > 20.3 && candidate.depth < 21)!;
    const deepest = log.spt.filter((test) => test.n !== null).at(-1)!;
    expect(deepest.top).toBeGreaterThan(20);
    const read = await pdfWords(logsPdf([log], 100));
    expect(read.pages).toBe(2);
    const score = scoreReading(readLog(read.words), log);
    expect(score.spt).toEqual({ right: score.spt.truth, read: score.spt.truth, truth: score.spt.truth });
    expect(score.layers.right).toBe(log.layers.length);
  });

  it('keeps where each value was read: its page and a box around its words', async () => {
    const [log] = generatedLogs(1, 7);
    const reading = readLog((await pdfWords(logsPdf([log!], 100))).words);
    expect(reading.boreholeId?.value).toBe(log!.id);
    for (const read of [reading.boreholeId!, reading.date!, ...reading.layers.map((layer) => layer.description)]) {
      expect(read.page).toBe(1);
      expect(read.box.width).toBeGreaterThan(0);
      expect(read.box.x + read.box.width).toBeLessThanOrEqual(1);
      expect(read.box.y + read.box.height).toBeLessThanOrEqual(1);
    }
    // The descriptions stand one under the other, each below its layer's top on the scale.
    const tops = reading.layers.map((layer) => layer.description.box.y);
    expect(tops).toEqual([...tops].sort((a, b) => a - b));

    // Each header value's box starts where its ink does (to 0.8 mm, a third of a letter, the glyph's
    // side bearing), not a letter off: the page drawn at 300 dpi, each header line's row read for
    // runs of ink apart by more than the gap between two letters.
    const [page] = await pdfPageImages(logsPdf([log!], 100), 300);
    const image = await loadImage(page!.png);
    const context = createCanvas(image.width, image.height).getContext('2d');
    context.drawImage(image, 0, 0);
    const perMm = image.width / 210;
    const wordStarts = (box: { y: number; height: number }) => {
      const band = context.getImageData(
        0,
        Math.round(box.y * image.height),
        image.width,
        Math.round(box.height * image.height),
      );
      const inked = (column: number) =>
        Array.from({ length: band.height }, (_, row) => band.data[(row * band.width + column) * 4]!).some(
          (v) => v < 128,
        );
      const starts: number[] = [];
      let blank = Infinity;
      for (let column = Math.round(11 * perMm); column < Math.round(199 * perMm); column++) {
        if (!inked(column)) blank++;
        else {
          if (blank > 0.8 * perMm) starts.push(column / perMm);
          blank = 0;
        }
      }
      return starts;
    };
    const header = [reading.boreholeId, reading.date, reading.groundLevel, reading.finalDepth].filter(
      (read) => read !== null,
    );
    expect(header.length).toBeGreaterThanOrEqual(3);
    for (const read of header) {
      const x = read.box.x * 210;
      const off = Math.min(...wordStarts(read.box).map((start) => Math.abs(start - x)));
      expect({ value: read.value, close: off < 0.8 }).toEqual({ value: read.value, close: true });
    }
  });

  it('finds nothing in a page without a log, and says so by empty fields', () => {
    const reading = readLog([{ text: 'Facture', page: 1, box: { x: 0.1, y: 0.1, width: 0.1, height: 0.01 } }]);
    expect(reading).toEqual({
      boreholeId: null,
      date: null,
      coordinates: null,
      groundLevel: null,
      finalDepth: null,
      layers: [],
      spt: [],
      samples: [],
      water: { strikes: [], levels: [] },
    });
  });
});
