import { checkedLogFaults, rowsOfReading, type CheckedLog, type Origin } from '../../../domain/digitise/checked-log.ts';
import type { LogReading } from '../../../domain/digitise/extract-log.ts';
import type { Mark } from './page-viewer.tsx';
import { numberFormat } from '../../../domain/format.ts';

/**
 * The « Vérifier » screen's tables as the person edits them: every value as typed (text, a comma
 * for decimals), each row with a key of its own and where its values were read.
 */
export interface EditLog {
  date: string;
  groundLevel: string;
  finalDepth: string;
  layers: { key: string; top: string; base: string; legend: string; description: string; origins: LayerOrigins }[];
  spt: { key: string; depth: string; n: string; origin: Origin | null }[];
  samples: { key: string; depth: string; label: string; origin: Origin | null }[];
  water: { key: string; kind: 'strike' | 'level'; depth: string; origin: Origin | null }[];
}
interface LayerOrigins {
  base: Origin | null;
  description: Origin | null;
}

let lastKey = 0;
/** A key for a new row, never used before on this page. */
export const newKey = () => `r${++lastKey}`;

const decimal = numberFormat({ maximumFractionDigits: 3, useGrouping: false });
const typed = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : decimal.format(value);

/** The tables a reading starts from. */
export function editLogOf(reading: LogReading): EditLog {
  const rows = rowsOfReading(reading);
  return {
    date: reading.date?.value ?? '',
    groundLevel: typed(reading.groundLevel?.value),
    finalDepth: typed(reading.finalDepth?.value),
    layers: reading.layers.map((layer, i) => ({
      key: newKey(),
      top: typed(layer.top),
      base: typed(layer.base),
      legend: layer.legend,
      description: rows.layers[i]!.description,
      origins: {
        base: layer.baseLabel ? { page: layer.baseLabel.page, box: layer.baseLabel.box } : null,
        description: { page: layer.description.page, box: layer.description.box },
      },
    })),
    spt: rows.spt.map((test) => ({ key: newKey(), depth: typed(test.depth), n: typed(test.n), origin: test.origin })),
    samples: rows.samples.map((sample) => ({
      key: newKey(),
      depth: typed(sample.depth),
      label: sample.label,
      origin: sample.origin,
    })),
    water: rows.water.map((row) => ({ key: newKey(), kind: row.kind, depth: typed(row.depth), origin: row.origin })),
  };
}

/** A number as typed in French or English (« 2,5 », « 2.5 »), null when empty, NaN when it is none. */
export function typedNumber(text: string): number | null {
  const clean = text.trim().replace(/\s/g, '').replace(',', '.');
  if (clean === '') return null;
  return /^-?\d+(\.\d+)?$/.test(clean) ? Number(clean) : Number.NaN;
}

/**
 * The log to send, or the faults that keep it from being sent (in French, naming the row): what
 * is not a number first, then the rules the server checks too (checkedLogFaults).
 */
export function checkedLogOf(edit: EditLog): { log: CheckedLog; faults: [] } | { log: null; faults: string[] } {
  const faults: string[] = [];
  const number = (text: string, what: string, required: boolean): number => {
    const value = typedNumber(text);
    if (value === null && required) faults.push(`${what} : la valeur manque.`);
    else if (Number.isNaN(value)) faults.push(`${what} : « ${text.trim()} » n’est pas un nombre.`);
    return value ?? Number.NaN;
  };
  const optional = (text: string, what: string) => (text.trim() === '' ? null : number(text, what, false));
  const log: CheckedLog = {
    date: edit.date.trim() === '' ? null : edit.date.trim(),
    groundLevel: optional(edit.groundLevel, 'Élévation du terrain'),
    finalDepth: optional(edit.finalDepth, 'Profondeur finale'),
    layers: edit.layers.map((layer, i) => ({
      top: number(layer.top, `Couche ${i + 1}, sommet`, true),
      base: number(layer.base, `Couche ${i + 1}, base`, true),
      legend: layer.legend.trim(),
      description: layer.description,
    })),
    spt: edit.spt.map((test, i) => ({
      depth: number(test.depth, `Essai SPT ${i + 1}, profondeur`, true),
      n: number(test.n, `Essai SPT ${i + 1}, N`, true),
    })),
    samples: edit.samples.map((sample, i) => ({
      depth: number(sample.depth, `Échantillon ${i + 1}, profondeur`, true),
      label: sample.label.trim(),
    })),
    water: {
      strikes: edit.water
        .filter((row) => row.kind === 'strike')
        .map((row, i) => number(row.depth, `Venue d’eau ${i + 1}`, true)),
      levels: edit.water
        .filter((row) => row.kind === 'level')
        .map((row, i) => number(row.depth, `Niveau d’eau ${i + 1}`, true)),
    },
  };
  if (faults.length > 0) return { log: null, faults };
  const rules = checkedLogFaults(log);
  return rules.length > 0 ? { log: null, faults: rules } : { log, faults: [] };
}

/** The screen's tables, whose rows are changed, added and deleted. */
type Tables = Pick<EditLog, 'layers' | 'spt' | 'samples' | 'water'>;

/** The log with one row of a table changed. */
export function changedRow<T extends keyof Tables>(
  edit: EditLog,
  table: T,
  key: string,
  patch: Partial<Tables[T][number]>,
): EditLog {
  const rows = edit[table] as Tables[T][number][];
  return { ...edit, [table]: rows.map((row) => (row.key === key ? { ...row, ...patch } : row)) };
}

/** The log without one row of a table. */
export function removedRow(edit: EditLog, table: keyof Tables, key: string): EditLog {
  const rows = edit[table] as { key: string }[];
  return { ...edit, [table]: rows.filter((row) => row.key !== key) };
}

/** The key of a value's input, and of its box on the page. */
export const fieldKey = (row: string, field: string) => `${row}:${field}`;

/** A box over every value read, named in words (what a screen reader says of it). */
export function marksOf(edit: EditLog, reading: LogReading): Mark[] {
  const marks: Mark[] = [];
  const add = (key: string, origin: Origin | null, label: string) => {
    if (origin) marks.push({ key, page: origin.page, box: origin.box, label });
  };
  add('head:id', reading.boreholeId, `Numéro du forage lu : ${reading.boreholeId?.value ?? ''}`);
  add('head:date', reading.date, 'Date de début');
  add('head:coordinates', reading.coordinates, 'Coordonnées');
  add('head:groundLevel', reading.groundLevel, 'Élévation du terrain');
  add('head:finalDepth', reading.finalDepth, 'Profondeur finale');
  edit.layers.forEach((layer, i) => {
    add(fieldKey(layer.key, 'base'), layer.origins.base, `Couche ${i + 1}, base`);
    add(fieldKey(layer.key, 'description'), layer.origins.description, `Couche ${i + 1}, description`);
  });
  edit.spt.forEach((test, i) => add(fieldKey(test.key, 'n'), test.origin, `Essai SPT ${i + 1}, N`));
  edit.samples.forEach((sample, i) => add(fieldKey(sample.key, 'label'), sample.origin, `Échantillon ${i + 1}`));
  edit.water.forEach((row, i) => add(fieldKey(row.key, 'depth'), row.origin, `Eau, ligne ${i + 1}`));
  return marks;
}
