import { describe, expect, it } from 'vitest';
import { readFixture, sampleNames } from '../../../tests/ags-fixtures.ts';
import { checkBoreholes } from '../ags/import/geosonde-rules.ts';
import { normaliseText } from '../ags/import/prepare-import.ts';
import { knownFinalDepth, readBoreholes, type ImportedBorehole } from '../ags/import/read-project.ts';
import { readAgs } from '../ags/read-ags.ts';
import { tenantEmblem } from '../tenants.ts';
import { assembleLog } from './assemble-log.ts';
import type { BoreholeLog } from './borehole-log.ts';
import { layoutLog, logPages, LOG_SCALES } from './draw-log.ts';
import { COLUMNS, HEADER, HEADS, MARGIN, PAGE_HEIGHT, WIDTH } from './log-frame.ts';
import type { Shape, Sheet } from './sheet.ts';
import { ASCENT, DESCENT, textWidth } from './text-width.ts';

/**
 * The layout of every borehole of every real AGS file kept with the tests (files written by
 * others, dense ones among them), checked geometrically: each text's box is computed from the
 * widths of the typeface the log is measured in, and no two boxes overlap, no box leaves its
 * column (or the header, or the sheet), no line crosses a box, and each description stands at its
 * layer's boundary, which a leader joins to the layer's depth.
 */

const TOP_OF_BODY = MARGIN + HEADER + HEADS;

/** The logs of a file, as GéoSonde would store and draw them (the boreholes it sets aside left out). */
function logsOf(name: string): BoreholeLog[] {
  const { groups } = readAgs(new TextEncoder().encode(normaliseText(readFixture(name)).text));
  const boreholes = readBoreholes(new Map(groups.map((group) => [group.name, group])), '27700');
  const { setAside } = checkBoreholes(groups, boreholes);
  const proj = groups.find((group) => group.name === 'PROJ');
  const project = proj?.rows[0]?.values[proj.headings?.indexOf('PROJ_NAME') ?? -1] ?? name;
  // A third of them drawn as observation wells, their screen over the middle third of the hole.
  return boreholes
    .filter((borehole) => !setAside.has(borehole.locaId))
    .map((borehole) => logOf(borehole, project))
    .map((log, i) => (i % 3 === 0 ? { ...log, screen: { top: log.depth / 3, base: (2 * log.depth) / 3 } } : log));
}

function logOf(borehole: ImportedBorehole, project: string): BoreholeLog {
  const deepest = Math.max(0, ...borehole.layers.map((layer) => layer.base ?? layer.top));
  const position = borehole.position?.ok ? borehole.position : null;
  return assembleLog({
    head: {
      id: borehole.locaId,
      locaId: null,
      project,
      site: '',
      organisation: 'Ville de Montréal',
      emblem: tenantEmblem('montreal'),
      lat: position?.lat ?? null,
      lon: position?.lon ?? null,
      original: position ? { crs: position.crs, x: position.x, y: position.y } : null,
      locationConfidence: position ? 'surveyed' : 'unknown',
      groundLevel: borehole.groundLevel,
      depth: knownFinalDepth(borehole) ?? deepest,
      date: borehole.start || null,
      endDate: borehole.end || null,
      method: null,
      holeType: null,
      screen: null,
    },
    layers: borehole.layers,
    spt: borehole.spt.map((test) => ({ top: test.top, n: test.n, extra: test.fields })),
    rows: Object.entries(borehole.logs).flatMap(([grp, rows]) =>
      rows.map((row) => ({ grp, top: row.top, base: row.base, fields: row.values })),
    ),
  });
}

interface Box {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
  text: string;
  /** Its line in its text. */
  line: number;
  /** The classes of the groups it is in, and its own. */
  classes: string[];
  anchorX: number;
  data: Record<string, string | number>;
}
type Segment = [number, number, number, number];

/** Every text's box and every straight stroke of a sheet. */
function geometryOf(
  shapes: Shape[],
  classes: string[] = [],
  found = { boxes: [] as Box[], segments: [] as Segment[] },
) {
  for (const shape of shapes) {
    if (shape.kind === 'group') geometryOf(shape.shapes, [...classes, shape.className], found);
    else if (shape.kind === 'line') found.segments.push([shape.x1, shape.y1, shape.x2, shape.y2]);
    else if (shape.kind === 'rect' && classes.includes('log-screen')) {
      // The four sides of a well's riser and screen, which no word of the elevation column may cross.
      const [x0, y0, x1, y1] = [shape.x, shape.y, shape.x + shape.width, shape.y + shape.height];
      found.segments.push([x0, y0, x1, y0], [x1, y0, x1, y1], [x1, y1, x0, y1], [x0, y1, x0, y0]);
    } else if (shape.kind === 'polyline') {
      shape.points.slice(1).forEach(([x, y], i) => found.segments.push([...shape.points[i]!, x, y]));
    } else if (shape.kind === 'text') {
      // A box a line: a short last line leaves room beside it.
      const lineHeight = shape.lineHeight ?? shape.size * 1.2;
      shape.lines.forEach((line, i) => {
        if (line.trim() === '') return;
        const width = textWidth(line, shape.size, shape.bold);
        const x0 = shape.anchor === 'end' ? shape.x - width : shape.anchor === 'middle' ? shape.x - width / 2 : shape.x;
        const baseline = shape.y + i * lineHeight;
        found.boxes.push({
          x0,
          x1: x0 + width,
          y0: baseline - ASCENT * shape.size,
          y1: baseline + DESCENT * shape.size,
          text: line,
          line: i,
          classes: shape.className ? [...classes, shape.className] : classes,
          anchorX: shape.x,
          data: shape.data ?? {},
        });
      });
    }
  }
  return found;
}

const EPSILON = 1e-6;
const overlap = (a: Box, b: Box) =>
  a.x0 < b.x1 - EPSILON && b.x0 < a.x1 - EPSILON && a.y0 < b.y1 - EPSILON && b.y0 < a.y1 - EPSILON;

/** Whether a segment passes through a box's inside (Liang–Barsky clipping). */
function crosses([x1, y1, x2, y2]: Segment, box: Box): boolean {
  const [dx, dy] = [x2 - x1, y2 - y1];
  let [low, high] = [0, 1];
  const sides: [number, number][] = [
    [-dx, x1 - (box.x0 + EPSILON)],
    [dx, box.x1 - EPSILON - x1],
    [-dy, y1 - (box.y0 + EPSILON)],
    [dy, box.y1 - EPSILON - y1],
  ];
  for (const [p, q] of sides) {
    if (p === 0) {
      if (q < 0) return false;
    } else {
      const t = q / p;
      if (p < 0) low = Math.max(low, t);
      else high = Math.min(high, t);
      if (low > high) return false;
    }
  }
  return true;
}

/** Where the boxes of a sheet break the rules, in words (empty when none does). */
function faultsOf(sheet: Sheet, frame: { from: number; scale: number }): string[] {
  const { boxes, segments } = geometryOf(sheet.shapes);
  const faults: string[] = [];
  const named = (box: Box) => `« ${box.text.slice(0, 40)} »`;
  const sorted = [...boxes].sort((a, b) => a.y0 - b.y0);
  sorted.forEach((box, i) => {
    for (const other of sorted.slice(i + 1)) {
      if (other.y0 >= box.y1) break;
      if (overlap(box, other)) faults.push(`${named(box)} chevauche ${named(other)}`);
    }
  });
  for (const box of boxes) {
    if (box.x0 < -EPSILON || box.x1 > sheet.width + EPSILON || box.y0 < 0 || box.y1 > sheet.height) {
      faults.push(`${named(box)} sort de la feuille`);
    }
    const inLegend = box.classes.includes('log-legend');
    const [left, right] =
      box.y1 <= MARGIN + HEADER || inLegend
        ? [MARGIN, WIDTH - MARGIN]
        : (Object.values(COLUMNS).find(([l, r]) => box.anchorX > l && box.anchorX < r) ?? [0, 0]);
    if (box.x0 < left - EPSILON || box.x1 > right + EPSILON) faults.push(`${named(box)} sort de sa colonne`);
    const crossing = segments.find((segment) => crosses(segment, box));
    if (crossing) faults.push(`${named(box)} est barré par un trait (${crossing.map((v) => v.toFixed(2)).join(', ')})`);
  }
  // Each description stands under its layer's boundary, which a leader joins to the layer's top.
  const mm = 1000 / frame.scale;
  const depthY = (depth: number) => TOP_OF_BODY + (depth - frame.from) * mm;
  const boundaries = collect(sheet.shapes, 'log-boundary').map((group) => {
    const line = group.shapes[0] as Extract<Shape, { kind: 'polyline' }>;
    return { depth: Number(group.data!.depth), from: line.points[0]![1], at: line.points.at(-1)![1] };
  });
  for (const box of boxes.filter((b) => b.classes.includes('log-description') && b.line === 0)) {
    const top = Math.max(frame.from, Number(box.data.top));
    // Its own boundary: of its depth, the nearest above it (two layers may start at one depth).
    const boundary = boundaries
      .filter((b) => Math.abs(b.depth - top) < EPSILON && b.at <= box.y0 + EPSILON)
      .sort((a, b) => b.at - a.at)[0];
    const at = boundary ? boundary.at : TOP_OF_BODY;
    if (!boundary && top > frame.from + EPSILON) faults.push(`${named(box)} n’a pas de limite de couche`);
    if (boundary && Math.abs(boundary.from - depthY(top)) > 0.01) {
      faults.push(`la limite de ${named(box)} ne part pas de sa profondeur`);
    }
    if (box.y0 < at - EPSILON || box.y0 > at + 1) faults.push(`${named(box)} n’est pas sous sa limite`);
  }
  return faults;
}

function collect(shapes: Shape[], className: string): Extract<Shape, { kind: 'group' }>[] {
  return shapes.flatMap((shape) =>
    shape.kind !== 'group'
      ? []
      : shape.className.split(' ').includes(className)
        ? [shape]
        : collect(shape.shapes, className),
  );
}

const FILES = sampleNames().map((name) => [name, logsOf(name)] as const);

describe('the layout of every borehole of the real AGS files', () => {
  it('reads boreholes to draw from the files, with layers and tests', () => {
    const logs = FILES.flatMap(([, list]) => list);
    expect(logs.length).toBeGreaterThan(150);
    expect(logs.reduce((sum, log) => sum + log.layers.length, 0)).toBeGreaterThan(400);
    expect(logs.reduce((sum, log) => sum + log.spt.length, 0)).toBeGreaterThan(200);
    expect(logs.reduce((sum, log) => sum + log.samples.length, 0)).toBeGreaterThan(1000);
  });

  it.each(FILES.filter(([, logs]) => logs.length > 0))(
    '%s: no text overlaps another, leaves its column or its layer, or is crossed by a line',
    (_, logs) => {
      const faults: string[] = [];
      for (const log of logs) {
        for (const scale of LOG_SCALES) {
          const sheet = layoutLog(log, { scale });
          faults.push(...faultsOf(sheet, { from: 0, scale }).map((fault) => `${log.id} 1:${scale} : ${fault}`));
        }
        const pages = logPages(log, 100);
        pages.forEach(({ from, to }, i) => {
          const sheet = layoutLog(log, { scale: 100, from, to, page: { number: i + 1, total: pages.length } });
          const where = `${log.id} page ${i + 1}`;
          if (sheet.height > PAGE_HEIGHT) faults.push(`${where} : ${sheet.height.toFixed(1)} mm, plus haute qu’un A4`);
          faults.push(...faultsOf(sheet, { from, scale: 100 }).map((fault) => `${where} : ${fault}`));
        });
      }
      expect(faults.slice(0, 20)).toEqual([]);
    },
  );
});
