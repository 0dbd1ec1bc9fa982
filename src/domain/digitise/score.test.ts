import { describe, expect, it } from 'vitest';
import type { BoreholeLog } from '../log/borehole-log.ts';
import type { LogReading } from './log-reading.ts';
import { scoreReading } from './score.ts';

const truth: BoreholeLog = {
  id: 'F-1',
  locaId: null,
  project: 'P',
  site: 'S',
  organisation: 'O',
  lat: null,
  lon: null,
  original: null,
  locationConfidence: 'Levée',
  groundLevel: null,
  depth: 5,
  date: null,
  endDate: null,
  method: null,
  holeType: null,
  layers: [],
  spt: [],
  samples: [
    { top: 0.75, base: 1.35, type: 'CF', ref: '1' },
    { top: 2.25, base: 2.85, type: 'TM', ref: '2' },
  ],
  waterStrikes: [],
  standingLevels: [],
  screen: null,
  cores: [],
};
const box = { x: 0, y: 0, width: 0.1, height: 0.01 };
const reading = (labels: [number, string][]): LogReading => ({
  boreholeId: null,
  date: null,
  coordinates: null,
  groundLevel: null,
  finalDepth: null,
  layers: [],
  spt: [],
  samples: labels.map(([depth, value]) => ({ depth, label: { value, page: 1, box } })),
  water: { strikes: [], levels: [] },
});

describe('the score of samples', () => {
  it('takes a sample’s English code for its French one (« SS 1 » is « CF 1 »), not another kind', () => {
    expect(
      scoreReading(
        reading([
          [0.75, 'SS 1'],
          [2.25, 'ST 2'],
        ]),
        truth,
      ).samples.right,
    ).toBe(2);
    expect(
      scoreReading(
        reading([
          [0.75, 'CF 1'],
          [2.25, 'TM 2'],
        ]),
        truth,
      ).samples.right,
    ).toBe(2);
    expect(
      scoreReading(
        reading([
          [0.75, 'ST 1'],
          [2.25, 'SS 2'],
        ]),
        truth,
      ).samples.right,
    ).toBe(0);
  });
});
