import { describe, expect, it } from 'vitest';
import type { CheckedLog } from './checked-log.ts';
import { depthList, matchLayers, matchPoints, mergeLine, mergeSummary, removalLabel } from './merge-log.ts';

const log = (patch: Partial<CheckedLog>): CheckedLog => ({
  date: null,
  groundLevel: null,
  finalDepth: null,
  layers: [],
  spt: [],
  samples: [],
  water: { strikes: [], levels: [] },
  ...patch,
});

describe('matching what was read with what is stored', () => {
  it('pairs points one to one, nearest first, within 10 cm', () => {
    expect(matchPoints([7.2, 9.2, 11.2], [9.25])).toEqual([null, 0, null]);
    expect(matchPoints([1.5, 1.55], [1.54])).toEqual([null, 0]);
    expect(matchPoints([3], [3.2])).toEqual([null]);
    expect(matchPoints([], [1, 2])).toEqual([]);
    expect(matchPoints([1, 2], [])).toEqual([null, null]);
  });

  it('pairs a layer whose base was corrected, and keeps apart a layer the reading merged into another', () => {
    const stored = [
      { top: 0, base: 1.2 },
      { top: 1.2, base: 3.5 },
      { top: 3.5, base: 7 },
    ];
    expect(
      matchLayers(stored, [
        { top: 0, base: 1.2 },
        { top: 1.2, base: 3.6 },
        { top: 3.6, base: 7 },
      ]),
    ).toEqual([0, 1, 2]);
    // One read layer for the first two: only the one it shares most with is paired.
    expect(
      matchLayers(stored, [
        { top: 0, base: 3.5 },
        { top: 3.5, base: 7 },
      ]),
    ).toEqual([null, 0, 1]);
    // A layer stored without a base is paired by its top.
    expect(matchLayers([{ top: 2, base: null }], [{ top: 2.05, base: 4 }])).toEqual([0]);
    // Layers that share less than half of the thinner one are different layers.
    expect(matchLayers([{ top: 0, base: 2 }], [{ top: 1.5, base: 5 }])).toEqual([null]);
  });
});

describe('the summary shown before « Valider »', () => {
  // The borehole of the report: 4 SPT, 47 samples; the reading saw one SPT and no sample.
  const stored = {
    layers: [
      { top: 0, base: 1.2 },
      { top: 1.2, base: 7 },
    ],
    spt: [5.2, 7.2, 9.2, 11.2],
    samples: Array.from({ length: 47 }, (_, i) => 0.6 + i * 0.6),
    strikes: [2.1],
    levels: [],
  };
  const read = log({
    layers: [
      { top: 0, base: 1.2, legend: 'FILL', description: 'Remblai' },
      { top: 1.2, base: 6.9, legend: 'CL', description: 'Argile' },
    ],
    spt: [{ depth: 5.2, n: 12 }],
    water: { strikes: [], levels: [1.8] },
  });
  const summary = mergeSummary(stored, read);

  it('counts, group by group, what was read, what is stored and what the reading does not have', () => {
    expect(summary.layers).toEqual({ read: 2, stored: 2, matched: 2, unread: [] });
    expect(summary.spt).toEqual({ read: 1, stored: 4, matched: 1, unread: [7.2, 9.2, 11.2] });
    expect(summary.samples.unread).toHaveLength(47);
    expect(summary.strikes).toEqual({ read: 0, stored: 1, matched: 0, unread: [2.1] });
    expect(summary.levels).toEqual({ read: 1, stored: 0, matched: 0, unread: [] });
  });

  it('says it in French, kept by default and removed only when chosen', () => {
    expect(mergeLine('spt', summary.spt, false)).toBe(
      'SPT : 1 lu, 4 enregistrés — les 3 autres sont gardés (7,20, 9,20 et 11,20 m).',
    );
    expect(mergeLine('spt', summary.spt, true)).toBe(
      'SPT : 1 lu, 4 enregistrés — les 3 autres seront retirés (7,20, 9,20 et 11,20 m).',
    );
    expect(mergeLine('samples', summary.samples, false)).toBe(
      'Échantillons : 0 lu, 47 enregistrés — les 47 sont gardés (de 0,60 à 28,20 m).',
    );
    expect(mergeLine('layers', summary.layers, false)).toBe('Couches : 2 lues, 2 enregistrées — toutes relues.');
    expect(mergeLine('strikes', summary.strikes, false)).toBe(
      'Venues d’eau : 0 lue, 1 enregistrée — elle est gardée (2,10 m).',
    );
    expect(mergeLine('levels', summary.levels, false)).toBe('Niveaux d’eau : 1 lu, 0 enregistré.');
    expect(removalLabel('spt', summary.spt)).toBe('Retirer les 3 essais enregistrés que la lecture n’a pas');
    expect(removalLabel('strikes', summary.strikes)).toBe('Retirer la venue d’eau enregistrée que la lecture n’a pas');
    expect(removalLabel('samples', { read: 0, stored: 1, matched: 0, unread: [1] })).toBe(
      'Retirer l’échantillon enregistré que la lecture n’a pas',
    );
  });

  it('lists depths in order, in French', () => {
    expect(depthList([9.2, 7.2])).toBe('7,20 et 9,20 m');
    expect(depthList([1])).toBe('1,00 m');
  });
});
