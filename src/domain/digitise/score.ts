import type { BoreholeLog } from '../log/borehole-log.ts';
import type { LogReading } from './log-reading.ts';

/** Depths within this many metres of the truth count as read right. */
export const DEPTH_TOLERANCE = 0.1;

export interface Tally {
  /** Values read right, values read, values there were. */
  right: number;
  read: number;
  truth: number;
}

export const precision = (t: Tally) => (t.read ? t.right / t.read : 1);
export const recall = (t: Tally) => (t.truth ? t.right / t.truth : 1);
export const f1 = (t: Tally) => {
  const [p, r] = [precision(t), recall(t)];
  return p + r ? (2 * p * r) / (p + r) : 0;
};
export const addTallies = (a: Tally, b: Tally): Tally => ({
  right: a.right + b.right,
  read: a.read + b.read,
  truth: a.truth + b.truth,
});

/** Edits (insertions, deletions, substitutions) from one text to the other, by characters. */
export function editDistance(from: string, to: string): number {
  const a = [...from];
  const b = [...to];
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) {
      next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    row = next;
  }
  return row[b.length]!;
}

/** A description is read right when it takes no more edits than this share of its characters. */
export const DESCRIPTION_TOLERANCE = 0.05;

/**
 * The same kind of sample in French and English codes, as Québec logs write either: split spoon
 * (« CF », « SS »), thin-walled tube (« TM », « ST »), core (« CR », « RC »).
 */
const SAMPLE_CODES: Record<string, string> = { SS: 'CF', ST: 'TM', RC: 'CR' };

/** Whether two labels (« CF 3 », « SS 3 ») name the same sample: its kind in either language, its number. */
function sameSample(a: string, b: string): boolean {
  const french = (label: string) => label.replace(/^[A-Z]+/, (code) => SAMPLE_CODES[code] ?? code);
  return french(a) === french(b);
}

/** Coordinates are read right within a metre: 0.00001° of latitude is 1.1 m. */
const sameCoordinates = (a: { crs: string; x: number; y: number }, b: { crs: string; x: number; y: number }) => {
  const tolerance = a.crs === 'EPSG:4326' ? 0.00001 : 1;
  return a.crs === b.crs && Math.abs(a.x - b.x) <= tolerance && Math.abs(a.y - b.y) <= tolerance;
};

export interface LogScore {
  /** A layer is right when its top and base are both within DEPTH_TOLERANCE of a true layer's. */
  layers: Tally;
  /** Layers right whose description is right too (DESCRIPTION_TOLERANCE). */
  described: number;
  /** Each depth (a layer's top or base) on its own. */
  depths: Tally;
  /** Characters to edit in the descriptions of the layers read right, and the true ones' length. */
  descriptionEdits: number;
  descriptionCharacters: number;
  /** An N is right at the right depth with the right value. */
  spt: Tally;
  /** Header fields read right among id, date, ground level, coordinates. */
  header: Tally;
  /** Of those, the coordinates and the date. */
  place: Tally;
  /** Water strikes and steady levels, each at its depth within DEPTH_TOLERANCE. */
  water: Tally;
  /** A sample is right with its label (type and number) at its depth. */
  samples: Tally;
}

/** How many of the depths read match a true one (each true one once), within DEPTH_TOLERANCE. */
function matchedDepths(read: readonly number[], truth: readonly number[]): number {
  const spent = new Set<number>();
  let right = 0;
  for (const depth of read) {
    const k = truth.findIndex((candidate, m) => !spent.has(m) && Math.abs(candidate - depth) <= DEPTH_TOLERANCE);
    if (k === -1) continue;
    spent.add(k);
    right++;
  }
  return right;
}

/**
 * How a reading compares with the log it was read from, field by field, each true value matched
 * once at most.
 */
export function scoreReading(reading: LogReading, truth: BoreholeLog): LogScore {
  const used = new Set<number>();
  const layerMatches: [number, number][] = [];
  reading.layers.forEach((layer, i) => {
    const j = truth.layers.findIndex(
      (candidate, k) =>
        !used.has(k) &&
        Math.abs(candidate.top - layer.top) <= DEPTH_TOLERANCE &&
        Math.abs(candidate.base - layer.base) <= DEPTH_TOLERANCE,
    );
    if (j === -1) return;
    used.add(j);
    layerMatches.push([i, j]);
  });
  const depthsOf = (layers: readonly { top: number; base: number }[]) => [
    ...new Set(layers.flatMap((layer) => [layer.top, layer.base]).map((depth) => depth.toFixed(2))),
  ];
  const readDepths = depthsOf(reading.layers).map(Number);
  const trueDepths = depthsOf(truth.layers).map(Number);
  const rightDepths = matchedDepths(readDepths, trueDepths);
  const strikes = reading.water.strikes.map((read) => read.value);
  const levels = reading.water.levels.map((read) => read.value);
  const trueTests = truth.spt.filter((test) => test.n !== null);
  const spentTests = new Set<number>();
  let rightTests = 0;
  for (const test of reading.spt) {
    const k = trueTests.findIndex(
      (candidate, m) =>
        !spentTests.has(m) && candidate.n === test.n.value && Math.abs(candidate.top - test.depth) <= DEPTH_TOLERANCE,
    );
    if (k !== -1) {
      spentTests.add(k);
      rightTests++;
    }
  }
  const spentSamples = new Set<number>();
  let rightSamples = 0;
  for (const sample of reading.samples) {
    const k = truth.samples.findIndex(
      (candidate, m) =>
        !spentSamples.has(m) &&
        sameSample(`${candidate.type} ${candidate.ref}`, sample.label.value) &&
        Math.abs(candidate.top - sample.depth) <= DEPTH_TOLERANCE,
    );
    if (k !== -1) {
      spentSamples.add(k);
      rightSamples++;
    }
  }
  const coordinates =
    truth.original ??
    (truth.lat !== null && truth.lon !== null ? { crs: 'EPSG:4326', x: truth.lon, y: truth.lat } : null);
  const readCoordinates = reading.coordinates?.value;
  // Each field: whether it was read, whether there was one to read, whether it was read right.
  const fields = {
    id: [reading.boreholeId, truth.id, reading.boreholeId?.value === truth.id],
    date: [reading.date, truth.date, reading.date?.value === truth.date],
    groundLevel: [reading.groundLevel, truth.groundLevel, reading.groundLevel?.value === truth.groundLevel],
    coordinates: [
      readCoordinates,
      coordinates,
      !!readCoordinates && !!coordinates && sameCoordinates(readCoordinates, coordinates),
    ],
  } as const;
  const tally = (names: (keyof typeof fields)[]): Tally => ({
    right: names.filter((name) => fields[name][1] !== null && fields[name][1] !== undefined && fields[name][2]).length,
    read: names.filter((name) => fields[name][0] !== null && fields[name][0] !== undefined).length,
    truth: names.filter((name) => fields[name][1] !== null && fields[name][1] !== undefined).length,
  });
  const editsOf = ([i, j]: [number, number]) =>
    editDistance(reading.layers[i]!.description.value, truth.layers[j]!.description);
  return {
    layers: { right: layerMatches.length, read: reading.layers.length, truth: truth.layers.length },
    described: layerMatches.filter(
      (match) => editsOf(match) <= DESCRIPTION_TOLERANCE * truth.layers[match[1]]!.description.length,
    ).length,
    depths: { right: rightDepths, read: readDepths.length, truth: trueDepths.length },
    descriptionEdits: layerMatches.reduce((sum, match) => sum + editsOf(match), 0),
    descriptionCharacters: layerMatches.reduce((sum, [, j]) => sum + truth.layers[j]!.description.length, 0),
    spt: { right: rightTests, read: reading.spt.length, truth: trueTests.length },
    water: {
      right: matchedDepths(strikes, truth.waterStrikes) + matchedDepths(levels, truth.standingLevels),
      read: strikes.length + levels.length,
      truth: truth.waterStrikes.length + truth.standingLevels.length,
    },
    samples: { right: rightSamples, read: reading.samples.length, truth: truth.samples.length },
    header: tally(['id', 'date', 'groundLevel', 'coordinates']),
    place: tally(['date', 'coordinates']),
  };
}
