import { DATA_FLAGS, METHOD_LABELS, PURPOSE_LABELS, TYPE_LABELS, type DataFlag } from '../../../domain/borehole.ts';
import { parseFilters } from '../../../domain/filters.ts';

/** One field of the filter form; its name is the URL parameter. */
export type FilterField =
  | { name: string; label: string; kind: 'text' }
  /** `options`: the codes the field takes, in order, with their French labels. */
  | { name: string; label: string; kind: 'choice'; options: Readonly<Record<string, string>> }
  | { name: string; label: string; kind: 'date' }
  | { name: string; label: string; kind: 'number'; step: string; min?: string };

/** A group of fields, shown as one card of the filter sheet; `columns` lays out its grid. */
export interface FilterGroup {
  title: string;
  columns: 1 | 2 | 3 | 4;
  fields: readonly FilterField[];
  /** Collected and kept in the URL, not applied (the data holds no such values). */
  collectedOnly?: boolean;
  /** The radius search: its centre may also be chosen on the map. */
  pickCentre?: boolean;
}

const metres = (name: string, label: string): FilterField => ({ name, label, kind: 'number', step: '0.1', min: '0' });
const text = (name: string, label: string): FilterField => ({ name, label, kind: 'text' });
const decimal = (name: string, label: string): FilterField => ({ name, label, kind: 'number', step: 'any' });

/** The basic filters: always visible. */
export const BASIC_GROUPS: readonly FilterGroup[] = [
  {
    title: 'Identification',
    columns: 1,
    fields: [
      text('project', 'Projet'),
      text('municipality', 'Municipalité'),
      text('boreholeId', 'ID du forage'),
      text('address', 'Adresse'),
    ],
  },
  {
    title: 'Classification',
    columns: 1,
    fields: [
      { name: 'purpose', label: 'But', kind: 'choice', options: PURPOSE_LABELS },
      { name: 'type', label: 'Type', kind: 'choice', options: TYPE_LABELS },
      { name: 'drillingMethod', label: 'Méthode de forage', kind: 'choice', options: METHOD_LABELS },
    ],
  },
  {
    title: 'Dates et profondeurs',
    columns: 2,
    fields: [
      { name: 'dateFrom', label: 'Du', kind: 'date' },
      { name: 'dateTo', label: 'Au', kind: 'date' },
      metres('depthMin', 'Profondeur min. (m)'),
      metres('depthMax', 'Profondeur max. (m)'),
      metres('screenFrom', 'Crépine de (m)'),
      metres('screenTo', 'Crépine à (m)'),
    ],
  },
];

/** The advanced filters: a radius search and text fields that apply, the rest collected. */
export const ADVANCED_GROUPS: readonly FilterGroup[] = [
  {
    title: 'Recherche par rayon',
    columns: 3,
    pickCentre: true,
    fields: [
      decimal('centerLat', 'Latitude du centre'),
      decimal('centerLng', 'Longitude du centre'),
      { name: 'radiusKm', label: 'Rayon (km)', kind: 'number', step: '0.1', min: '0' },
    ],
  },
  {
    title: 'Site, méthode et lithologie',
    columns: 3,
    fields: [text('site', 'Site'), text('method', 'Méthode (texte)'), text('lithology', 'Lithologie')],
  },
  {
    title: 'Intervenants et région',
    columns: 2,
    collectedOnly: true,
    fields: [
      text('client', 'Client'),
      text('owner', 'Propriétaire'),
      text('driller', 'Foreur'),
      text('region', 'Région'),
      text('country', 'Pays'),
    ],
  },
  {
    title: 'Forage et tubage',
    columns: 4,
    collectedOnly: true,
    fields: [
      metres('bhDiaMin', 'Diam. forage min. (mm)'),
      metres('bhDiaMax', 'Diam. forage max. (mm)'),
      metres('casingDiaMin', 'Diam. tubage min. (mm)'),
      metres('casingDiaMax', 'Diam. tubage max. (mm)'),
      decimal('groundElev', 'Élévation du sol (m)'),
      decimal('topOfCasing', 'Haut du tubage (m)'),
    ],
  },
  {
    title: 'Hydrogéologie et essais',
    columns: 4,
    collectedOnly: true,
    fields: [
      decimal('wlMin', 'Niveau d’eau min. (m)'),
      decimal('wlMax', 'Niveau d’eau max. (m)'),
      decimal('kMin', 'K min. (m/s)'),
      decimal('kMax', 'K max. (m/s)'),
      metres('sptMin', 'SPT N min.'),
      metres('sptMax', 'SPT N max.'),
      metres('ucsMin', 'Résistance (UCS) min. (MPa)'),
      metres('ucsMax', 'Résistance (UCS) max. (MPa)'),
      metres('llMin', 'Limite de liquidité min. (%)'),
      metres('piMin', 'Indice de plasticité min. (%)'),
    ],
  },
  {
    title: 'Stratigraphie',
    columns: 2,
    collectedOnly: true,
    fields: [text('unit', 'Unité'), text('horizon', 'Horizon')],
  },
];

/** The chips: the six data flags that filter, then the images flag, collected only. */
export const CHIPS: readonly { name: DataFlag | 'has_images'; label: string }[] = [
  ...DATA_FLAGS.map((name) => ({
    name,
    label: {
      has_hydro: 'Hydrogéologie',
      has_geodata: 'Géodonnées',
      has_litho: 'Lithologie',
      has_chem: 'Chimie',
      has_pdf: 'PDF',
      has_core: 'Carotte',
    }[name],
  })),
  { name: 'has_images', label: 'Images' },
];

/** Every parameter the form writes. */
export const FORM_PARAMS: ReadonlySet<string> = new Set([
  ...[...BASIC_GROUPS, ...ADVANCED_GROUPS].flatMap((group) => group.fields.map((field) => field.name)),
  ...CHIPS.map((chip) => chip.name),
]);

/** The form's values by parameter name: text as typed, chips as booleans. */
export type FilterDraft = Readonly<Record<string, string | boolean>>;

/** The form's values from a query string. */
export function draftFromSearch(search: string): FilterDraft {
  const draft: Record<string, string | boolean> = {};
  for (const [name, value] of new URLSearchParams(search)) {
    if (!FORM_PARAMS.has(name)) continue;
    draft[name] = CHIPS.some((chip) => chip.name === name) ? value === '1' || value === 'true' : value;
  }
  return draft;
}

/** Why a search is refused: a French sentence, shown beside the field at fault when there is one. */
export interface FilterError {
  message: string;
  field?: string;
}

export type DraftResult = { ok: true; search: string } | { ok: false; error: string; field?: string };

/**
 * The query string of a search: the form's values (chips as 1, blanks dropped) after the tenant
 * and the ids kept from the current query. Invalid values give the API's French message.
 *
 * @example searchFromDraft({ municipality: ' laval ', has_pdf: true }, '?tenant=admin')
 *          // { ok: true, search: '?tenant=admin&municipality=laval&has_pdf=1' }
 */
export function searchFromDraft(draft: FilterDraft, current: string): DraftResult {
  const kept = new URLSearchParams(current);
  const params = new URLSearchParams();
  for (const name of ['tenant', 'ids']) {
    const value = kept.get(name);
    if (value) params.set(name, value);
  }
  for (const [name, value] of Object.entries(draft)) {
    if (!FORM_PARAMS.has(name)) continue;
    if (value === true) params.set(name, '1');
    else if (typeof value === 'string' && value.trim() !== '') params.set(name, value.trim());
  }
  const parsed = parseFilters(params);
  if (!parsed.ok) return parsed;
  const text = params.toString();
  return { ok: true, search: text ? `?${text}` : '' };
}

/** How many filters the form sets (for the 'Filtres (3)' button of small screens). */
export const countActive = (draft: FilterDraft) =>
  Object.entries(draft).filter(([name, value]) => FORM_PARAMS.has(name) && value !== false && value !== '').length;

/** One filter a search applies, as a person reads it: « Projet : TOP3398 ». */
export interface ActiveFilter {
  /** The URL parameter, removed to loosen the search. */
  name: string;
  label: string;
}

/**
 * The filters a query string applies, in the form's order, each with its French label and value
 * (the label of a chosen code): what an empty result offers to loosen. Collected-only fields, which
 * filter nothing, are left out.
 *
 * @example activeFilters('?project=TOP3398&has_pdf=1') // [{ name: 'project', label: 'Projet : TOP3398' }, { name: 'has_pdf', label: 'PDF' }]
 */
export function activeFilters(search: string): ActiveFilter[] {
  const params = new URLSearchParams(search);
  const fields = [...BASIC_GROUPS, ...ADVANCED_GROUPS]
    .filter((group) => !group.collectedOnly)
    .flatMap((group) => group.fields);
  const found: ActiveFilter[] = [];
  for (const field of fields) {
    const value = params.get(field.name)?.trim();
    if (!value) continue;
    const shown = field.kind === 'choice' ? (field.options[value] ?? value) : value;
    found.push({ name: field.name, label: `${field.label} : ${shown}` });
  }
  for (const chip of CHIPS) {
    const value = params.get(chip.name);
    if (chip.name !== 'has_images' && (value === '1' || value === 'true'))
      found.push({ name: chip.name, label: chip.label });
  }
  return found;
}
