import { z } from 'zod';
import { decimalParam } from './decimal.ts';
import {
  BOREHOLE_TYPES,
  DATA_FLAGS,
  DRILLING_METHODS,
  hasData,
  PURPOSES,
  type Borehole,
  type DataFlag,
} from './borehole.ts';
import { haversineKm, type LatLng } from './geo.ts';
import type { DataScope } from './tenants.ts';
import { foldText } from './text.ts';

/**
 * The filters the search applies. Text filters are case- and accent-insensitive 'contains'
 * matches (lithology: the material of any horizon); purpose, type and drillingMethod are exact; depth and screen are ranges in metres;
 * dates are an inclusive range; the data flags, when set, require that kind of data (`hasData`); a centre
 * with a radius keeps boreholes within that distance; ids restricts to those boreholes.
 *
 * The other advanced fields of the filter form (client, owner, driller, kMin…) are kept in the
 * URL but, as the specification says, not applied: the sample data has no values for them.
 */
export interface BoreholeFilters extends Partial<Record<DataFlag, true>> {
  project?: string;
  municipality?: string;
  boreholeId?: string;
  address?: string;
  site?: string;
  method?: string;
  /** A word of a horizon's material (advanced filter 'Lithologie'). */
  lithology?: string;
  purpose?: (typeof PURPOSES)[number];
  type?: (typeof BOREHOLE_TYPES)[number];
  drillingMethod?: (typeof DRILLING_METHODS)[number];
  dateFrom?: string;
  dateTo?: string;
  depthMin?: number;
  depthMax?: number;
  screenFrom?: number;
  screenTo?: number;
  centerLat?: number;
  centerLng?: number;
  radiusKm?: number;
  ids?: string[];
}

export const TEXT_FILTERS = [
  'project',
  'municipality',
  'boreholeId',
  'address',
  'site',
  'method',
  'lithology',
] as const;

const text = z.string().trim().max(200, 'Un filtre texte compte au plus 200 caractères.');
const metres = decimalParam(
  'Une profondeur doit être un nombre.',
  z.number().min(0, 'Une profondeur ne peut pas être négative.').max(20_000, 'Une profondeur dépasse 20 000 m.'),
);
// PostgreSQL has no year 0: a date starts at 0001-01-01 (found by the hostile-input test).
const isoDate = z.iso
  .date({ error: 'Une date doit être au format AAAA-MM-JJ.' })
  .refine((date) => date >= '0001-01-01', 'Une date commence à l’an 1 (0001-01-01).');
const flag = z.enum(['1', 'true'], { error: 'Un filtre booléen vaut 1.' }).transform(() => true as const);
const oneOf = <T extends readonly [string, ...string[]]>(values: T, what: string) =>
  z.enum(values, { error: `${what} inconnu : valeurs admises ${values.join(', ')}.` });

const filterSchema = z
  .object({
    project: text,
    municipality: text,
    boreholeId: text,
    address: text,
    site: text,
    method: text,
    lithology: text,
    purpose: oneOf(PURPOSES, 'But'),
    type: oneOf(BOREHOLE_TYPES, 'Type'),
    drillingMethod: oneOf(DRILLING_METHODS, 'Méthode de forage'),
    dateFrom: isoDate,
    dateTo: isoDate,
    depthMin: metres,
    depthMax: metres,
    screenFrom: metres,
    screenTo: metres,
    centerLat: decimalParam(
      'La latitude du centre doit être un nombre.',
      z.number().min(-90, 'Latitude hors limites.').max(90, 'Latitude hors limites.'),
    ),
    centerLng: decimalParam(
      'La longitude du centre doit être un nombre.',
      z.number().min(-180, 'Longitude hors limites.').max(180, 'Longitude hors limites.'),
    ),
    radiusKm: decimalParam(
      'Le rayon doit être un nombre.',
      z.number().gt(0, 'Le rayon doit être positif.').max(20_000, 'Le rayon dépasse 20 000 km.'),
    ),
    ids: z
      .string()
      .transform((value) => [
        ...new Set(
          value
            .split(',')
            .map((id) => id.trim())
            .filter(Boolean),
        ),
      ])
      .refine((ids) => ids.length <= 1000, 'Au plus 1000 identifiants.'),
    ...Object.fromEntries(DATA_FLAGS.map((name) => [name, flag])),
  })
  .partial();

/** A radius search needs its three fields; the message names them as the form labels them. */
export const RADIUS_INCOMPLETE =
  'Une recherche par rayon demande la latitude du centre, la longitude du centre et le rayon (km).';

/** The query parameter names the filters read (the URL's, the API's). */
export const FILTER_PARAMS = Object.keys(filterSchema.shape);

/** The filters read, or why not: a French sentence and, when one field is at fault, its name. */
export type FilterParseResult = { ok: true; filters: BoreholeFilters } | { ok: false; error: string; field?: string };

/**
 * Reads the filters from a query string. Empty or blank values are dropped, unknown names
 * ignored; an invalid value gives a French error message.
 *
 * @example parseFilters(new URLSearchParams('municipality=laval&depthMin=5'))
 *          // { ok: true, filters: { municipality: 'laval', depthMin: 5 } }
 */
export function parseFilters(params: URLSearchParams): FilterParseResult {
  const raw: Record<string, string> = {};
  for (const [name, value] of params) {
    if (name in filterSchema.shape && value.trim() !== '') raw[name] = value;
  }
  const parsed = filterSchema.safeParse(raw);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    const field = typeof issue?.path[0] === 'string' ? issue.path[0] : undefined;
    return { ok: false, error: issue?.message ?? 'Filtre invalide.', ...(field ? { field } : {}) };
  }
  const filters = parsed.data as BoreholeFilters;
  for (const name of TEXT_FILTERS) if (filters[name] === '') delete filters[name];
  if (filters.ids?.length === 0) delete filters.ids;
  const radius = (['centerLat', 'centerLng', 'radiusKm'] as const).filter((name) => filters[name] === undefined);
  if (radius.length > 0 && radius.length < 3) {
    return { ok: false, error: RADIUS_INCOMPLETE, field: radius[0] };
  }
  // Ranges that no borehole can meet: said, rather than an empty list left unexplained.
  if (filters.depthMin !== undefined && filters.depthMax !== undefined && filters.depthMin > filters.depthMax) {
    return {
      ok: false,
      error: 'Profondeur min. plus grande que la profondeur max. : aucun forage ne peut y répondre.',
      field: 'depthMax',
    };
  }
  if (filters.dateFrom !== undefined && filters.dateTo !== undefined && filters.dateFrom > filters.dateTo) {
    return {
      ok: false,
      error: 'La date « Du » est après la date « Au » : aucun forage ne peut y répondre.',
      field: 'dateTo',
    };
  }
  return { ok: true, filters };
}

/**
 * Writes filters back to a query string: booleans as 1, lists comma-separated, empty values dropped.
 *
 * @example toSearchParams({ has_pdf: true, ids: ['A', 'B'] }).toString() // 'has_pdf=1&ids=A%2CB'
 */
export function toSearchParams(filters: BoreholeFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) {
    if (value === undefined || value === '' || value === false) continue;
    if (value === true) params.set(name, '1');
    else if (Array.isArray(value)) {
      if (value.length > 0) params.set(name, value.join(','));
    } else params.set(name, String(value));
  }
  return params;
}

const contains = (haystack: string | null, needle: string | undefined) =>
  needle === undefined || (haystack !== null && foldText(haystack).includes(foldText(needle)));

const withinKm = (center: LatLng, row: Pick<Borehole, 'lat' | 'lon'>, radiusKm: number) =>
  row.lat !== null && row.lon !== null && haversineKm(center, { lat: row.lat, lng: row.lon }) <= radiusKm;

/** True when a borehole lies within a data scope (the tenant's, derived from the session). */
export function inScope(row: Pick<Borehole, 'tenantSlug' | 'lat' | 'lon'>, scope: DataScope): boolean {
  switch (scope.type) {
    case 'all':
      return true;
    case 'none':
      return false;
    case 'tenant':
      return row.tenantSlug === scope.tenantSlug;
    case 'radius':
      return row.tenantSlug === scope.tenantSlug || withinKm(scope.center, row, scope.radiusKm);
  }
}

/** True when one borehole passes every filter. */
export function matchesFilters(row: Borehole, filters: BoreholeFilters): boolean {
  const f = filters;
  return (
    contains(row.project, f.project) &&
    contains(row.muni, f.municipality) &&
    contains(row.id, f.boreholeId) &&
    contains(row.addr, f.address) &&
    contains(row.site, f.site) &&
    contains(row.method, f.method) &&
    (f.lithology === undefined || row.horizons.some((horizon) => contains(horizon.material, f.lithology))) &&
    (f.purpose === undefined || row.purpose === f.purpose) &&
    (f.type === undefined || row.type === f.type) &&
    (f.drillingMethod === undefined || row.method === f.drillingMethod) &&
    (f.dateFrom === undefined || (row.date !== null && row.date >= f.dateFrom)) &&
    (f.dateTo === undefined || (row.date !== null && row.date <= f.dateTo)) &&
    (f.depthMin === undefined || row.depth >= f.depthMin) &&
    (f.depthMax === undefined || row.depth <= f.depthMax) &&
    (f.screenFrom === undefined || (row.screenBottom !== null && row.screenBottom >= f.screenFrom)) &&
    (f.screenTo === undefined || (row.screenTop !== null && row.screenTop <= f.screenTo)) &&
    DATA_FLAGS.every((name) => f[name] === undefined || hasData(row, name)) &&
    (f.radiusKm === undefined ||
      f.centerLat === undefined ||
      f.centerLng === undefined ||
      withinKm({ lat: f.centerLat, lng: f.centerLng }, row, f.radiusKm)) &&
    (f.ids === undefined || f.ids.includes(row.id))
  );
}

/**
 * Newest first, undated last; boreholes of the same day by id, so that every listing has one order.
 */
export function compareBoreholes(a: Pick<Borehole, 'date' | 'id'>, b: Pick<Borehole, 'date' | 'id'>): number {
  if (a.date !== b.date) {
    if (a.date === null || b.date === null) return a.date === null ? 1 : -1;
    return a.date < b.date ? 1 : -1;
  }
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * The reference search: rows in scope that pass the filters, newest first.
 * The SQL repository must return the same rows in the same order.
 */
export function filterBoreholes(rows: readonly Borehole[], filters: BoreholeFilters, scope: DataScope): Borehole[] {
  return rows.filter((row) => inScope(row, scope) && matchesFilters(row, filters)).sort(compareBoreholes);
}
