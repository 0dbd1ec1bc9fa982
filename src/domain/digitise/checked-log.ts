import type { LogReading } from './extract-log.ts';
import type { Box } from './words.ts';
import { numberFormat } from '../format.ts';

/**
 * A log as the person checking it validates it (`POST /api/reports/:id/validate`): the values the
 * « Vérifier » screen shows, corrected, added or deleted by hand. Depths in metres below the ground.
 */
export interface CheckedLog {
  /** The day drilling began, YYYY-MM-DD, or null to keep the borehole's. */
  date: string | null;
  /** Metres above sea level, or null to keep the borehole's. */
  groundLevel: number | null;
  /** Null: the deepest layer's base. */
  finalDepth: number | null;
  layers: { top: number; base: number; legend: string; description: string }[];
  spt: { depth: number; n: number }[];
  /** Each sample by its label (its type, then its number: « CF 3 ») and its top's depth. */
  samples: { depth: number; label: string }[];
  water: { strikes: number[]; levels: number[] };
}

/** Where a value of the checked log was read: what the screen draws a box around. */
export interface Origin {
  page: number;
  box: Box;
}

/** A row of the screen's tables: the value and, when it was read rather than typed, where. */
export interface CheckedRows {
  layers: (CheckedLog['layers'][number] & { origin: Origin | null })[];
  spt: (CheckedLog['spt'][number] & { origin: Origin | null })[];
  samples: (CheckedLog['samples'][number] & { origin: Origin | null })[];
  water: { kind: 'strike' | 'level'; depth: number; origin: Origin | null }[];
}

/** The most rows of each table: far more than any log holds, little enough for one request. */
export const CHECKED_LIMITS = {
  layers: 200,
  spt: 200,
  samples: 200,
  water: 20,
  description: 2000,
  legend: 20,
} as const;
/** The deepest a borehole may go, and its ground level's range (metres). */
export const DEPTH_MAX = 3000;
export const GROUND_LEVEL_RANGE = { min: -500, max: 9000 } as const;

const at = (read: { page: number; box: Box } | null | undefined): Origin | null =>
  read ? { page: read.page, box: read.box } : null;

/** The tables the screen starts from: what was read, each value with where it was read. */
export function rowsOfReading(reading: LogReading): CheckedRows {
  return {
    layers: reading.layers.map((layer) => ({
      top: layer.top,
      base: layer.base,
      legend: layer.legend,
      description: layer.description.value,
      origin: at(layer.baseLabel ?? layer.description),
    })),
    spt: reading.spt.map((test) => ({ depth: test.depth, n: test.n.value, origin: at(test.n) })),
    samples: reading.samples.map((sample) => ({
      depth: sample.depth,
      label: sample.label.value,
      origin: at(sample.label),
    })),
    water: [
      ...reading.water.strikes.map((read) => ({ kind: 'strike' as const, depth: read.value, origin: at(read) })),
      ...reading.water.levels.map((read) => ({ kind: 'level' as const, depth: read.value, origin: at(read) })),
    ],
  };
}

const depthFormat = numberFormat({ maximumFractionDigits: 2 });
const metres = (value: number) => `${depthFormat.format(value)} m`;

/**
 * What is wrong with a checked log, in French, a sentence a fault naming its row (« Couche 3 : … »);
 * empty when it may be written. The server checks again what the screen checked.
 */
export function checkedLogFaults(log: CheckedLog): string[] {
  const faults: string[] = [];
  if (log.date !== null && !isDay(log.date)) faults.push('La date de début n’est pas une date valide (AAAA-MM-JJ).');
  if (
    log.groundLevel !== null &&
    !(log.groundLevel >= GROUND_LEVEL_RANGE.min && log.groundLevel <= GROUND_LEVEL_RANGE.max)
  ) {
    faults.push(
      `L’élévation du terrain doit être comprise entre ${GROUND_LEVEL_RANGE.min} et ${GROUND_LEVEL_RANGE.max} m.`,
    );
  }
  if (log.finalDepth !== null && !(log.finalDepth > 0 && log.finalDepth <= DEPTH_MAX)) {
    faults.push(`La profondeur finale doit être comprise entre 0 et ${DEPTH_MAX} m.`);
  }
  log.layers.forEach((layer, i) => {
    const name = `Couche ${i + 1}`;
    if (!(layer.top >= 0 && layer.top < DEPTH_MAX)) faults.push(`${name} : le sommet doit être une profondeur valide.`);
    else if (!(layer.base > layer.top && layer.base <= DEPTH_MAX)) {
      faults.push(`${name} : la base doit être plus profonde que le sommet (${metres(layer.top)}).`);
    }
    const before = log.layers[i - 1];
    if (before && layer.top < before.base - 1e-6) {
      faults.push(
        `${name} : elle commence (${metres(layer.top)}) avant la fin de la couche ${i} (${metres(before.base)}).`,
      );
    }
    if (layer.description.trim() === '') faults.push(`${name} : la description est vide.`);
  });
  const deepest = Math.max(0, ...log.layers.map((layer) => layer.base));
  if (log.finalDepth !== null && log.finalDepth < deepest - 1e-6) {
    faults.push(
      `La profondeur finale (${metres(log.finalDepth)}) est moins profonde que la base de la dernière couche (${metres(deepest)}).`,
    );
  }
  log.spt.forEach((test, i) => {
    if (!(test.depth >= 0 && test.depth <= DEPTH_MAX)) faults.push(`Essai SPT ${i + 1} : la profondeur est invalide.`);
    if (!(Number.isInteger(test.n) && test.n >= 0 && test.n <= 999)) {
      faults.push(`Essai SPT ${i + 1} : N doit être un nombre entier de coups, de 0 à 999.`);
    }
  });
  log.samples.forEach((sample, i) => {
    if (!(sample.depth >= 0 && sample.depth <= DEPTH_MAX))
      faults.push(`Échantillon ${i + 1} : la profondeur est invalide.`);
    if (sample.label.trim() === '') faults.push(`Échantillon ${i + 1} : l’étiquette est vide.`);
  });
  [...log.water.strikes, ...log.water.levels].forEach((depth) => {
    if (!(depth >= 0 && depth <= DEPTH_MAX)) faults.push(`Une profondeur d’eau est invalide (${depth}).`);
  });
  return faults;
}

function isDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** What a borehole holds, by depth: what a merge compares with the reading (merge-log.ts). Metres below the ground. */
export interface StoredDepths {
  layers: { top: number; base: number | null }[];
  spt: number[];
  samples: number[];
  strikes: number[];
  levels: number[];
}

/** A document's reading as the « Vérifier » screen loads it (`GET /api/reports/:id/reading`). */
export interface ReadingView {
  document: {
    id: string;
    title: string;
    boreholeId: string;
    status: 'processing' | 'review' | 'ready' | 'failed';
    statusReason: string | null;
    /** A signed link to the file itself. */
    href: string;
  };
  /** How the words were read: the PDF's own text, or OCR. Null while nothing has been read. */
  source: 'pdf-text' | 'ocr' | null;
  /** Signed links to each page drawn as a picture; empty when the file's type cannot be drawn. */
  pages: string[];
  reading: LogReading | null;
  /** What the borehole holds now, to compare with what was read. */
  borehole: {
    date: string | null;
    groundLevel: number | null;
    depth: number;
    layers: number;
    original: { crs: string; x: number; y: number } | null;
    /** Its layers, SPT tests, samples and water by depth: what validating merges the reading with. */
    stored: StoredDepths;
  };
}
