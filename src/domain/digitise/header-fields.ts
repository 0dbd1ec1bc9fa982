import { numberOf, phrasesOf, type Cell } from './lines.ts';
import type { LogReading, Read } from './log-reading.ts';
import { unionOf, type Box } from './words.ts';

/** The fields a log's header gives (and its water, which the header or the remarks say). */
export type HeaderReading = Omit<LogReading, 'layers' | 'spt' | 'samples'>;

/** The header's fields, each where it was first read, by their French or English labels. */
export function readHeader(cells: readonly Cell[]): HeaderReading {
  return {
    boreholeId: firstMatch(cells, ID_PATTERNS, (match) => match[1]!.replace(/[.,;:]$/, '')),
    date: firstMatch(cells, DATE_PATTERNS, (match) => isoDay(match[1]!)),
    coordinates: coordinatesOf(cells),
    groundLevel: firstMatch(cells, GROUND_PATTERNS, (match) => numberOf(match[1]!)),
    finalDepth: firstMatch(cells, FINAL_DEPTH_PATTERNS, (match) => numberOf(match[1]!)),
    water: { strikes: everyMatch(cells, WATER_STRIKE), levels: everyMatch(cells, WATER_LEVEL) },
  };
}

// OCR often drops an accent from a capital (« Elévation »): the labels take either.
const ID_PATTERNS = [
  /journal (?:de (?:forage|sondage|puits)|du forage)\s+(?:n[o°º]\.?\s*)?([A-Za-z0-9][\w./-]*)/i,
  /\b(?:forage|sondage|puits|borehole|boring)\s*(?:n[o°º]\.?\s*:?|#|:)\s*([A-Za-z0-9][\w./-]*)/i,
];
const DAY = String.raw`(\d{4}-\d{2}-\d{2}|\d{1,2}[/.]\d{1,2}[/.]\d{4})`;
const DATE_PATTERNS = [
  new RegExp(
    String.raw`\b(?:d[ée]but|date(?: de (?:forage|d[ée]but))?|for[ée] le|drilled|start(?:ed)?)\s*:?\s*${DAY}`,
    'i',
  ),
];
const METRES = String.raw`(-?\d[\d\s\u00a0]*(?:[,.]\d+)?)\s*m\b`;
const GROUND_PATTERNS = [
  new RegExp(String.raw`(?:[ée]l[ée]vation|[ée]l[ée]v\.|cote|altitude)(?: du (?:terrain|sol))?\s*:?\s*${METRES}`, 'i'),
  new RegExp(String.raw`ground (?:level|elevation)\s*:?\s*${METRES}`, 'i'),
];
const FINAL_DEPTH_PATTERNS = [
  new RegExp(String.raw`profondeur (?:finale|totale)\s*:?\s*${METRES}`, 'i'),
  new RegExp(String.raw`(?:final|total) depth\s*:?\s*${METRES}`, 'i'),
];

const DEPTH = String.raw`(\d+(?:[,.]\d+)?)\s*m\b`;
const WATER_STRIKE = new RegExp(String.raw`(?:venue d[’']eau|water strike)\s*(?:[àa]|at)?\s*:?\s*${DEPTH}`, 'gi');
const WATER_LEVEL = new RegExp(
  String.raw`(?:niveau (?:d[’']eau )?stabilis[ée]|standing (?:water )?level)\s*(?:[àa]|at)?\s*:?\s*${DEPTH}`,
  'gi',
);

/**
 * Every depth a pattern (global, its first group the depth) finds in the cells, with its box; a
 * depth the header of each page says again is kept once, where it was first read.
 */
function everyMatch(cells: readonly Cell[], pattern: RegExp): Read<number>[] {
  const found: Read<number>[] = [];
  for (const { cell, split } of phrasesOf(cells)) {
    for (const match of cell.text.matchAll(pattern)) {
      if (!straddles(match, split)) continue;
      const value = numberOf(match[1]!);
      if (value === null || found.some((read) => read.value === value && read.page !== cell.page)) continue;
      found.push({ value, page: cell.page, box: boxOfGroup(cell, match) });
    }
  }
  return found;
}

/** A day written YYYY-MM-DD or, as in Québec, DD/MM/YYYY; null when it is no day. */
function isoDay(text: string): string | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const local = /^(\d{1,2})[/.](\d{1,2})[/.](\d{4})$/.exec(text);
  const [year, month, day] = iso ? [iso[1]!, iso[2]!, iso[3]!] : local ? [local[3]!, local[2]!, local[1]!] : [];
  if (!year || !month || !day) return null;
  const day10 = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  const date = new Date(`${day10}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day10 ? null : day10;
}

/** The first match of any pattern in the cells, top of the first page first, with the box of what it caught. */
function firstMatch<T>(
  cells: readonly Cell[],
  patterns: readonly RegExp[],
  value: (match: RegExpExecArray) => T | null,
): Read<T> | null {
  for (const { cell, split } of phrasesOf(cells)) {
    for (const pattern of patterns) {
      const match = pattern.exec(cell.text);
      const found = match && straddles(match, split) ? value(match) : null;
      if (match && found !== null) return { value: found, page: cell.page, box: boxOfGroup(cell, match) };
    }
  }
  return null;
}

/** A match in two joined cells must take in both (else one of them, alone, gives it). */
const straddles = (match: RegExpExecArray, split: number | null) =>
  split === null || (match.index < split && match.index + match[0].length > split);

/** The box of a match's first group (or the whole match) among a cell's words. */
function boxOfGroup(cell: Cell, match: RegExpExecArray): Box {
  const group = match[1] ?? match[0];
  const start = match.index + match[0].indexOf(group);
  const end = start + group.length;
  const boxes: Box[] = [];
  let offset = 0;
  for (const word of cell.words) {
    const wordEnd = offset + word.text.length;
    if (wordEnd > start && offset < end) boxes.push(word.box);
    offset = wordEnd + 1;
  }
  return boxes.length ? unionOf(boxes) : cell.box;
}

const LAT_LON =
  /(\d{1,2}[,.]\d+)\s*°?\s*([NS])\b\s*,?\s*(\d{1,3}[,.]\d+)\s*°?\s*([EOW])\b|lat(?:itude)?\.?\s*:?\s*(-?\d{1,2}[,.]\d+)\s*°?\s*,?\s*lon(?:gitude)?\.?\s*:?\s*(-?\d{1,3}[,.]\d+)/i;
const PROJECTED =
  /\b(?:X|E|Est)\s*[:=]?\s*(\d[\d\s\u00a0]*(?:[,.]\d+)?)\s*m?\s*[,;]?\s*(?:Y|N|Nord)\s*[:=]?\s*(\d[\d\s\u00a0]*(?:[,.]\d+)?)\s*m?\s*\(?\s*(EPSG\s*:\s*\d{4,5}|MTM\s*(?:zone\s*)?\d{1,2}|UTM\s*(?:zone\s*)?\d{1,2}\s*N?)/i;

/** The coordinates the header gives: a projected system's when it names one, else latitude and longitude. */
function coordinatesOf(cells: readonly Cell[]): Read<{ crs: string; x: number; y: number }> | null {
  const projected = firstMatch(cells, [PROJECTED], (match) => {
    const [x, y, crs] = [
      numberOf(match[1]!.replace(/,$/, '')),
      numberOf(match[2]!.replace(/,$/, '')),
      epsgOf(match[3]!),
    ];
    return x === null || y === null || !crs ? null : { crs, x, y };
  });
  if (projected) return projected;
  return firstMatch(cells, [LAT_LON], (match) => {
    if (match[5] && match[6]) {
      const [lat, lon] = [numberOf(match[5]), numberOf(match[6])];
      return lat === null || lon === null ? null : { crs: 'EPSG:4326', x: lon, y: lat };
    }
    const [lat, lon] = [numberOf(match[1]!), numberOf(match[3]!)];
    if (lat === null || lon === null) return null;
    const sign = (hemisphere: string, negative: string) => (hemisphere.toUpperCase() === negative ? -1 : 1);
    const west = match[4]!.toUpperCase() === 'E' ? 1 : -1;
    return { crs: 'EPSG:4326', x: west * lon, y: sign(match[2]!, 'S') * lat };
  });
}

/** MTM zones 3 to 10 of NAD83 are EPSG:32183–32190 (2945–2952 in CSRS); UTM 17–21 N of NAD83, 26917–26921. */
function epsgOf(text: string): string | null {
  const compact = text.replace(/\s+/g, ' ').trim().toUpperCase();
  const epsg = /^EPSG ?: ?(\d{4,5})$/.exec(compact);
  if (epsg) return `EPSG:${epsg[1]}`;
  const mtm = /^MTM (?:ZONE )?(\d{1,2})$/.exec(compact);
  if (mtm && Number(mtm[1]) >= 3 && Number(mtm[1]) <= 10) return `EPSG:${32180 + Number(mtm[1])}`;
  const utm = /^UTM (?:ZONE )?(\d{1,2}) ?N?$/.exec(compact);
  if (utm && Number(utm[1]) >= 17 && Number(utm[1]) <= 21) return `EPSG:${26900 + Number(utm[1])}`;
  return null;
}
