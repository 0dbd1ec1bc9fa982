import { depthScales, writtenOnScales } from './depth-scale.ts';
import { readHeader } from './header-fields.ts';
import { headings } from './headings.ts';
import { onPages, panelsOf } from './panels.ts';
import { cellsOf } from './lines.ts';
import type { LogReading, Read } from './log-reading.ts';
import { inBody, layersOf } from './scaled-log.ts';
import { samplesOf, sptOf, testsAtSamples } from './scaled-tests.ts';
import { withoutRepeats } from './repeated-words.ts';
import { headlessTableOf, tableOf } from './table-log.ts';
import { depthUnitOf, inMetres } from './units.ts';
import { unionOf, type Box, type Word } from './words.ts';

export type { LogReading, Read, ReadLayer } from './log-reading.ts';

/**
 * Reads a borehole log from the words of its pages (a PDF's text or OCR's): the header's fields by
 * their French or English labels, the depth scale from the column of numbers that grows evenly
 * down the page, the layers from the depths written at their bases and the descriptions beside
 * them, the SPT N values under their column's heading. Each value keeps its page and box.
 */
export function readLog(read: readonly Word[]): LogReading {
  const words = withoutRepeats(read);
  // The header from the whole pages; the body panel by panel, each panel a page (panels.ts).
  const whole = cellsOf(words);
  const header = readHeader(whole);
  const panels = panelsOf(words, whole);
  const cells = cellsOf(panels.words);
  // A log in feet is read in feet, its depths then turned into metres (the header's are already) —
  // unless the depths written on it stand where its scale in feet puts them in metres.
  let unit = depthUnitOf(whole);
  const ground = header.groundLevel?.value ?? null;
  let scales = depthScales(cells, ground && ground / unit, unit);
  if (unit !== 1 && writtenOnScales(cells, scales, unit) > writtenOnScales(cells, scales, 1)) {
    unit = 1;
    scales = depthScales(cells, ground);
  }
  const finalDepth = header.finalDepth && { ...header.finalDepth, value: header.finalDepth.value / unit };
  // A log set as a table (a row a layer, its depths written in columns « De » / « À » or « Base »)
  // is read by its rows; a log drawn to a depth scale, by where things stand on the scale.
  const deepest = finalDepth?.value ?? Infinity;
  const headed = tableOf(cells, deepest);
  // Neither headings (OCR misses type set white on black) nor a scale: rows that start with a depth.
  // A log whose headings were read but no scale (a metre long, its graduation lost) is still read
  // by where its depths stand, in the order they grow down the page.
  const described = cells.some((cell) => headings(cells, cell.page).length > 0);
  const table = headed ?? (scales.size === 0 && !described ? headlessTableOf(cells, deepest) : null);
  // A table of layers may stand beside a depth scale, its samples and tests drawn at their depths
  // (« De » / « À » columns in a log drawn to scale): those are read on the scale.
  const body = cells.filter((cell) => inBody(cell, cells, scales));
  const tests = !table || table.spt.length + table.samples.length === 0;
  const samples = tests ? samplesOf(body, cells, scales) : table.samples;
  const reading = onPages(
    inMetresAll(
      {
        ...header,
        layers: table ? table.layers : layersOf(body, cells, scales, finalDepth),
        spt: tests ? testsAtSamples(sptOf(body, cells, scales, samples), samples) : table.spt,
        samples,
      },
      unit,
    ),
    panels.pageOf,
  );
  return asShown(words, reading);
}

/** A reading whose body was read in a log's unit (`unit` metres), its depths in metres; the header's already are. */
function inMetresAll(reading: LogReading, unit: number): LogReading {
  if (unit === 1) return reading;
  const metres = (value: number) => inMetres(value, unit);
  return {
    ...reading,
    layers: reading.layers.map((layer) => ({
      ...layer,
      top: metres(layer.top),
      base: metres(layer.base),
      baseLabel: layer.baseLabel && { ...layer.baseLabel, value: metres(layer.baseLabel.value) },
    })),
    spt: reading.spt.map((test) => ({ ...test, depth: metres(test.depth) })),
    samples: reading.samples.map((sample) => ({ ...sample, depth: metres(sample.depth) })),
  };
}

/**
 * A reading's boxes put where its words stand on the page as shown (Word.shown): a page scanned
 * askew is read straightened, and its values are checked on the picture as scanned, where a box
 * drawn from the straightened words would stand off its value by the slant (7 to 10 px at the
 * edges of a page at 1.3°).
 */
function asShown(words: readonly Word[], reading: LogReading): LogReading {
  const moved = words.filter((word) => word.shown);
  if (moved.length === 0) return reading;
  const within = (inner: Box, outer: Box) => {
    const [cx, cy] = [inner.x + inner.width / 2, inner.y + inner.height / 2];
    return cx >= outer.x && cx <= outer.x + outer.width && cy >= outer.y && cy <= outer.y + outer.height;
  };
  const shown = <T>(read: Read<T>): Read<T> => {
    const inside = moved.filter((word) => word.page === read.page && within(word.box, read.box));
    return inside.length === 0 ? read : { ...read, box: unionOf(inside.map((word) => word.shown!)) };
  };
  const maybe = <T>(read: Read<T> | null) => (read ? shown(read) : null);
  return {
    ...reading,
    boreholeId: maybe(reading.boreholeId),
    date: maybe(reading.date),
    coordinates: maybe(reading.coordinates),
    groundLevel: maybe(reading.groundLevel),
    finalDepth: maybe(reading.finalDepth),
    layers: reading.layers.map((layer) => ({
      ...layer,
      description: shown(layer.description),
      baseLabel: maybe(layer.baseLabel),
    })),
    spt: reading.spt.map((test) => ({ ...test, n: shown(test.n) })),
    samples: reading.samples.map((sample) => ({ ...sample, label: shown(sample.label) })),
    water: { strikes: reading.water.strikes.map(shown), levels: reading.water.levels.map(shown) },
  };
}
