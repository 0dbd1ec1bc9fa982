import { numberOf, type Cell } from './lines.ts';
import type { Read } from './log-reading.ts';

/**
 * A table of the water's observations, as many logs print at the foot of the last page instead of
 * a phrase: a title (« OBSERVATIONS DU NIVEAU D'EAU », « Lectures piézométriques », « Groundwater
 * observations »), a row of headings with a depth among them (« Prof. (m) », « Profondeur »,
 * « Depth »), then a row for each observation: its date, maybe its hour and elevation, its depth,
 * maybe what it was (« Venue d'eau en cours de forage », « Niveau stabilisé »). A row that says the
 * water came in while drilling is a strike; any other, a level (a reading in the hole or its well);
 * a row that says the hole was dry gives nothing.
 */
export function waterTableOf(cells: readonly Cell[]): { strikes: Read<number>[]; levels: Read<number>[] } {
  const strikes: Read<number>[] = [];
  const levels: Read<number>[] = [];
  for (const title of cells.filter((cell) => TITLE.test(cell.text) && !/\d/.test(cell.text))) {
    const onPage = cells.filter((cell) => cell.page === title.page && cell.box.y > title.box.y);
    const lines = [...new Set(onPage.map((cell) => cell.line))].sort((a, b) => a - b);
    // The headings: within three lines under the title, a line with a depth's heading and a date's
    // (a log's own columns, « Niveau d'eau » beside « Prof. (m) », have no date).
    const headed = (line: number, heading: RegExp) =>
      onPage.some((cell) => cell.line === line && heading.test(cell.text.trim()));
    const headingLine = lines.slice(0, 3).find((line) => headed(line, DEPTH_HEADING) && headed(line, DATE_HEADING));
    if (headingLine === undefined) continue;
    const headings = onPage.filter((cell) => cell.line === headingLine);
    const depth = headings.find((cell) => DEPTH_HEADING.test(cell.text.trim()))!;
    const columnOf = (cell: Cell) =>
      headings.reduce((best, heading) => (distance(cell, heading) < distance(cell, best) ? heading : best));
    let bottom = Math.max(...headings.map((cell) => cell.box.y + cell.box.height));
    const rowHeight = Math.max(...headings.map((cell) => cell.box.height));
    for (const line of lines.filter((line) => line > headingLine)) {
      const row = onPage.filter((cell) => cell.line === line);
      const top = Math.min(...row.map((cell) => cell.box.y));
      // The table ends at a gap wider than a few rows: what follows is other text.
      if (top - bottom > 3 * rowHeight) break;
      bottom = Math.max(bottom, ...row.map((cell) => cell.box.y + cell.box.height));
      const under = row.filter((cell) => columnOf(cell) === depth);
      const value = under.map((cell) => depthOf(cell.text)).find((read) => read !== null);
      const said = row.map((cell) => cell.text).join(' ');
      if (value === undefined || value === null || value < 0 || value > MAX_DEPTH || DRY.test(said)) continue;
      const read = { value, page: title.page, box: under[0]!.box };
      (STRIKE.test(said) ? strikes : levels).push(read);
    }
  }
  return { strikes, levels };
}

/**
 * A depth in the table's column, less its unit; a colon or semicolon there is a decimal comma
 * OCR misread (« 1:12 »): no hour is written under « Prof. ».
 */
const depthOf = (text: string) => numberOf(text.replace(/\s*m$/i, '').replace(/^(\d+)[:;](\d+)$/, '$1,$2'));

/** The deepest water a log records, in metres: a larger number in the column is no depth. */
const MAX_DEPTH = 300;

/** How far apart two cells stand across the page, by their middles. */
const distance = (cell: Cell, other: Cell) =>
  Math.abs(cell.box.x + cell.box.width / 2 - (other.box.x + other.box.width / 2));

const TITLE =
  /^(?:(?:observations?|lectures?|relev[ée]s?|mesures?|suivi)\s+(?:du|des|de\s+la|de\s+l['’]|d['’])\s*(?:niveaux?\s+(?:d['’]eau|de\s+(?:la\s+)?nappe)|eau(?:\s+souterraine)?|nappe)|(?:lectures?|relev[ée]s?|mesures?)\s+pi[ée]zom[ée]triques?|niveaux?\s+d['’]eau(?:\s+(?:mesur[ée]s|observ[ée]s))?|eau\s+souterraine|(?:ground)?water\s+(?:level\s+)?(?:observations?|readings?|levels?|records?))\s*:?$/i;

/**
 * A depth's heading: « Prof. (m) », « Profondeur (m) », « Prof. de l'eau », « Depth (m) »; the f
 * OCR may read as a t or an l (« Prot. (m) »).
 */
const DEPTH_HEADING =
  /^(?:pro[ftl](?:ondeur)?\.?|depth)(?:\s+(?:de\s+l['’]eau|d['’]eau|de\s+la\s+nappe|to\s+water))?\s*(?:\(m\))?$/i;

/** The heading of the day of each observation. */
const DATE_HEADING = /^(?:date|jour|day)\b/i;

/** A row of water that came in while drilling (a space OCR read as a point: « en.cours de forage »). */
const STRIKE =
  /venue|arriv[ée]e|infiltration|rencontr[ée]e|en[\s.]+cours[\s.]+de[\s.]+forage|pendant[\s.]+le[\s.]+forage|lors[\s.]+du[\s.]+forage|strike|struck|inflow|seepage|encountered|while[\s.]+drilling/i;

/** A row that says there was no water. */
const DRY = /\b(?:sec|aucune?\s+(?:eau|venue)|dry|no\s+water)\b/i;
