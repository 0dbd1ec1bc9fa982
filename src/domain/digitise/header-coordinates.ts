import { numberOf, phrasesOf, type Cell } from './lines.ts';
import type { Read } from './log-reading.ts';
import { unionOf, type Box } from './words.ts';

/** A position as a log writes it: latitude / longitude (EPSG:4326, x the longitude) or a projected X, Y. */
export type Position = { crs: string; x: number; y: number };

/** A number found in a phrase, with its box and where it stands (its page and line). */
interface Found {
  value: number;
  page: number;
  line: number;
  box: Box;
}

/**
 * The coordinates a log's header gives, in any of the forms engineers write them:
 * - projected, each number after its label (X / E / Est / Easting, then Y / N / Nord / Northing, maybe
 *   with its axis or unit in brackets: « Nord (Y) », « Est (X, m) »), the
 *   system named before, between or after them (« Coordonnées (NAD83, MTM zone 8) : X = 298 456,7 m
 *   Y = 5 043 210,2 m », « E 298456.7 N 5043210.2 (EPSG:32188) »);
 * - latitude and longitude in decimal degrees or degrees, minutes and seconds, each with its label
 *   or its hemisphere (N/S, E/O/W: « latitude 45,69087° N longitude 73,56794° O », « 45°41'27,1" N »),
 *   or both after one label (« Lat. / Long. : 45.69087, -73.56794 »).
 * A projected position needs its system (numbers alone could be of any zone); failing one, latitude
 * and longitude. The two numbers must stand within three lines of each other.
 */
export function coordinatesOf(cells: readonly Cell[]): Read<Position> | null {
  return projectedOf(cells) ?? geographicOf(cells);
}

// Thousands set apart by spaces (« 5 067 090,2 ») or, in English, by commas (« 5,067,090.2 »).
const NUMBER = String.raw`(\d{1,3}(?:,\d{3})+\.\d+|\d{1,3}(?:,\d{3}){2,}(?![\d,])|\d[\d \u00a0\u202f]*(?:[,.]\d+)?)`;
const EASTING = new RegExp(
  String.raw`(?:^|[\s(;,:/]|(?<=\d\s?m))(?:X|E|Est|Easting|Abscisse)\.?(?:\s*\([\p{L}\s,.]{1,14}\))*(?:\s*,\s*m\b)?\s*(?:[:=]\s*){0,2}${NUMBER}`,
  'giu',
);
const NORTHING = new RegExp(
  String.raw`(?:^|[\s(;,:/]|(?<=\d\s?m))(?:Y|N|Nord|Northing|Ordonn[ée]e)\.?(?:\s*\([\p{L}\s,.]{1,14}\))*(?:\s*,\s*m\b)?\s*(?:[:=]\s*){0,2}${NUMBER}`,
  'giu',
);
// « MTM zone 8 », « MTM-8 », « MTM (NAD83) zone 8 », « MTM (SCRS), fuseau 8 », « zone MTM 8 »,
// « SCOPQ (MTM), fuseau 8 » (its comma read as a point or a semicolon on a scan: « MTM). fuseau 8 »).
const SYSTEM =
  /EPSG\s*:?\s*(\d{4,5})|\b(MTM|UTM)\)?(?:[\s,.;-]*\([^)]{0,20}\))?[\s,.;-]*(?:zone|fuseau)?\s*(\d{1,2})\s*[NT]?\b|\b(?:zone|fuseau)\s+MTM\s*(\d{1,2})\b/gi;

/** Projected numbers in the ranges of Québec's MTM and UTM zones: eastings of 6 digits, northings of 7. */
const plausibleEasting = (value: number) => value >= 100_000 && value < 1_000_000;
const plausibleNorthing = (value: number) => value >= 1_000_000 && value < 10_000_000;

// Or each axis after its number: « 612 345 E, 5 067 090 N », « 314572.8 mE / 5067090.2 mN ».
const EASTING_AFTER = new RegExp(String.raw`${NUMBER}\s*m?\s*(?:E|Est|Easting)\b`, 'giu');
const NORTHING_AFTER = new RegExp(String.raw`${NUMBER}\s*m?\s*(?:N|Nord|Northing)\b`, 'giu');

function projectedOf(cells: readonly Cell[]): Read<Position> | null {
  const eastings = [...numbersOf(cells, EASTING), ...numbersOf(cells, EASTING_AFTER)].filter((found) =>
    plausibleEasting(found.value),
  );
  const northings = [...numbersOf(cells, NORTHING), ...numbersOf(cells, NORTHING_AFTER)].filter((found) =>
    plausibleNorthing(found.value),
  );
  const systems = systemsOf(cells);
  for (const east of eastings) {
    const north = nearest(east, northings);
    if (!north) continue;
    // The system named on the page; or, when the pages name one system only, that one: a header
    // repeated on each page may keep its system legible on one and its numbers on another.
    const named = new Set(systems.map((system) => system.crs));
    const system = nearest(east, systems, Infinity) ?? (named.size === 1 ? systems[0] : undefined);
    if (!system) continue;
    return {
      value: { crs: system.crs, x: east.value, y: north.value },
      page: east.page,
      box: unionOf([east.box, north.box]),
    };
  }
  return null;
}

/** The one of `candidates` on the page of `found` and nearest to it in lines, within `lines` lines. */
function nearest<T extends { page: number; line: number }>(found: T | Found, candidates: readonly T[], lines = 3) {
  return candidates
    .filter((other) => other.page === found.page && Math.abs(other.line - found.line) <= lines)
    .sort((a, b) => Math.abs(a.line - found.line) - Math.abs(b.line - found.line))[0];
}

/**
 * The systems named on the pages, as EPSG codes: MTM zones 3 to 10 of NAD83 are EPSG:32183–32190,
 * of NAD83 (CSRS / SCRS) 2945–2952; UTM 17 to 21 N of NAD83, 26917–26921 (CSRS: 2958–2962 for 17–21
 * is not used on logs; the NAD83 code stands for both within a metre).
 */
function systemsOf(cells: readonly Cell[]): { crs: string; page: number; line: number }[] {
  const systems: { crs: string; page: number; line: number }[] = [];
  // In phrases: a scan may cut « MTM), fuseau » from its « 8 » as two cells of a line.
  for (const { cell } of phrasesOf(cells)) {
    const csrs = /\b(?:CSRS|SCRS)\b/i.test(cell.text);
    for (const match of cell.text.matchAll(SYSTEM)) {
      const zone = Number(match[3] ?? match[4]);
      const kind = match[4] ? 'MTM' : match[2]?.toUpperCase();
      const crs = match[1]
        ? `EPSG:${match[1]}`
        : kind === 'MTM' && zone >= 3 && zone <= 10
          ? `EPSG:${(csrs ? 2942 : 32180) + zone}`
          : kind === 'UTM' && zone >= 17 && zone <= 21
            ? `EPSG:${26900 + zone}`
            : null;
      if (crs) systems.push({ crs, page: cell.page, line: cell.line });
    }
  }
  return systems;
}

/** Every number a pattern (global, the number its first group) finds in the phrases, with its box. */
function numbersOf(cells: readonly Cell[], pattern: RegExp): Found[] {
  const found: Found[] = [];
  for (const { cell } of phrasesOf(cells)) {
    // A point OCR read as a colon in a long number (« 5045191:0 mN »): no time has five digits.
    const text = cell.text.replace(/(\d{5,}):(\d)/g, '$1.$2');
    for (const match of text.matchAll(pattern)) {
      const value = numberOf(match[1]!.trim().replace(/,$/, ''));
      if (value === null) continue;
      const box = boxOf(cell, match.index + match[0].lastIndexOf(match[1]!), match[1]!.trim().length);
      if (!found.some((other) => other.page === cell.page && other.value === value)) {
        found.push({ value, page: cell.page, line: cell.line, box });
      }
    }
  }
  return found;
}

/**
 * An angle with its label or hemisphere: decimal degrees (« 45,69087° ») or degrees, minutes and
 * seconds (« 45°41'27,1" »), a label before (« lat. », « latitude », « long. ») and a hemisphere
 * after or before (N, S, E, O, W).
 */
const ANGLE = new RegExp(
  // The label, maybe with the hemisphere after it and a unit in brackets (« LONGITUDE O (°) » over
  // « 73,567890 », « Latitude (degrés décimaux) »).
  // A scan may read its brackets as braces or square ones (« LONGITUDE O {°) »).
  String.raw`(?:\b(lat(?:itude)?|long(?:itude)?|lon)\b\.?(?:\s+([NSEOW])(?=\s*[({[]))?\s*(?:[({[][^)}\]\d]{0,24}[)}\]])?\s*[:=]?\s*)?` +
    // The hemisphere before the degrees (« N 45,40118° », « O 73,49904° », its O read as a zero).
    String.raw`(?:(?<![\p{L}\d])([NSEOW]|0(?=\s\d{1,3}[,.]\d{3,}))\s?(?=\d))?` +
    // Or, a scan having lost their point, the digits before a degree sign (« 4562036° N »).
    String.raw`(\d{5,9}(?=\s*°)|-?\d{1,3}(?:[,.]\d+)?)\s*°?` +
    // The minutes' mark, which OCR may read as a degree's (« 73° 29° 56,54” O »), or lose between
    // the degrees' and the hemisphere (« 45° 24,071 N »), or read as a second's before the seconds
    // (« 73° 48" 07,38" O »).
    String.raw`(?:\s*(\d{1,2}(?:[,.]\d+)?)\s*(?:['’′°]|["”″](?=\s*\d{1,2}(?:[,.]\d+)?\s*["”″])|(?<=°\s*\d{1,2}(?:[,.]\d+)?)(?=\s*(?:[NSEOW]|0)(?![\p{L}\d]))))?` +
    String.raw`(?:\s*(\d{1,2}(?:[,.]\d+)?)\s*(?:["”″]|['’′]{2}))?` +
    // The hemisphere; an O that OCR read as a zero, after a mark or the minutes (« 73°48'07,38" 0 »,
    // « 73° 53,372 0 »).
    String.raw`(?:\s*([NSEOW]|(?<=(?:["”″'’′°]|°\s*\d{1,2}[,.]\d+)\s*)0)(?![\p{L}\d]))?`,
  'giu',
);

interface Angle extends Found {
  axis: 'lat' | 'lon';
  /** Whether its hemisphere was read (or its sign): its sign is known, not taken for north or east. */
  signed: boolean;
}

/**
 * Latitude and longitude after one label that names both (« Lat. / Long. : 45.69087, -73.56794 »,
 * « Latitude, longitude : 45,69087 ; -73,56794 », « Long./Lat. -73.56794 / 45.69087 »): two signed
 * decimal degrees in the label's order, a comma, semicolon or slash between them.
 */
const PAIR = new RegExp(
  String.raw`\b(lat(?:itude)?|long(?:itude)?|lon)\.?\s*(?:[/,;]|et|and)?\s*(?:lat(?:itude)?|long(?:itude)?|lon)\b\.?` +
    String.raw`\s*(?:\([^)]{0,12}\))?\s*[:=]?\s*(-?\d{1,3}[,.]\d{3,})\s*°?\s*[,;/]?\s*(-?\d{1,3}[,.]\d{3,})\s*°?`,
  'gi',
);

function pairOf(cells: readonly Cell[]): Read<Position> | null {
  for (const { cell } of phrasesOf(cells)) {
    for (const match of cell.text.matchAll(PAIR)) {
      const [, first, firstText, secondText] = match;
      const [a, b] = [numberOf(firstText!), numberOf(secondText!)];
      if (a === null || b === null) continue;
      const [lat, lon] = /^lat/i.test(first!) ? [a, b] : [b, a];
      if (Math.abs(lat) > 90 || Math.abs(lon) > 180) continue;
      const start = match.index + match[0].indexOf(firstText!);
      return {
        value: { crs: 'EPSG:4326', x: lon, y: lat },
        page: cell.page,
        box: boxOf(cell, start, match.index + match[0].length - start),
      };
    }
  }
  return null;
}

function geographicOf(cells: readonly Cell[]): Read<Position> | null {
  const pair = pairOf(cells);
  if (pair) return pair;
  const angles: Angle[] = [];
  for (const { cell } of phrasesOf(cells)) {
    for (const match of cell.text.matchAll(ANGLE)) {
      const [, label, labelHemisphere, leadingHemisphere, degreesText, minutesRead, secondsRead, hemisphereRead] =
        match;
      const hemisphere = hemisphereRead ?? leadingHemisphere ?? labelHemisphere;
      // Seconds without minutes are minutes whose mark OCR read as a second's (« 45° 24,071" N »
      // for « 45° 24,071′ N »): no one writes seconds without the minutes before them.
      const [minutesText, secondsText] =
        minutesRead || !secondsRead ? [minutesRead, secondsRead] : [secondsRead, undefined];
      if (!label && !hemisphere) continue;
      const axisOf = label ? (/^lat/i.test(label) ? 'lat' : 'lon') : /[NS]/i.test(hemisphere!) ? 'lat' : 'lon';
      // A latitude whose point a scan lost (« 4562036° N »): two digits of degrees, no more than 90.
      const pointLost = axisOf === 'lat' && !minutesText && /^\d{5,}$/.test(degreesText!);
      const degrees = pointLost
        ? Number(`${degreesText!.slice(0, 2)}.${degreesText!.slice(2)}`)
        : numberOf(degreesText!);
      const minutes = minutesText ? numberOf(minutesText) : 0;
      const seconds = secondsText ? numberOf(secondsText) : 0;
      if (degrees === null || minutes === null || seconds === null) continue;
      // A whole number with a letter (« 12 N ») is no position: decimals, or minutes, are.
      if (!minutesText && !pointLost && !/[,.]\d{3,}/.test(degreesText!)) continue;
      const axis = axisOf;
      const negative = /^[SOW0]$/i.test(hemisphere ?? '') || degrees < 0;
      const value = (negative ? -1 : 1) * (Math.abs(degrees) + minutes / 60 + seconds / 3600);
      if (Math.abs(value) > (axis === 'lat' ? 90 : 180)) continue;
      const start = match.index + match[0].indexOf(degreesText!);
      const end = match.index + match[0].length;
      const signed = !!hemisphere || degrees < 0;
      angles.push({ axis, value, signed, page: cell.page, line: cell.line, box: boxOf(cell, start, end - start) });
    }
  }
  // The same angle read in a phrase that stops before its hemisphere (« Long. » joined to
  // « 73°29'56,54" » alone, its « O » typed a column's gap after) and in one that takes it in:
  // the one with the hemisphere says the sign.
  const known = angles.filter(
    (angle) =>
      angle.signed ||
      !angles.some(
        (other) =>
          other.signed &&
          other.axis === angle.axis &&
          other.page === angle.page &&
          other.line === angle.line &&
          Math.abs(Math.abs(other.value) - Math.abs(angle.value)) < 1e-9,
      ),
  );
  return pairedAngles(known) ?? pairedAngles(unlabelledAngles(cells));
}

/** The first latitude with a longitude near it (within three lines of its page), as a position. */
function pairedAngles(angles: readonly Angle[]): Read<Position> | null {
  for (const lat of angles.filter((angle) => angle.axis === 'lat')) {
    const lon = nearest(
      lat,
      angles.filter((angle) => angle.axis === 'lon'),
    );
    if (lon) {
      return {
        value: { crs: 'EPSG:4326', x: Math.round(lon.value * 1e7) / 1e7, y: Math.round(lat.value * 1e7) / 1e7 },
        page: lat.page,
        box: unionOf([lat.box, lon.box]),
      };
    }
  }
  return null;
}

/** Québec's latitudes and longitudes (west), in degrees: where a log of ours stands. */
const QUEBEC = { lat: [44, 63], lon: [57, 80] } as const;

/**
 * Decimal degrees whose labels a scan lost (« 45,620360 » and « 73,889530 » left of a header's box
 * whose « LATITUDE N (°) » and « LONGITUDE O (°) » are gone): a number of five to seven decimals
 * is a latitude in Québec's (44 to 63) and a longitude west in Québec's (57 to 80). Read only when no labelled position is: two such numbers must stand near each other.
 */
function unlabelledAngles(cells: readonly Cell[]): Angle[] {
  const angles: Angle[] = [];
  for (const cell of cells) {
    // Its sign, or a dash read before it (« N-45,47661° »), is not read: Québec is north and west.
    for (const match of cell.text.matchAll(/(?<![\d,.])(\d{2})[,.](\d{5,7})(?![\d,.])/g)) {
      const value = Number(`${match[1]}.${match[2]}`);
      const within = (range: readonly [number, number]) => value >= range[0] && value <= range[1];
      const axis = within(QUEBEC.lat) ? 'lat' : within(QUEBEC.lon) ? 'lon' : null;
      if (!axis) continue;
      const box = boxOf(cell, match.index, match[0].length);
      angles.push({
        axis,
        value: axis === 'lon' ? -value : value,
        signed: true,
        page: cell.page,
        line: cell.line,
        box,
      });
    }
  }
  return angles;
}

/** The box of the words of a cell that hold the characters from `start`, `length` long. */
function boxOf(cell: Cell, start: number, length: number): Box {
  const boxes: Box[] = [];
  let offset = 0;
  for (const word of cell.words) {
    const wordEnd = offset + word.text.length;
    if (wordEnd > start && offset < start + length) boxes.push(word.box);
    offset = wordEnd + 1;
  }
  return boxes.length ? unionOf(boxes) : cell.box;
}
