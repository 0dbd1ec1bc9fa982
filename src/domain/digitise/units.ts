import type { Cell } from './lines.ts';

/** A foot, in metres. */
export const FOOT = 0.3048;

/** A word for depth, as a heading or a note names it: « Depth », « Depths », « Prof. », « Profondeur(s) ». */
const DEPTH_WORD = String.raw`(?:depths?|prof\.?|profondeurs?)`;
/** A depth said in feet: « Depth (ft) », « Depth, ft », « Depths in feet », « Prof. (pi) », « Profondeurs en pieds ». */
const SAID_IN_FEET = new RegExp(
  String.raw`(?<!\p{L})${DEPTH_WORD}\s*(?:\(\s*(?:ft|feet|pi|pieds)\s*\)|,\s*(?:ft|pi)\b|(?:\s+below\s+ground)?\s+(?:in|en)\s+(?:feet|pieds))`,
  'iu',
);
/** A depth said in metres: « Depth (m) », « Prof., m », « Depths in metres », « Profondeurs en mètres ». */
const SAID_IN_METRES = new RegExp(
  String.raw`(?<!\p{L})${DEPTH_WORD}\s*(?:\(\s*m\s*\)|,\s*m\b|(?:\s+below\s+ground)?\s+(?:in|en)\s+(?:metres|meters|mètres))`,
  'iu',
);
const DEPTH_ALONE = new RegExp(String.raw`^${DEPTH_WORD}$`, 'i');
/** A unit alone under a heading (« DEPTH » over « (ft) »). */
const UNIT_ALONE = /^\(?\s*(ft|feet|pi|pieds|m)\s*\)?$/i;

/**
 * How many metres a depth written on the log stands for: 1, or FOOT for a log whose depths are
 * in feet. Each place that says so is a vote: a depth heading or a note (« DEPTH (ft) », « DEPTH »
 * over « (ft) », « Depths in feet below ground surface », « Profondeurs en pieds », or in metres
 * « Prof. (m) »), and each length written (« 74.5 ft », « Boring terminated at 74.5 ft », « 6,10 m »;
 * not the one in brackets after another, « 74.5 ft (22.70 m) »). Feet win only with more votes: a
 * scan that reads « (ft) » as « m » under one heading is outvoted, and a log in metres with a
 * graduation in feet beside (« Prof. » over « m » and « pi », « 7,28 m (23,9 pi) ») stays in metres.
 */
export function depthUnitOf(cells: readonly Cell[]): number {
  let [feet, metres] = [0, 0];
  for (const cell of cells) {
    const text = cell.text;
    if (SAID_IN_FEET.test(text)) feet++;
    if (SAID_IN_METRES.test(text)) metres++;
    feet += text.match(LENGTH_IN_FEET)?.length ?? 0;
    metres += text.match(LENGTH_IN_METRES)?.length ?? 0;
    if (!DEPTH_ALONE.test(text.trim())) continue;
    const under = cells.filter(
      (other) =>
        other.page === cell.page &&
        UNIT_ALONE.test(other.text.trim()) &&
        other.box.y > cell.box.y &&
        other.box.y < cell.box.y + 2.5 * cell.box.height &&
        other.box.x + other.box.width / 2 > cell.box.x &&
        other.box.x + other.box.width / 2 < cell.box.x + cell.box.width,
    );
    for (const unit of under) {
      if (/^\(?\s*m\s*\)?$/i.test(unit.text.trim())) metres++;
      else feet++;
    }
  }
  return feet > metres ? FOOT : 1;
}

/**
 * A length written in feet, as a depth is (« 74.5 ft », « 2,5 pi »: three digits at most, two
 * decimals), not in brackets after another — not a coordinate's « 5,067,090.2 m » nor a
 * conversion's « 0.3048 m ».
 */
const LENGTH_IN_FEET = /(?<!\(\s*|[\d.,])\d{1,3}(?:[.,]\d{1,2})?\s*(?:ft|feet|pi|pieds)\b/gi;
/** A length written in metres, as LENGTH_IN_FEET (« 6,10 m »). */
const LENGTH_IN_METRES = /(?<!\(\s*|[\d.,])\d{1,3}(?:[.,]\d{1,2})?\s*m\b/gi;

/** A depth read in a log's unit (depthUnitOf), in metres to the centimetre; as it is in metres. */
export const inMetres = (value: number, unit: number) => (unit === 1 ? value : Math.round(value * unit * 100) / 100);
