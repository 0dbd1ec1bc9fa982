import type { LatLng } from '../geo.ts';
import { SECTION_LIMITS } from './section.ts';

/**
 * The section asked for in the address: `line=lat,lng;lat,lng…` (or, without one, the boreholes
 * selected on the map or in the database, `selected=A,B,C`), `corridor`, `exaggeration`, `title`.
 */
export interface SectionQuery {
  line: LatLng[];
  /** The boreholes it goes through when it has no line (two at least, else none). */
  boreholes: string[];
  corridor: number;
  /** Null: the section's own (autoExaggeration). */
  exaggeration: number | null;
  title: string;
  links: boolean;
}

/** The section the address asks for; the line is empty when it gives none (or a broken one). */
export function readSectionQuery(search: string): SectionQuery {
  const params = new URLSearchParams(search);
  const line = (params.get('line') ?? '')
    .split(';')
    .filter(Boolean)
    .map((pair) => pair.split(',').map(Number))
    .filter((pair) => pair.length === 2 && pair.every(Number.isFinite))
    .map(([lat, lng]) => ({ lat: lat!, lng: lng! }));
  const number = <T>(name: string, fallback: T) => {
    const value = Number(params.get(name) ?? NaN);
    return Number.isFinite(value) && value > 0 ? value : fallback;
  };
  const picked = [...new Set((params.get('selected') ?? '').split(',').map((id) => id.trim()))].filter(Boolean);
  return {
    line: line.length >= 2 ? line : [],
    boreholes: line.length < 2 && picked.length >= 2 ? picked.slice(0, SECTION_LIMITS.points.max) : [],
    corridor: number('corridor', SECTION_LIMITS.corridor.default),
    exaggeration: number('exaggeration', null),
    title: params.get('title') ?? '',
    links: params.get('links') !== '0',
  };
}

/** The address of a section: the line's points to six decimals (about 10 cm). */
export function sectionSearch(query: SectionQuery, keep: URLSearchParams): string {
  const params = new URLSearchParams();
  const tenant = keep.get('tenant');
  if (tenant) params.set('tenant', tenant);
  params.set('corridor', String(query.corridor));
  if (query.exaggeration !== null) params.set('exaggeration', String(query.exaggeration));
  if (query.title) params.set('title', query.title);
  if (!query.links) params.set('links', '0');
  if (query.line.length === 0 && query.boreholes.length > 0) params.set('selected', query.boreholes.join(','));
  const text = params.toString();
  if (query.line.length === 0) return `?${text}`;
  // The line as written: its commas and semicolons need no escaping in a query, and read better.
  const line = `line=${query.line.map((p) => `${p.lat.toFixed(6)},${p.lng.toFixed(6)}`).join(';')}`;
  return tenant ? `?${text.replace(/^(tenant=[^&]*)/, `$1&${line}`)}` : `?${line}&${text}`;
}

/** Where the section along a line drawn on the map opens, at the default corridor, its own exaggeration. */
export function sectionHref(line: LatLng[], search: string): string {
  const query = {
    line,
    boreholes: [],
    corridor: SECTION_LIMITS.corridor.default,
    exaggeration: null,
    title: '',
    links: true,
  };
  return `/client/sections${sectionSearch(query, new URLSearchParams(search))}`;
}
