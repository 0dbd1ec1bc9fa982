import { numberFormat } from '../format.ts';

/** The sheet, in millimetres (the SVG's user unit): an A4 page's width. */
export const WIDTH = 210;
export const MARGIN = 10;
export const HEADER = 38;
export const HEADS = 8;
export const LEGEND = 22;
/** An A4 page's height: what a page of the PDF may take. */
export const PAGE_HEIGHT = 297;
/** Left and right edges of each column, in millimetres from the sheet's left. */
export const COLUMNS = {
  depth: [MARGIN, 22],
  elevation: [22, 34],
  soil: [34, 50],
  description: [50, 130],
  samples: [130, 143],
  spt: [143, 153],
  plot: [153, 188],
  rqd: [188, WIDTH - MARGIN],
} as const;
export type Column = keyof typeof COLUMNS;
/** The SPT plot's full width, in blows. */
export const PLOT_MAX_N = 50;
/** The size of the log's text, and the distance between its lines. */
export const FONT = 2.4;
export const LINE = 2.9;

export const twoDecimals = numberFormat({ minimumFractionDigits: 2, maximumFractionDigits: 2 });
export const upToTwo = numberFormat({ maximumFractionDigits: 2 });

/** Where depths fall on a sheet drawn from `from` to `to` metres at 1:`scale`. */
export interface Frame {
  scale: number;
  from: number;
  to: number;
  /** The top and bottom of the body, where depths are drawn to scale. */
  bodyTop: number;
  bodyBottom: number;
  /** The sheet's y of a depth. */
  y: (depth: number) => number;
  /** Whether a range of depths shows on this sheet. */
  within: (top: number, base: number) => boolean;
  /** A depth brought within the sheet's range. */
  clip: (depth: number) => number;
}

export function frameOf(scale: number, from: number, to: number): Frame {
  const mm = 1000 / scale;
  const bodyTop = MARGIN + HEADER + HEADS;
  return {
    scale,
    from,
    to,
    bodyTop,
    bodyBottom: bodyTop + (to - from) * mm,
    y: (depth) => bodyTop + (depth - from) * mm,
    within: (top, base) => base > from && top < to,
    clip: (depth) => Math.min(to, Math.max(from, depth)),
  };
}
