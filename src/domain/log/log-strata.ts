import { layerSoil, SOIL_CLASSES, type SoilClass } from '../soil.ts';
import type { BoreholeLog } from './borehole-log.ts';
import { declutter } from './declutter.ts';
import { layerOverlaps } from './layer-overlaps.ts';
import { COLUMNS, FONT, LINE, upToTwo, type Frame } from './log-frame.ts';
import { at, type Shape } from './sheet.ts';
import { ASCENT, DESCENT, fitLines, textWidth } from './text-width.ts';

/** What part of the sheet a part of the log drew, and how far down its text went. */
export interface Drawn {
  shapes: Shape[];
  /** The lowest point of its text: below the body when it had to run on. */
  bottom: number;
}

/** The gutter at the description column's left where leaders join each layer to its text. */
const LEAD = 3.5;
const [DESCRIPTION_LEFT, DESCRIPTION_RIGHT] = COLUMNS.description;
const TEXT_LEFT = DESCRIPTION_LEFT + LEAD + 0.8;
const TEXT_RIGHT = DESCRIPTION_RIGHT - 1;
/** A base depth's label: its size, and how far above the boundary its baseline stands. */
const LABEL = 2.2;
const LABEL_RAISE = 0.6;
/**
 * Space kept above a block's first line, and below its last: together more than between two lines
 * of a block, so that a reader (and OCR) sees where each description starts.
 */
const PAD = 0.6;
const PAD_BELOW = 0.5;

/**
 * The depths described by two layers: from a layer's top to the base above it (layer-overlaps.ts),
 * ranges that touch merged into one.
 */
export function overlapRanges(log: BoreholeLog): { top: number; base: number }[] {
  const ranges: { top: number; base: number }[] = [];
  for (const { layer, previousBase } of layerOverlaps(log.layers)) {
    const range = { top: layer.top, base: Math.min(previousBase, layer.base) };
    const last = ranges.at(-1);
    if (last && range.top <= last.base) last.base = Math.max(last.base, range.base);
    else ranges.push(range);
  }
  return ranges;
}

type Layer = BoreholeLog['layers'][number] & { soil: SoilClass };

/** The layers a sheet shows, with their soil class, in order of depth. */
export function shownLayers(log: BoreholeLog, frame: Frame): Layer[] {
  return log.layers
    .map((layer) => ({ ...layer, soil: layerSoil(layer) }))
    .filter((layer) => frame.within(layer.top, layer.base))
    .sort((a, b) => a.top - b.top);
}

/** The soil column: a band per layer at its depths, filled with its class's colour and pattern. */
export function soilColumn(layers: Layer[], frame: Frame): Shape {
  const [left, right] = COLUMNS.soil;
  const { y, clip } = frame;
  return {
    kind: 'group',
    className: 'log-soil',
    shapes: layers.map((layer) => ({
      kind: 'rect',
      className: 'log-layer',
      data: { top: layer.top, base: layer.base, soil: layer.soil },
      x: left,
      y: y(clip(layer.top)),
      width: right - left,
      height: y(clip(layer.base)) - y(clip(layer.top)),
      fill: { soil: layer.soil },
      stroke: '#222',
      title: `${upToTwo.format(layer.top)}–${upToTwo.format(layer.base)} m : ${SOIL_CLASSES[layer.soil].shortName}`,
    })),
  };
}

/** A layer's description as it is set in its block, its base's label beside its last line or under it. */
function blockOf(layer: Layer, frame: Frame) {
  const words = [layer.top < frame.from ? '(suite)' : '', layer.legend ? `[${layer.legend}]` : '', layer.description]
    .filter(Boolean)
    .join(' ');
  const lines = fitLines(words, TEXT_RIGHT - TEXT_LEFT, FONT);
  const label = layer.base <= frame.to ? upToTwo.format(layer.base) : null;
  // From the block's top: the foot of its last line, and of the line before.
  const footOf = (count: number) => (count > 0 ? PAD + ASCENT * FONT + (count - 1) * LINE + DESCENT * FONT : 0);
  let height = Math.max(footOf(lines.length) + PAD_BELOW, 1);
  if (label !== null) {
    const last = lines.at(-1);
    const beside =
      last === undefined || textWidth(last, FONT) + 1.5 + textWidth(label, LABEL) <= TEXT_RIGHT - TEXT_LEFT;
    // The label's box rises this far above the block's foot; it clears the line above it.
    const rise = LABEL_RAISE + ASCENT * LABEL;
    const clear = beside ? Math.max(PAD, footOf(lines.length - 1) + 0.05) : footOf(lines.length) + 0.1;
    height = Math.max(height, clear + rise);
  }
  return { lines, label, height };
}

/**
 * The descriptions beside their layers. Each starts at its layer's top when there is room; where
 * layers are thinner than their words, the blocks are pushed apart (declutter) and a leader joins
 * each layer's top, at its depth, to its block. A layer's base depth is written at the foot of its
 * block, right-aligned; a boundary with nothing under it (a gap, the last layer) closes the block.
 * When the words do not fit the sheet's depth, they run on below it: the caller makes room.
 */
export function descriptions(layers: Layer[], frame: Frame): Drawn {
  const { y, clip, bodyTop, bodyBottom } = frame;
  const blocks = layers.map((layer) => ({ layer, ...blockOf(layer, frame) }));
  // Items down the column: each block, and a closing boundary after a layer whose base is neither
  // the next layer's top nor past the sheet (a gap, the last layer).
  const items: { want: number; height: number; depth: number; block: (typeof blocks)[number] | null }[] = [];
  blocks.forEach((block, i) => {
    const { top, base } = block.layer;
    items.push({ want: y(clip(top)), height: block.height, depth: clip(top), block });
    const next = blocks[i + 1]?.layer.top;
    if (base <= frame.to && (next === undefined || next > base + 0.005)) {
      items.push({ want: y(base), height: 0, depth: base, block: null });
    }
  });
  const tops = declutter(items, bodyTop, bodyBottom);
  const shapes: Shape[] = [];
  let bottom = bodyTop;
  items.forEach((item, i) => {
    const top = tops[i]!;
    const foot = tops[i + 1] ?? Math.max(bodyBottom, top + item.height);
    const from = y(item.depth);
    // The boundary: from the layer's depth at the soil column, by the leader, across the column.
    if (!(item.depth === frame.from && top === bodyTop)) {
      const points: [number, number][] = [
        [DESCRIPTION_LEFT, from],
        [DESCRIPTION_LEFT + LEAD, top],
        [DESCRIPTION_RIGHT, top],
      ];
      shapes.push({
        kind: 'group',
        className: item.block ? 'log-boundary' : 'log-boundary log-boundary--base',
        data: { depth: item.depth, displaced: at(top - from) },
        shapes: [{ kind: 'polyline', points, stroke: '#222', strokeWidth: 0.2 }],
      });
    }
    bottom = Math.max(bottom, top);
    const { block } = item;
    if (!block) return;
    const first = top + PAD + ASCENT * FONT;
    shapes.push({
      kind: 'text',
      className: 'log-description',
      data: { top: block.layer.top, base: block.layer.base },
      x: TEXT_LEFT,
      y: first,
      size: FONT,
      lineHeight: LINE,
      lines: block.lines,
    });
    if (block.lines.length > 0) bottom = Math.max(bottom, first + (block.lines.length - 1) * LINE + DESCENT * FONT);
    if (block.label !== null) {
      const labelY = Math.max(foot, top + block.height) - LABEL_RAISE;
      shapes.push({
        kind: 'text',
        className: 'log-base-label',
        data: { depth: block.layer.base },
        x: TEXT_RIGHT,
        y: labelY,
        size: LABEL,
        anchor: 'end',
        fill: '#444',
        lines: [block.label],
      });
      bottom = Math.max(bottom, labelY + DESCENT * LABEL);
    }
  });
  return { shapes: [{ kind: 'group', className: 'log-layers', shapes }], bottom };
}

/**
 * Layers that overlap (AGS allows it, the import warns): the metres described twice, marked in red
 * along the soil column's left edge.
 */
export function overlapMarks(log: BoreholeLog, frame: Frame): Shape[] {
  const { y, clip } = frame;
  return overlapRanges(log)
    .filter(({ top, base }) => frame.within(top, base))
    .map(({ top, base }) => ({
      kind: 'rect',
      className: 'log-overlap',
      data: { top, base },
      x: COLUMNS.soil[0],
      y: y(clip(top)),
      width: 1.2,
      height: y(clip(base)) - y(clip(top)),
      fill: '#b3261e',
      title: `Couches qui se chevauchent : ${upToTwo.format(top)}–${upToTwo.format(base)} m`,
    }));
}

/**
 * Water: a strike as an open triangle, a standing level as a filled one, with a line across the
 * soil; inside the soil column, at its right edge, so that the description beside it stays clear.
 */
export function waterMarks(log: BoreholeLog, frame: Frame): Shape[] {
  const [left, right] = COLUMNS.soil;
  const { y } = frame;
  const marks = (depths: number[], kind: 'strike' | 'level') =>
    depths
      .filter((depth) => depth >= frame.from && depth <= frame.to)
      .map((depth): Shape => ({
        kind: 'group',
        className: `log-water-${kind}`,
        data: { depth },
        title: `${kind === 'level' ? 'Niveau d’eau stabilisé' : 'Venue d’eau'} : ${upToTwo.format(depth)} m`,
        shapes: [
          { kind: 'line', x1: left, x2: right, y1: y(depth), y2: y(depth), stroke: '#0b63c5', strokeWidth: 0.5 },
          {
            kind: 'path',
            d: `M${at(right - 4.5)} ${at(y(depth) - 2.2)}h3l-1.5 2.2z`,
            fill: kind === 'level' ? '#0b63c5' : '#fff',
            stroke: '#0b63c5',
            strokeWidth: 0.35,
          },
        ],
      }));
  return [...marks(log.waterStrikes, 'strike'), ...marks(log.standingLevels, 'level')];
}
