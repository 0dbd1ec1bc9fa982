import { numberFormat } from '../format.ts';
import type { Shape, Sheet } from '../log/sheet.ts';
import { SOIL_CLASSES, type SoilClass } from '../soil.ts';
import type { Section } from './section.ts';

/** Paper sizes a section is drawn on, landscape, in millimetres. */
export const SECTION_PAPERS = {
  A3: { width: 420, height: 297 },
  A1: { width: 841, height: 594 },
} as const;
/**
 * A paper, or « screen »: 240 mm wide with A3's type and margins (a screen shows it about 5 px a
 * millimetre: 11 px text), as high as the section needs.
 */
export type SectionPaper = keyof typeof SECTION_PAPERS | 'screen';
/** The most a section's frame takes of the screen's sheet, in millimetres. */
const SCREEN = { width: 240, frame: 120 };

export interface SectionSheetOptions {
  paper: SectionPaper;
  /** Vertical exaggeration: the vertical scale is the horizontal one divided by it. */
  exaggeration: number;
  /** Draw the boundaries joined between boreholes (interpreted, dashed). */
  links: boolean;
  title: string;
  organisation: string;
  /** The day the section is drawn, ISO. */
  date: string;
}

/** The scales a section is drawn at: 1:N, N from these times a power of ten. */
const NICE = [1, 2, 2.5, 5];
/** A borehole's column on paper, in millimetres. */
export const COLUMN_WIDTH = 4;
const WATER = '#1565c0';
const INK = '#1c1c1c';

/** The exaggerations offered when none is chosen: the one that shows the holes without flattening them. */
const EXAGGERATIONS = [1, 2, 5, 10, 20, 50];

/**
 * The vertical exaggeration a section gets when none is chosen: the largest of 1, 2, 5, 10, 20, 50
 * at which its holes stand no higher than a third of its length on paper.
 */
export function autoExaggeration(section: Section): number {
  const range = verticalRange(section);
  const ratio = Math.max(section.length, 1) / Math.max(range.top - range.bottom, 0.1) / 3;
  return EXAGGERATIONS.filter((value) => value <= ratio).at(-1) ?? 1;
}

/** The least « nice » N (1:N) at or above `value`. */
export function niceScale(value: number): number {
  const power = 10 ** Math.floor(Math.log10(Math.max(value, 1)));
  for (const step of [...NICE, 10]) if (step * power >= value - 1e-9) return step * power;
  return 10 * power;
}

/** A step between ticks of an axis spanning `span`, for about `count` of them. */
function tickStep(span: number, count: number): number {
  return niceScale(Math.max(span / count, 0.1) * 100) / 100;
}

const metres = numberFormat({ maximumFractionDigits: 2 });
const oneDecimal = numberFormat({ minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Where a section's elevations go: top and bottom (m), with a margin above and below. */
function verticalRange(section: Section): { top: number; bottom: number } {
  const ground = (column: Section['columns'][number]) => (section.vertical === 'elevation' ? column.ground! : 0);
  const tops = section.columns.map(ground);
  const bottoms = section.columns.map((column) => ground(column) - column.depth);
  const [top, bottom] = tops.length ? [Math.max(...tops), Math.min(...bottoms)] : [0, -10];
  const margin = Math.max(1, 0.08 * (top - bottom));
  return { top: top + margin, bottom: bottom - margin };
}

/**
 * A section as a sheet: the boreholes' columns at their distance along the line and their
 * elevation (or depth), the units shared by neighbours joined by dashed lines, water levels, SPT N,
 * final depths; axes at round scales, a legend and a title block. The scales are the least round
 * ones (1:100, 1:200, 1:250, 1:500…) at which the line and the holes fit the drawing's frame.
 */
export function sectionSheet(
  section: Section,
  options: SectionSheetOptions,
): Sheet & { scale: { h: number; v: number } } {
  const screen = options.paper === 'screen';
  const paper =
    options.paper === 'screen'
      ? { width: SCREEN.width, height: 18 + SCREEN.frame + 62 }
      : SECTION_PAPERS[options.paper];
  // Type, marks and margins grow with the paper (A1 is twice A3); the screen's are A3's.
  const unit = screen ? 1 : paper.width / 420;
  // The room the drawing may take; its frame then hugs the section at the scales found.
  const room = { left: 28 * unit, top: 18 * unit, right: paper.width - 12 * unit, bottom: paper.height - 62 * unit };
  const range = verticalRange(section);
  const span = Math.max(section.length, 1);
  // Above the highest collar, the boreholes' names; beside the last column, its SPT N.
  const [headroom, aside] = [14 * unit, 8 * unit];
  // 1:h across, 1:v down (v = h / exaggeration): both fit their side of the room.
  const h = niceScale(
    Math.max(
      (span * 1000) / (room.right - room.left - 2 * COLUMN_WIDTH - aside),
      ((range.top - range.bottom) * 1000 * options.exaggeration) / (room.bottom - room.top - headroom),
    ),
  );
  const v = h / options.exaggeration;
  const [width, height] = [
    Math.max(120 * unit, (span * 1000) / h + 2 * COLUMN_WIDTH + aside),
    headroom + ((range.top - range.bottom) * 1000) / v,
  ];
  // On paper, the frame in the middle of its room; on screen, at the top, the sheet cut under it.
  const frameTop = screen ? room.top : room.top + (room.bottom - room.top - height) / 2;
  const frame = { left: room.left, top: frameTop, right: room.left + width, bottom: frameTop + height };
  const x = (chainage: number) => frame.left + COLUMN_WIDTH + (chainage * 1000) / h;
  const y = (elevation: number) => frame.top + headroom + ((range.top - elevation) * 1000) / v;
  const ground = (column: Section['columns'][number]) => (section.vertical === 'elevation' ? column.ground! : 0);
  const font = 2.2 * unit;
  const shapes: Shape[] = [];

  // Axes: elevations (or depths) on the left, distances along the bottom, a light grid.
  const vStep = tickStep(range.top - range.bottom, 10);
  const grid: Shape[] = [];
  // In depths, nothing above the ground's 0.
  const highest = section.vertical === 'elevation' ? range.top : 0;
  for (let level = Math.ceil(range.bottom / vStep) * vStep; level <= highest + 1e-9; level += vStep) {
    grid.push(
      {
        kind: 'line',
        x1: frame.left,
        y1: y(level),
        x2: frame.right,
        y2: y(level),
        stroke: '#d8d8d8',
        strokeWidth: 0.15,
      },
      {
        kind: 'text',
        x: frame.left - 1.5,
        y: y(level) + font / 3,
        size: font,
        anchor: 'end',
        lines: [metres.format(section.vertical === 'elevation' ? level : Math.abs(level))],
      },
    );
  }
  const lastMetre = (frame.right - frame.left - COLUMN_WIDTH) * (h / 1000);
  const hStep = tickStep(lastMetre, 8);
  for (let along = 0; along <= lastMetre + 1e-9; along += hStep) {
    grid.push(
      {
        kind: 'line',
        x1: x(along),
        y1: frame.bottom,
        x2: x(along),
        y2: frame.bottom + 1.5,
        stroke: INK,
        strokeWidth: 0.2,
      },
      {
        kind: 'text',
        x: x(along),
        y: frame.bottom + 1.5 + font,
        size: font,
        anchor: 'middle',
        lines: [metres.format(along)],
      },
    );
  }
  shapes.push({ kind: 'group', className: 'section-grid', shapes: grid });
  shapes.push(
    {
      kind: 'rect',
      x: frame.left,
      y: frame.top,
      width: frame.right - frame.left,
      height: frame.bottom - frame.top,
      stroke: INK,
      strokeWidth: 0.3,
    },
    {
      kind: 'text',
      x: frame.left - 16 * unit,
      y: frame.top - 4 * unit,
      size: font,
      bold: true,
      lines: [section.vertical === 'elevation' ? 'Élévation (m)' : 'Profondeur (m)'],
    },
    {
      kind: 'text',
      x: (frame.left + frame.right) / 2,
      y: frame.bottom + 1.5 + 2.3 * font,
      size: font,
      anchor: 'middle',
      bold: true,
      lines: ['Distance le long de la coupe (m)'],
    },
  );
  // The line's bends, where the section turns.
  for (const bend of section.bends.slice(1, -1))
    shapes.push({
      kind: 'line',
      x1: x(bend),
      y1: frame.top,
      x2: x(bend),
      y2: frame.bottom,
      stroke: '#9e9e9e',
      strokeWidth: 0.2,
      dash: [1.5, 1],
    });

  // The ground between the collars.
  if (section.columns.length > 1)
    shapes.push({
      kind: 'polyline',
      points: section.columns.map((column) => [x(column.chainage), y(ground(column))]),
      stroke: '#5d4037',
      strokeWidth: 0.5,
    });

  // Interpreted units between neighbours: a light band under dashed boundaries.
  if (options.links) {
    const bands: Shape[] = [];
    for (const link of section.links) {
      const [left, right] = [section.columns[link.from]!, section.columns[link.to]!];
      const [x1, x2] = [x(left.chainage) + COLUMN_WIDTH / 2, x(right.chainage) - COLUMN_WIDTH / 2];
      if (x2 <= x1) continue;
      const [t1, t2] = [y(ground(left) - link.top[0]), y(ground(right) - link.top[1])];
      const [b1, b2] = [y(ground(left) - link.base[0]), y(ground(right) - link.base[1])];
      bands.push({
        kind: 'path',
        d: `M${x1} ${t1}L${x2} ${t2}L${x2} ${b2}L${x1} ${b1}Z`,
        fill: `${SOIL_CLASSES[link.soil].colour}66`,
        stroke: 'none',
        strokeWidth: 0,
      });
      bands.push({ kind: 'line', x1, y1: t1, x2, y2: t2, stroke: INK, strokeWidth: 0.25, dash: [1.2, 0.8] });
      if (link.baseFound[0] && link.baseFound[1])
        bands.push({ kind: 'line', x1, y1: b1, x2, y2: b2, stroke: INK, strokeWidth: 0.25, dash: [1.2, 0.8] });
    }
    shapes.push({ kind: 'group', className: 'section-links', shapes: bands });
  }

  // Each borehole: its column, its name above, SPT N at right, water at left, final depth under.
  let lastLabel = -Infinity;
  let row = 0;
  for (const column of section.columns) {
    const [cx, top] = [x(column.chainage), ground(column)];
    const left = cx - COLUMN_WIDTH / 2;
    const parts: Shape[] = column.layers.map((layer) => ({
      kind: 'rect',
      x: left,
      y: y(top - layer.top),
      width: COLUMN_WIDTH,
      height: Math.max(((layer.base - layer.top) * 1000) / v, 0.05),
      fill: { soil: layer.soil },
      stroke: INK,
      strokeWidth: 0.15,
      title: `${column.id} · ${metres.format(layer.top)}–${metres.format(layer.base)} m · ${layer.description}`,
    }));
    // Names side by side would overlap: every other one a line higher.
    row = cx - lastLabel < 12 * unit ? 1 - row : 0;
    lastLabel = cx;
    const offset = Math.round(Math.abs(column.offset));
    parts.push({
      kind: 'text',
      x: cx,
      y: y(top) - 2 - row * 2.8 * font,
      size: font,
      anchor: 'middle',
      bold: true,
      lines: offset >= 1 ? [column.id, `${offset} m ${column.offset > 0 ? 'G' : 'D'}`] : [column.id],
      lineHeight: font * 1.3,
    });
    if (offset >= 1) (parts.at(-1) as Extract<Shape, { kind: 'text' }>).y -= font * 1.3;
    let lastSpt = -Infinity;
    for (const test of column.spt) {
      const at = y(top - test.depth);
      if (at - lastSpt < font * 0.9) continue;
      lastSpt = at;
      parts.push({
        kind: 'text',
        x: cx + COLUMN_WIDTH / 2 + 0.8,
        y: at + font / 3,
        size: font * 0.8,
        lines: [test.text],
        className: 'section-spt',
      });
    }
    for (const level of column.water) {
      const at = y(top - level);
      const wx = left - 1;
      parts.push(
        {
          kind: 'path',
          d: `M${wx - 1.6} ${at - 1.4}L${wx} ${at - 1.4}L${wx - 0.8} ${at}Z`,
          fill: WATER,
          stroke: 'none',
          strokeWidth: 0,
        },
        { kind: 'line', x1: wx - 2.2, y1: at, x2: wx + 0.6, y2: at, stroke: WATER, strokeWidth: 0.3 },
      );
    }
    parts.push({
      kind: 'text',
      x: cx,
      y: y(top - column.depth) + font + 0.8,
      size: font * 0.8,
      anchor: 'middle',
      lines: [`${oneDecimal.format(column.depth)} m`],
    });
    shapes.push({
      kind: 'group',
      className: 'section-column',
      data: { borehole: column.id, chainage: Math.round(column.chainage * 100) / 100 },
      title: `${column.id} : à ${metres.format(column.chainage)} m le long de la coupe, ${metres.format(Math.abs(column.offset))} m ${column.offset >= 0 ? 'à gauche' : 'à droite'} de la ligne`,
      shapes: parts,
    });
  }

  // The legend's top; the title block's 4 mm above it, both as high as 36 mm.
  const foot = screen ? frame.bottom + 18 * unit : paper.height - 40 * unit;
  shapes.push(...legend(section, options, foot, unit));
  // The screen's page gives the title and the organisation: the scales go under the frame instead.
  if (screen)
    shapes.push({
      kind: 'text',
      x: frame.left,
      y: frame.bottom + 1.5 + 3.6 * font,
      size: font,
      lines: [`Échelles : horizontale 1:${h}, verticale 1:${v} (exagération ${metres.format(options.exaggeration)}×)`],
    });
  else shapes.push(...titleBlock(section, options, paper, foot, unit, h, v));
  const names = section.columns.map((column) => column.id).join(', ');
  return {
    width: paper.width,
    height: screen ? foot + 36 * unit : paper.height,
    title: options.title,
    description:
      section.columns.length === 0
        ? `Coupe de ${metres.format(section.length)} m : aucun forage dans le corridor.`
        : `Coupe de ${metres.format(section.length)} m par ${section.columns.length} forages (${names}), échelle horizontale 1:${h}, verticale 1:${v}.`,
    shapes,
    scale: { h, v },
  };
}

function legend(section: Section, options: SectionSheetOptions, foot: number, unit: number): Shape[] {
  const soils = [
    ...new Set(section.columns.flatMap((column) => column.layers.map((layer) => layer.soil))),
  ] as SoilClass[];
  const font = 2.2 * unit;
  const [x0, y0] = [28 * unit, foot];
  const shapes: Shape[] = [{ kind: 'text', x: x0, y: y0, size: font, bold: true, lines: ['Légende'] }];
  soils.forEach((soil, i) => {
    const [x, y] = [x0 + Math.floor(i / 4) * 48 * unit, y0 + 3 * unit + (i % 4) * 5 * unit];
    shapes.push(
      { kind: 'rect', x, y, width: 6 * unit, height: 3.5 * unit, fill: { soil }, stroke: INK, strokeWidth: 0.15 },
      { kind: 'text', x: x + 8 * unit, y: y + 2.6 * unit, size: font, lines: [SOIL_CLASSES[soil].shortName] },
    );
  });
  const x = x0 + Math.max(1, Math.ceil(soils.length / 4)) * 48 * unit;
  const y = y0 + 3 * unit;
  shapes.push(
    { kind: 'path', d: `M${x} ${y}L${x + 2.4} ${y}L${x + 1.2} ${y + 2}Z`, fill: WATER, stroke: 'none', strokeWidth: 0 },
    { kind: 'text', x: x + 8 * unit, y: y + 2, size: font, lines: ['Niveau d’eau'] },
    { kind: 'text', x, y: y + 7 * unit, size: font * 0.8, lines: ['12'] },
    { kind: 'text', x: x + 8 * unit, y: y + 7 * unit, size: font, lines: ['Essai SPT : indice N'] },
  );
  if (options.links)
    shapes.push(
      {
        kind: 'line',
        x1: x,
        y1: y + 11 * unit,
        x2: x + 6 * unit,
        y2: y + 11 * unit,
        stroke: INK,
        strokeWidth: 0.25,
        dash: [1.2, 0.8],
      },
      { kind: 'text', x: x + 8 * unit, y: y + 12 * unit, size: font, lines: ['Limite interprétée entre forages'] },
    );
  if (section.vertical === 'depth')
    shapes.push({
      kind: 'text',
      x,
      y: y + 17 * unit,
      size: font,
      fill: '#b71c1c',
      lines: [`Sans élévation du terrain : ${section.withoutGround.join(', ')} — forages suspendus à la surface.`],
    });
  return shapes;
}

function titleBlock(
  section: Section,
  options: SectionSheetOptions,
  paper: { width: number },
  foot: number,
  unit: number,
  h: number,
  v: number,
): Shape[] {
  const [width, height] = [130 * unit, 36 * unit];
  const [x, y] = [paper.width - 12 * unit - width, foot - 4 * unit];
  const font = 2.4 * unit;
  return [
    {
      kind: 'group',
      className: 'section-title-block',
      shapes: [
        { kind: 'rect', x, y, width, height, stroke: INK, strokeWidth: 0.35 },
        { kind: 'text', x: x + 3, y: y + 6 * unit, size: font * 1.3, bold: true, lines: [options.title] },
        { kind: 'text', x: x + 3, y: y + 12 * unit, size: font, lines: [options.organisation] },
        {
          kind: 'text',
          x: x + 3,
          y: y + 18 * unit,
          size: font,
          lines: [
            `Échelles : horizontale 1:${h}, verticale 1:${v} (exagération ${metres.format(options.exaggeration)}×)`,
            `Longueur ${metres.format(section.length)} m · ${section.columns.length} forages · ${options.date}`,
            'Limites entre forages interprétées. GéoSonde',
          ],
          lineHeight: font * 1.5,
        },
      ],
    },
  ];
}
