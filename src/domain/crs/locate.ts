import proj4 from 'proj4';
import { crsByCode, CRS_TABLE, type Crs } from './crs-table.ts';
import { numberFormat } from '../format.ts';

/**
 * How sure a borehole's position is: `surveyed` (given in WGS 84, or in a CRS stated by the file
 * whose conversion holds within 1 m), `converted` (stated CRS, conversion within a few metres),
 * `approximate` (CRS chosen at import, not stated by the file), `unknown` (no position).
 */
export type LocationConfidence = 'surveyed' | 'converted' | 'approximate' | 'unknown';

export type Located =
  | { ok: true; lat: number; lon: number; confidence: Exclude<LocationConfidence, 'unknown'> }
  | { ok: false; message: string };

const WGS84 = '+proj=longlat +datum=WGS84 +no_defs';
const number = numberFormat({ maximumFractionDigits: 2 });
const converters = new Map<string, proj4.Converter>();
/** proj4's converter of a CRS to WGS 84, built once: parsing its definition costs more than a conversion. */
function converterOf(crs: Crs): proj4.Converter {
  let converter = converters.get(crs.code);
  if (!converter) converters.set(crs.code, (converter = proj4(crs.proj4, WGS84)));
  return converter;
}

/**
 * Brings a point of `crs` to WGS 84: `x`, `y` are easting and northing in metres for a projected
 * CRS, longitude and latitude in degrees otherwise. A point outside the CRS's area of use is
 * refused, in French: it usually means the wrong CRS, or swapped coordinates.
 *
 * @example locate(crsByCode('32188')!, 299_512.4, 5_040_123.75, true) // { ok: true, lat: 45.50…, lon: -73.58…, … }
 */
export function locate(crs: Crs, x: number, y: number, statedByFile: boolean): Located {
  if (!Number.isFinite(x) || !Number.isFinite(y)) {
    return { ok: false, message: 'Coordonnées illisibles : des nombres sont attendus.' };
  }
  const [lon, lat] = converterOf(crs).forward([x, y]);
  const [west, south, east, north] = crs.area;
  if (!Number.isFinite(lon) || !Number.isFinite(lat) || lon < west || lon > east || lat < south || lat > north) {
    const given = crs.projected ? `E ${number.format(x)}, N ${number.format(y)}` : `lat. ${y}, long. ${x}`;
    return {
      ok: false,
      message: `Le point (${given}) tombe hors du domaine de ${crs.label} : vérifiez le système de coordonnées.`,
    };
  }
  const confidence = !statedByFile ? 'approximate' : crs.accuracyMetres <= 1 ? 'surveyed' : 'converted';
  return { ok: true, lat: lat, lon: lon, confidence };
}

/**
 * A WGS 84 point in a projected CRS (easting, northing in metres), or null when it lies outside the
 * CRS's area of use: what the exports write beside latitude and longitude.
 *
 * @example project(crsByCode('2950')!, 45.5, -73.6) // { x: 298…, y: 5 039… }
 */
export function project(crs: Crs, lat: number, lon: number): { x: number; y: number } | null {
  const [west, south, east, north] = crs.area;
  if (!Number.isFinite(lat) || !Number.isFinite(lon) || lon < west || lon > east || lat < south || lat > north) {
    return null;
  }
  const [x, y] = converterOf(crs).inverse([lon, lat]);
  return Number.isFinite(x) && Number.isFinite(y) ? { x, y } : null;
}

/** What AGS files write in LOCA_GREF (or LOCA_LLZ) for the CRSs of the table. */
const NAMES: [RegExp, (match: RegExpExecArray) => string][] = [
  [/^(?:EPSG\s*:?\s*)?(\d{4,5})$/, (m) => m[1]!],
  [/^(?:OSGB(?:\s*36)?|BNG|(?:OS|BRITISH)\s+NATIONAL\s+GRID)$/, () => '27700'],
  [/^(?:WGS\s*-?\s*84)$/, () => '4326'],
  [/^NAD\s*83\s*\(?CSRS\)?$/, () => '4617'],
  [/^NAD\s*83$/, () => '4269'],
  [/^NAD\s*83\s*\(?CSRS\)?\s*[/,-]?\s*(?:MTM|SCOPQ)\s*(?:ZONE\s*)?(\d{1,2})$/, (m) => String(2942 + Number(m[1]))],
  [/^(?:NAD\s*83\s*[/,-]?\s*)?(?:MTM|SCOPQ)\s*(?:ZONE\s*)?(\d{1,2})$/, (m) => String(32180 + Number(m[1]))],
  [/^NAD\s*83\s*\(?CSRS\)?\s*[/,-]?\s*UTM\s*(?:ZONE\s*)?(\d{2})\s*N?$/, (m) => String(2941 + Number(m[1]))],
  [/^(?:NAD\s*83\s*[/,-]?\s*)?UTM\s*(?:ZONE\s*)?(\d{2})\s*N?$/, (m) => String(26900 + Number(m[1]))],
];

/** The CRS of the table that a file's LOCA_GREF or LOCA_LLZ names, or undefined. */
export function crsFromName(name: string): Crs | undefined {
  const text = name.trim().toUpperCase().replace(/\s+/g, ' ');
  if (text === '') return undefined;
  for (const [pattern, code] of NAMES) {
    const match = pattern.exec(text);
    if (match) return crsByCode(code(match));
  }
  return undefined;
}

export { CRS_TABLE, crsByCode };
