import type { CheckedLog, StoredDepths } from './checked-log.ts';
import { numberFormat } from '../format.ts';

export type { StoredDepths };

/**
 * How a checked log goes into a borehole that already holds values: it is merged, never swapped in.
 * Each stored row the reading also has (same depth, or for a layer mostly the same interval) takes
 * the values read and keeps its other fields; each row read and not stored is added; each stored row
 * the reading does not have is kept — unless the person chose, group by group, to remove those.
 */

/** The groups a reading brings, in the order the screen lists them. */
export const MERGE_GROUPS = ['layers', 'spt', 'samples', 'strikes', 'levels'] as const;
export type MergeGroup = (typeof MERGE_GROUPS)[number];

/** Two depths of one test, sample or observation: written to the centimetre, read maybe a little off. */
export const SAME_DEPTH_M = 0.1;

/**
 * Which read point each stored point is (its index), or null: one to one, nearest first, within
 * SAME_DEPTH_M.
 *
 * @example matchPoints([7.2, 9.2], [9.25]) // [null, 0]
 */
export function matchPoints(stored: readonly number[], read: readonly number[]): (number | null)[] {
  const pairs = stored
    .flatMap((depth, s) => read.map((other, r) => ({ s, r, gap: Math.abs(depth - other) })))
    .filter((pair) => pair.gap <= SAME_DEPTH_M + 1e-9)
    .sort((a, b) => a.gap - b.gap || a.s - b.s || a.r - b.r);
  return pairTaken(stored.length, pairs);
}

/**
 * Which read layer each stored layer is, or null: one to one, the largest shared thickness first,
 * when the two share at least half of the thinner one (a corrected base still matches). A stored
 * layer without a base matches a read layer with the same top.
 *
 * @example matchLayers([{ top: 0, base: 1.2 }, { top: 1.2, base: 3.5 }], [{ top: 0, base: 1 }, { top: 1, base: 3.5 }]) // [0, 1]
 */
export function matchLayers(
  stored: readonly { top: number; base: number | null }[],
  read: readonly { top: number; base: number }[],
): (number | null)[] {
  const pairs = stored.flatMap((layer, s) =>
    read.flatMap((other, r) => {
      if (layer.base === null || layer.base <= layer.top) {
        const gap = Math.abs(layer.top - other.top);
        return gap <= SAME_DEPTH_M + 1e-9 ? [{ s, r, gap }] : [];
      }
      const shared = Math.min(layer.base, other.base) - Math.max(layer.top, other.top);
      const thinner = Math.min(layer.base - layer.top, other.base - other.top);
      return shared > 0 && shared >= thinner / 2 - 1e-9 ? [{ s, r, gap: -shared }] : [];
    }),
  );
  pairs.sort((a, b) => a.gap - b.gap || a.s - b.s || a.r - b.r);
  return pairTaken(stored.length, pairs);
}

function pairTaken(count: number, pairs: { s: number; r: number }[]): (number | null)[] {
  const matched: (number | null)[] = Array.from({ length: count }, () => null);
  const taken = new Set<number>();
  for (const { s, r } of pairs) {
    if (matched[s] !== null || taken.has(r)) continue;
    matched[s] = r;
    taken.add(r);
  }
  return matched;
}

/** What validating does to one group. */
export interface GroupMerge {
  read: number;
  stored: number;
  /** Stored rows the reading also has: their values become the ones read. */
  matched: number;
  /** Depths of the stored rows the reading does not have: kept, or removed when the person chose so. */
  unread: number[];
}

/** The depths of a checked log, group by group, as a merge compares them. */
function readDepths(log: CheckedLog) {
  return {
    layers: log.layers,
    spt: log.spt.map((test) => test.depth),
    samples: log.samples.map((sample) => sample.depth),
    strikes: log.water.strikes,
    levels: log.water.levels,
  };
}

/** What validating `log` does to each group of a borehole holding `stored`. */
export function mergeSummary(stored: StoredDepths, log: CheckedLog): Record<MergeGroup, GroupMerge> {
  const read = readDepths(log);
  const group = (storedDepths: number[], matches: (number | null)[], readCount: number): GroupMerge => ({
    read: readCount,
    stored: storedDepths.length,
    matched: matches.filter((match) => match !== null).length,
    unread: storedDepths.filter((_, i) => matches[i] === null),
  });
  return {
    layers: group(
      stored.layers.map((layer) => layer.top),
      matchLayers(stored.layers, read.layers),
      read.layers.length,
    ),
    spt: group(stored.spt, matchPoints(stored.spt, read.spt), read.spt.length),
    samples: group(stored.samples, matchPoints(stored.samples, read.samples), read.samples.length),
    strikes: group(stored.strikes, matchPoints(stored.strikes, read.strikes), read.strikes.length),
    levels: group(stored.levels, matchPoints(stored.levels, read.levels), read.levels.length),
  };
}

/** Each group's name, and its words for « read », « stored », « kept », by number and gender. */
const WORDS: Record<MergeGroup, { name: string; noun: [string, string]; feminine: boolean }> = {
  layers: { name: 'Couches', noun: ['couche', 'couches'], feminine: true },
  spt: { name: 'SPT', noun: ['essai', 'essais'], feminine: false },
  samples: { name: 'Échantillons', noun: ['échantillon', 'échantillons'], feminine: false },
  strikes: { name: 'Venues d’eau', noun: ['venue d’eau', 'venues d’eau'], feminine: true },
  levels: { name: 'Niveaux d’eau', noun: ['niveau d’eau', 'niveaux d’eau'], feminine: false },
};

const agreed = (word: string, count: number, feminine: boolean) =>
  `${word}${feminine ? 'e' : ''}${count > 1 ? 's' : ''}`;
const depthFormat = numberFormat({ minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** « 7,20 m », « 7,20 et 9,20 m », « 7,20, 9,20 et 11,20 m »; beyond five, « de 0,60 à 30,10 m ». */
export function depthList(depths: readonly number[]): string {
  const shown = [...depths].sort((a, b) => a - b).map((depth) => depthFormat.format(depth));
  if (shown.length > 5) return `de ${shown[0]} à ${shown.at(-1)} m`;
  if (shown.length <= 1) return `${shown.join('')} m`;
  return `${shown.slice(0, -1).join(', ')} et ${shown.at(-1)} m`;
}

/**
 * One group's line of the summary shown before « Valider ».
 *
 * @example mergeLine('spt', { read: 1, stored: 4, matched: 1, unread: [7.2, 9.2, 11.2] }, false)
 * // « SPT : 1 lu, 4 enregistrés — les 3 autres sont gardés (7,20, 9,20 et 11,20 m). »
 */
export function mergeLine(group: MergeGroup, merge: GroupMerge, removing: boolean): string {
  const { name, feminine } = WORDS[group];
  const counts =
    `${name} : ${merge.read} ${agreed('lu', merge.read, feminine)}, ` +
    `${merge.stored} ${agreed('enregistré', merge.stored, feminine)}`;
  const others = merge.unread.length;
  if (others === 0) {
    if (merge.stored === 0) return `${counts}.`;
    return `${counts} — ${feminine ? 'toutes relues' : 'tous relus'}.`;
  }
  const many = others > 1;
  const subject =
    merge.matched > 0 ? (many ? `les ${others} autres` : 'l’autre') : many ? `les ${others}` : feminine ? 'elle' : 'il';
  const fate = removing
    ? `${many ? 'seront' : 'sera'} ${agreed('retiré', others, feminine)}`
    : `${many ? 'sont' : 'est'} ${agreed('gardé', others, feminine)}`;
  return `${counts} — ${subject} ${fate} (${depthList(merge.unread)}).`;
}

/** The label of the choice that removes a group's stored rows the reading does not have. */
export function removalLabel(group: MergeGroup, merge: GroupMerge): string {
  const { noun, feminine } = WORDS[group];
  const others = merge.unread.length;
  const word = noun[others > 1 ? 1 : 0];
  const article = others > 1 ? `les ${others} ` : /^[aeiouéh]/i.test(word) ? 'l’' : feminine ? 'la ' : 'le ';
  return `Retirer ${article}${word} ${agreed('enregistré', others, feminine)} que la lecture n’a pas`;
}
