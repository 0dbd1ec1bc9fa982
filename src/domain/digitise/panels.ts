// Pages that draw a log in panels side by side: a drawing set's plate holds two or three lengths of
// the hole, each panel with its own depth scale and the same column headings (« Prof. · Échantillon
// · … · Description · Eau » twice across the page). Each panel is read as a page of its own, in
// order, and what is read on it is set back on its page.
import { DESCRIPTION_HEADING } from './headings.ts';
import { cellsOf, type Cell } from './lines.ts';
import { middleOf, type LogReading, type Read } from './log-reading.ts';
import type { Word } from './words.ts';

/** The words with each panel on a page of its own, and the page each such page stands on. */
export interface Panels {
  words: Word[];
  pageOf: (panel: number) => number;
}

/**
 * The panels of each page: where the descriptions' heading is written twice or more on one line,
 * evenly apart, the page is cut into as many panels that far apart, each starting a little left of
 * the leftmost heading of the page's columns (its depth scale's). Pages of one panel stay whole.
 */
export function panelsOf(words: readonly Word[], cells: readonly Cell[] = cellsOf(words)): Panels {
  const pages = [...new Set(words.map((word) => word.page))].sort((a, b) => a - b);
  const real: number[] = [];
  const panelled: Word[] = [];
  for (const page of pages) {
    const onPage = words.filter((word) => word.page === page);
    const starts = panelStarts(cells.filter((cell) => cell.page === page));
    const first = real.length + 1;
    starts.forEach(() => real.push(page));
    for (const word of onPage) {
      const centre = word.box.x + word.box.width / 2;
      const index = starts.filter((start) => centre >= start).length - 1;
      panelled.push({ ...word, page: first + Math.max(0, index) });
    }
  }
  return { words: panelled, pageOf: (panel) => real[panel - 1] ?? panel };
}

/** Where a page's panels start, left to right: [0] for a page of one. */
function panelStarts(cells: readonly Cell[]): number[] {
  const headings = cells.filter((cell) => DESCRIPTION_HEADING.test(cell.text.trim()));
  for (const heading of headings) {
    const row = headings
      .filter((other) => Math.abs(middleOf(other.box) - middleOf(heading.box)) < heading.box.height / 2)
      .sort((a, b) => a.box.x - b.box.x);
    if (row.length < 2) continue;
    const gaps = row.slice(1).map((cell, i) => cell.box.x - row[i]!.box.x);
    const period = gaps[0]!;
    // Evenly apart, each panel a fifth of the page wide at least.
    if (period < MIN_PANEL || gaps.some((gap) => Math.abs(gap - period) > 0.02)) continue;
    // The first panel starts at the leftmost heading of the row of columns the description heads.
    const columns = cells.filter(
      (cell) =>
        cell.box.x < row[0]!.box.x &&
        Math.abs(middleOf(cell.box) - middleOf(row[0]!.box)) < HEADING_REACH * row[0]!.box.height,
    );
    const left = Math.min(row[0]!.box.x, ...columns.map((cell) => cell.box.x)) - MARGIN;
    return [0, ...row.slice(1).map((_, i) => left + (i + 1) * period)];
  }
  return [0];
}

/** A panel is this share of the page wide at least. */
const MIN_PANEL = 0.2;
/** The columns' headings stand within this many of the description heading's heights of its line. */
const HEADING_REACH = 4;
/** A panel starts this share of the page left of its first heading. */
const MARGIN = 0.004;

/** A reading of panels set back on their pages: each value's page is the page its panel is on. */
export function onPages(reading: LogReading, pageOf: (panel: number) => number): LogReading {
  const back = <T>(read: Read<T>): Read<T> => ({ ...read, page: pageOf(read.page) });
  return {
    ...reading,
    layers: reading.layers.map((layer) => ({
      ...layer,
      description: back(layer.description),
      baseLabel: layer.baseLabel ? back(layer.baseLabel) : null,
    })),
    spt: reading.spt.map((test) => ({ ...test, n: back(test.n) })),
    samples: reading.samples.map((sample) => ({ ...sample, label: back(sample.label) })),
  };
}
