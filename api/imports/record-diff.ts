import { sptResult, sptText } from '../../src/domain/ags/spt-result.ts';
import { labelOf } from '../../src/domain/borehole.ts';
import type { VersionChange } from '../../src/domain/record.ts';
import { LOCATION_CONFIDENCE_LABELS } from '../../src/domain/log/draw-log.ts';
import { LOCA_COLUMNS, type BoreholeRecord } from './borehole-record.ts';
import { numberFormat } from '../../src/domain/format.ts';

type Fields = BoreholeRecord['fields'];

/** The record's fields in words, in the order the record page shows them. */
const FIELD_LABELS: Record<Exclude<keyof Fields, 'extra'>, string> = {
  date: 'Date de début',
  endDate: 'Date de fin',
  method: 'Méthode de forage',
  locaType: 'Type (LOCA_TYPE)',
  depth: 'Profondeur finale',
  groundLevel: 'Niveau du terrain',
  lat: 'Latitude (WGS 84)',
  lon: 'Longitude (WGS 84)',
  crs: 'Système de coordonnées d’origine',
  originalX: 'X d’origine',
  originalY: 'Y d’origine',
  locationConfidence: 'Fiabilité de la position',
};

/** The log's other groups in words. */
const GROUP_LABELS: Record<string, string> = {
  SAMP: 'Échantillons',
  WSTG: 'Venues d’eau',
  WSTD: 'Niveaux d’eau',
  CORE: 'Carottage',
  HDPH: 'Profondeurs du trou',
  DETL: 'Détails',
};

const decimal = numberFormat({ maximumFractionDigits: 3 });
const metres = (value: number | null) => (value === null ? '—' : `${decimal.format(value)} m`);

function fieldText(key: keyof typeof FIELD_LABELS, value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  const text = String(value);
  if (key === 'method') return labelOf(value as Fields['method']) || text;
  if (key === 'locationConfidence') return LOCATION_CONFIDENCE_LABELS[text] ?? text;
  if (key === 'depth' || key === 'groundLevel') return metres(value as number);
  return text;
}

/** A text as a page shows it: runs of spaces (and line breaks) as one, none at the ends. */
const shown = (text: string) => text.replace(/\s+/g, ' ').trim();
const layerText = (layer: BoreholeRecord['geol'][number] | undefined) =>
  layer
    ? `${metres(layer.top)} – ${metres(layer.base)} : ${shown(layer.description)}${layer.legend.trim() ? ` (${shown(layer.legend)})` : ''}`
    : '—';
const testText = (test: BoreholeRecord['ispt'][number] | undefined) => {
  if (!test) return '—';
  const result = sptResult(test.n, test.extra);
  return `${metres(test.top)} : ${result.refusal ? 'refus' : 'N ='} ${sptText(result)}`;
};
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const rows = (count: number) => (count === 0 ? 'aucune ligne' : `${count} ligne${count > 1 ? 's' : ''}`);

/**
 * Pairs the items of two lists from the top down, and names those that differ as a page shows
 * them: spaces a file added, or a field no page shows, are no change to the reader.
 */
function listChanges<T extends { top: number }>(
  unsortedBefore: T[],
  unsortedAfter: T[],
  name: (i: number) => string,
  text: (item: T | undefined) => string,
) {
  const [before, after] = [unsortedBefore, unsortedAfter].map((list) => [...list].sort((a, b) => a.top - b.top)) as [
    T[],
    T[],
  ];
  const changes: VersionChange[] = [];
  for (let i = 0; i < Math.max(before.length, after.length); i++) {
    const [was, is] = [text(before[i]), text(after[i])];
    if (was !== is) changes.push({ what: name(i), before: was, after: is });
  }
  return changes;
}

/**
 * What changed from one version of a borehole to the next, value by value, in French: its fields,
 * the LOCA fields kept as the file wrote them, each layer and SPT that differs, and the rows of the
 * other groups by count.
 *
 * @example recordChanges(v1, v2) // [{ what: 'Profondeur finale', before: '12 m', after: '12,5 m' }]
 */
export function recordChanges(before: BoreholeRecord, after: BoreholeRecord): VersionChange[] {
  const changes: VersionChange[] = [];
  for (const key of Object.keys(FIELD_LABELS) as (keyof typeof FIELD_LABELS)[]) {
    const [a, b] = [before.fields?.[key], after.fields?.[key]] as (string | number | null | undefined)[];
    if (!same(a ?? null, b ?? null))
      changes.push({ what: FIELD_LABELS[key], before: fieldText(key, a), after: fieldText(key, b) });
  }
  const [extraBefore, extraAfter] = [before.fields?.extra ?? {}, after.fields?.extra ?? {}];
  for (const heading of [...new Set([...Object.keys(extraBefore), ...Object.keys(extraAfter)])].sort()) {
    if (LOCA_COLUMNS.has(heading)) continue;
    const [a, b] = [shown(extraBefore[heading] ?? ''), shown(extraAfter[heading] ?? '')];
    if (a !== b) changes.push({ what: heading, before: a || '—', after: b || '—' });
  }
  changes.push(...listChanges(before.geol ?? [], after.geol ?? [], (i) => `Couche ${i + 1}`, layerText));
  changes.push(...listChanges(before.ispt ?? [], after.ispt ?? [], (i) => `Essai SPT ${i + 1}`, testText));
  const groups = [...new Set([...(before.logs ?? []), ...(after.logs ?? [])].map((row) => row.grp))].sort();
  for (const grp of groups) {
    const [a, b] = [before.logs.filter((r) => r.grp === grp), after.logs.filter((r) => r.grp === grp)];
    if (same(a, b)) continue;
    const what = `${GROUP_LABELS[grp] ?? grp} (${grp})`;
    changes.push({
      what,
      before: rows(a.length),
      after: a.length === b.length ? `${rows(b.length)}, modifiées` : rows(b.length),
    });
  }
  return changes;
}
