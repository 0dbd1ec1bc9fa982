import { sptText } from '../ags/spt-result.ts';
import type { BoreholeLog } from './borehole-log.ts';
import { declutter } from './declutter.ts';
import { COLUMNS, FONT, PLOT_MAX_N, twoDecimals, upToTwo, type Column, type Frame } from './log-frame.ts';
import type { Drawn } from './log-strata.ts';
import { at, type Data, type Shape } from './sheet.ts';
import { formatDepthRange } from '../format.ts';
import { ASCENT, DESCENT, ellipsis, fitLines, fittingSize } from './text-width.ts';

/** A well's pipe, in the elevation column's left edge: its left side and width, in millimetres. */
const PIPE_INSET = 0.5;
const PIPE_WIDTH = 2;

/**
 * Where the elevation column's words may go: from the column's left, or past a well's pipe when
 * one is drawn, to its right edge.
 */
function elevationRoom(log: BoreholeLog): { left: number; right: number } {
  const [left, right] = COLUMNS.elevation;
  return log.screen
    ? { left: left + PIPE_INSET + PIPE_WIDTH + 0.4, right: right - 0.6 }
    : { left: left + 0.6, right: right - 1.5 };
}

/** Metres between two labelled ticks of the depth scale, so that labels stay readable. */
const labelStep = (scale: number) => (scale === 200 ? 2 : 1);

/** Depth and elevation scales: a tick each metre (each 0.5 m at 1:50), a label each labelStep. */
export function depthScale(log: BoreholeLog, frame: Frame): Shape {
  const { scale, from, to, y } = frame;
  const depthRight = COLUMNS.depth[1];
  const room = elevationRoom(log);
  const tick = scale === 50 ? 0.5 : 1;
  const shapes: Shape[] = [];
  for (let depth = Math.ceil(from / tick) * tick; depth <= to + 1e-9; depth += tick) {
    const labelled = Math.abs(depth / labelStep(scale) - Math.round(depth / labelStep(scale))) < 1e-9;
    const yy = y(depth);
    const length = labelled ? 2.5 : 1.2;
    shapes.push({
      kind: 'line',
      x1: depthRight - length,
      x2: depthRight,
      y1: yy,
      y2: yy,
      stroke: '#222',
      strokeWidth: 0.2,
    });
    if (!labelled) continue;
    shapes.push({
      kind: 'text',
      className: 'log-depth-label',
      data: { depth },
      x: depthRight - 3,
      y: yy + 0.9,
      size: FONT,
      anchor: 'end',
      lines: [upToTwo.format(depth)],
    });
    if (log.groundLevel !== null) {
      const elevation = twoDecimals.format(log.groundLevel - depth);
      shapes.push({
        kind: 'text',
        className: 'log-elevation-label',
        x: room.right,
        y: yy + 0.9,
        size: fittingSize(elevation, room.right - room.left, FONT, 1.6),
        anchor: 'end',
        lines: [elevation],
      });
    }
  }
  return { kind: 'group', className: 'log-scale', shapes };
}

/**
 * The observation well, in the elevation column's left edge: its riser from the ground to the
 * screen, then the screen (crépine) slotted. Says so when the ground level is unknown, so that the
 * column is not left blank without a word.
 */
export function wellMarks(log: BoreholeLog, frame: Frame): Shape[] {
  const left = COLUMNS.elevation[0];
  const { y, clip } = frame;
  const marks: Shape[] = [];
  if (log.groundLevel === null) {
    const room = elevationRoom(log);
    marks.push({
      kind: 'text',
      className: 'log-elevation-unknown',
      x: room.right,
      y: frame.bodyTop + 3,
      size: fittingSize('inconnue', room.right - room.left, 1.8, 1.4),
      anchor: 'end',
      fill: '#444',
      lines: ['inconnue'],
    });
  }
  const { screen } = log;
  if (!screen || !frame.within(Math.min(0, screen.top), screen.base)) return marks;
  const x = left + PIPE_INSET;
  const [top, base] = [y(clip(screen.top)), y(clip(screen.base))];
  const riser = y(clip(0));
  const slots = Array.from(
    { length: Math.floor((base - top) / 0.8) },
    (_, i) => `M${at(x + 0.3)} ${at(top + 0.4 + i * 0.8)}h1.4`,
  );
  marks.push({
    kind: 'group',
    className: 'log-screen',
    data: { top: screen.top, base: screen.base },
    title: `Crépine : ${formatDepthRange(screen.top, screen.base)}`,
    shapes: [
      ...(top > riser
        ? [
            {
              kind: 'rect',
              x,
              y: riser,
              width: PIPE_WIDTH,
              height: top - riser,
              stroke: '#0b63c5',
              strokeWidth: 0.25,
            } as const,
          ]
        : []),
      {
        kind: 'rect',
        x,
        y: top,
        width: PIPE_WIDTH,
        height: base - top,
        fill: '#fff',
        stroke: '#0b63c5',
        strokeWidth: 0.25,
      },
      { kind: 'path', d: slots.join(''), fill: 'none', stroke: '#0b63c5', strokeWidth: 0.2 },
    ],
  });
  return marks;
}

/** A label of a narrow column, pointing at a depth. */
interface Mark {
  /** The y it points at. */
  at: number;
  lines: string[];
  size: number;
  /** Where its top would be: centred on its depth unless said. */
  want?: number;
  className: string;
  data: Data;
  /** What goes with the label at its depth (a bar, a point), not moved with it. */
  with?: Shape[];
}

/** Space between two labels of a column, and a label's lines. */
const GAP = 0.25;
const lineHeightOf = (size: number) => size * 1.2;
const heightOf = (mark: Mark) =>
  (ASCENT + DESCENT) * mark.size + (mark.lines.length - 1) * lineHeightOf(mark.size) + GAP;

/**
 * Labels down a narrow column, from `left` (after the gutter where leaders run) to `right`: each
 * at its depth when there is room, pushed apart otherwise (declutter), with a leader from the
 * column's edge at its depth to the label moved.
 */
function stack(marks: Mark[], frame: Frame, column: Column, gutter: number, anchor: 'start' | 'middle'): Drawn {
  const [edge, right] = COLUMNS[column];
  const left = edge + gutter;
  const ordered = marks
    .map((mark) => ({ mark, height: heightOf(mark) }))
    .map((entry) => ({ ...entry, want: entry.mark.want ?? entry.mark.at - entry.height / 2 }))
    .sort((a, b) => a.want - b.want);
  const tops = declutter(ordered, frame.bodyTop, frame.bodyBottom);
  let bottom = frame.bodyTop;
  const shapes = ordered.map(({ mark, height, want }, i): Shape => {
    const top = tops[i]!;
    bottom = Math.max(bottom, top + height - GAP);
    const leader: Shape[] =
      Math.abs(top - want) > 0.05
        ? [
            {
              kind: 'polyline',
              points: [
                [edge + 0.3, mark.at],
                [left - 0.4, top + (height - GAP) / 2],
              ],
              stroke: '#666',
              strokeWidth: 0.15,
            },
          ]
        : [];
    return {
      kind: 'group',
      className: mark.className,
      data: mark.data,
      shapes: [
        ...(mark.with ?? []),
        ...leader,
        {
          kind: 'text',
          x: anchor === 'middle' ? (left + right) / 2 : left,
          y: top + ASCENT * mark.size,
          size: mark.size,
          lineHeight: lineHeightOf(mark.size),
          anchor,
          lines: mark.lines,
        },
      ],
    };
  });
  return { shapes, bottom };
}

/** Lines that fit a column's width: at `size`, else smaller down to `smallest`, else cut. */
function fitted(lines: string[], width: number, size: number, smallest: number): { lines: string[]; size: number } {
  const fit = Math.min(...lines.map((line) => fittingSize(line, width, size, smallest)));
  return { lines: lines.map((line) => ellipsis(line, width, fit)), size: fit };
}

/** Samples: a bar over the sampled length (or a mark), its type and reference beside it. */
export function sampleMarks(log: BoreholeLog, frame: Frame): Drawn {
  const { y, clip } = frame;
  const [left, right] = COLUMNS.samples;
  const width = right - 0.4 - (left + 4);
  const marks = log.samples.flatMap((sample): Mark[] => {
    const base = sample.base ?? sample.top;
    if (!frame.within(sample.top, Math.max(base, sample.top + 1e-6))) return [];
    const top = y(clip(sample.top));
    const label = [sample.type, sample.ref].filter(Boolean).join(' ');
    const size = 2;
    const wrapped = fitLines(label, width, size).slice(0, 2);
    const { lines, size: fit } = fitted(wrapped.length ? wrapped : [''], width, size, 1.6);
    return [
      {
        at: top,
        want: top,
        lines,
        size: fit,
        className: 'log-sample',
        data: { top: sample.top, type: sample.type },
        with: [
          { kind: 'rect', x: left + 1, y: top, width: 2, height: Math.max(0.8, y(clip(base)) - top), fill: '#333' },
        ],
      },
    ];
  });
  return stack(marks, frame, 'samples', 4, 'start');
}

/** A small triangle at the plot's right edge: the test stopped beyond the plot's end (a refusal). */
const beyond = (x: number, y: number): Shape => ({
  kind: 'path',
  d: `M${x - 1.6} ${y - 0.9}l1.6 0.9l-1.6 0.9z`,
  fill: '#b3261e',
  stroke: 'none',
  strokeWidth: 0,
});

/** SPT: the N value (or the refusal) in its column, and its point on the plot. */
export function sptMarks(log: BoreholeLog, frame: Frame): Drawn {
  const { y, bodyTop, bodyBottom } = frame;
  const [sptLeft, sptRight] = COLUMNS.spt;
  const [plotLeft, plotRight] = COLUMNS.plot;
  const plotX = (n: number) => plotLeft + 2 + (Math.min(n, PLOT_MAX_N) / PLOT_MAX_N) * (plotRight - plotLeft - 4);
  const shapes: Shape[] = [];
  for (let n = 10; n < PLOT_MAX_N; n += 10) {
    shapes.push({
      kind: 'line',
      x1: plotX(n),
      x2: plotX(n),
      y1: bodyTop,
      y2: bodyBottom,
      stroke: '#ccc',
      strokeWidth: 0.15,
    });
  }
  const tests = log.spt.filter((test) => test.top >= frame.from && test.top <= frame.to);
  // A refusal stands beyond the plot's end: at its edge, with a mark.
  const plotted = (test: (typeof tests)[number]) => (test.refusal ? PLOT_MAX_N + 1 : test.n);
  const points = tests
    .filter((test) => plotted(test) !== null)
    .map((test): [number, number] => [plotX(plotted(test)!), y(test.top)]);
  if (points.length > 1) shapes.push({ kind: 'polyline', points, stroke: '#b3261e', strokeWidth: 0.3 });
  const gutter = 1.2;
  const width = sptRight - 0.3 - (sptLeft + gutter);
  const marks = tests.map((test): Mark => {
    const yy = y(test.top);
    const value = plotted(test);
    const text = sptText(test);
    const { refusal } = test;
    // A refusal's « 50/165 mm » on two lines (three at seating), to stay within its column.
    const written =
      refusal?.mm != null
        ? [`${refusal.blows}/${upToTwo.format(refusal.mm)}`, 'mm', ...(refusal.seating ? ['(amorç.)'] : [])]
        : [text];
    const { lines, size } = fitted(written, width, written.length > 1 ? 2 : FONT, 1.5);
    const point: Shape[] =
      value === null ? [] : [{ kind: 'circle', cx: plotX(value), cy: yy, r: 0.7, fill: '#b3261e' }];
    if (value !== null && value > PLOT_MAX_N) point.push(beyond(plotRight - 0.4, yy));
    return {
      at: yy,
      lines,
      size,
      className: 'log-spt',
      data: { top: test.top, n: test.n ?? '', ...(refusal ? { refusal: text } : {}) },
      with: point,
    };
  });
  const labels = stack(marks, frame, 'spt', gutter, 'middle');
  return { shapes: [...shapes, ...labels.shapes], bottom: labels.bottom };
}

/** RQD of each core run, at the run's middle. */
export function rqdMarks(log: BoreholeLog, frame: Frame): Drawn {
  const { y, clip } = frame;
  const [left, right] = COLUMNS.rqd;
  const marks = log.cores
    .filter((run) => run.rqd !== null && frame.within(run.top, run.base))
    .map((core): Mark => ({
      at: y(clip((core.top + core.base) / 2)),
      lines: [String(Math.round(core.rqd!))],
      size: 2.2,
      className: 'log-rqd',
      data: { top: core.top, rqd: core.rqd! },
    }));
  return stack(
    marks.map((mark) => ({ ...mark, ...fitted(mark.lines, right - left - 1.6, mark.size, 1.6) })),
    frame,
    'rqd',
    1.2,
    'middle',
  );
}
