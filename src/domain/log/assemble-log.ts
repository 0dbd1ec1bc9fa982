import { sptResult } from '../ags/spt-result.ts';
import type { BoreholeLog } from './borehole-log.ts';

/** A row of the SAMP, WSTG, WSTD or CORE group as the import keeps it: its depths and its fields. */
export interface LogRow {
  grp: string;
  top: number | null;
  base: number | null;
  fields: Record<string, string>;
}

/** What a log is drawn from: the borehole's head (identity, position, dates), and its rows. */
export interface LogSource {
  head: Omit<BoreholeLog, 'layers' | 'spt' | 'samples' | 'waterStrikes' | 'standingLevels' | 'cores'>;
  layers: { top: number; base: number | null; description: string; legend: string; geology: string }[];
  spt: { top: number; n: number | null; extra: Record<string, string> }[];
  rows: LogRow[];
}

/** A number from an AGS field, or null when it holds none (AGS writes numbers as text). */
const numberIn = (fields: Record<string, string>, heading: string) => {
  const text = fields[heading]?.trim() ?? '';
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : null;
};

/** The level each water strike stood at: its last reading (the longest wait, WSTD_NMIN). */
function standingLevels(readings: LogRow[]): number[] {
  const last = new Map<string, { minutes: number; depth: number }>();
  for (const [i, reading] of readings.entries()) {
    const depth = numberIn(reading.fields, 'WSTD_POST');
    if (depth === null) continue;
    // A reading tied to no strike (a checked log's level alone) is a level of its own.
    const strike = reading.fields.WSTG_DPTH || `#${i}`;
    const minutes = numberIn(reading.fields, 'WSTD_NMIN') ?? 0;
    if ((last.get(strike)?.minutes ?? -1) <= minutes) last.set(strike, { minutes, depth });
  }
  return [...last.values()].map((reading) => reading.depth);
}

/**
 * A borehole's log from what is stored of it: layers in order (a last layer without a base ends
 * at the final depth), SPT tests with their N or refusal, samples, water strikes and the levels
 * they stood at, and the RQD of core runs.
 */
export function assembleLog({ head, layers, spt, rows }: LogSource): BoreholeLog {
  const of = (grp: string) => rows.filter((row) => row.grp === grp);
  return {
    ...head,
    layers: layers.map((layer) => ({ ...layer, base: layer.base ?? Math.max(head.depth, layer.top) })),
    spt: spt.map((test) => ({ top: test.top, ...sptResult(test.n, test.extra) })),
    samples: of('SAMP')
      .filter((sample) => sample.top !== null)
      .map((sample) => ({
        top: sample.top!,
        base: sample.base,
        type: sample.fields.SAMP_TYPE ?? '',
        ref: sample.fields.SAMP_REF ?? '',
      })),
    waterStrikes: of('WSTG')
      .map((strike) => strike.top ?? numberIn(strike.fields, 'WSTG_DPTH'))
      .filter((depth): depth is number => depth !== null),
    standingLevels: standingLevels(of('WSTD')),
    cores: of('CORE')
      .filter((core) => core.top !== null && core.base !== null)
      .map((core) => ({ top: core.top!, base: core.base!, rqd: numberIn(core.fields, 'CORE_RQD') })),
  };
}
