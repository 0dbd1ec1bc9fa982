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
 * in feet — its depth heading or its notes say so (« DEPTH (ft) », « DEPTH » over « (ft) »,
 * « Depths in feet below ground surface », « Profondeurs en pieds ») and nothing says they are in
 * metres. A log in metres with a graduation in feet beside (« Prof. (m) », « (pi) ») stays in metres.
 */
export function depthUnitOf(cells: readonly Cell[]): number {
  let [feet, metres] = [false, false];
  for (const cell of cells) {
    const text = cell.text;
    if (SAID_IN_FEET.test(text)) feet = true;
    if (SAID_IN_METRES.test(text)) metres = true;
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
      if (/^\(?\s*m\s*\)?$/i.test(unit.text.trim())) metres = true;
      else feet = true;
    }
  }
  return feet && !metres ? FOOT : 1;
}

/** A depth read in a log's unit (depthUnitOf), in metres to the centimetre; as it is in metres. */
export const inMetres = (value: number, unit: number) => (unit === 1 ? value : Math.round(value * unit * 100) / 100);
