// The paper a bench layout draws on: the same drawing, in points, rasterised at a resolution
// (what a scanner gives) or written as a vector PDF with its own text layer (what a firm's software
// exports), so that each layout is read in both kinds.
import { createCanvas, PDFDocument, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { PageImage } from '../api/digitise/raster.ts';

/** How a layout sets a piece of text: its type, its weight and slant, its colour and alignment. */
export interface Ink {
  family?: string;
  size?: number;
  bold?: boolean;
  italic?: boolean;
  align?: 'left' | 'right' | 'centre';
  colour?: string;
}

/**
 * A layout's way of writing, from its type's family and size and its ink's colour: the font of an
 * ink, a text's width, a text written at a baseline and aligned on `x` (its width given back), and an
 * ink shrunk by quarter points until a text holds in `room`, down to a floor.
 */
export function writer(type: { family: string; size: number; colour: string }) {
  const fontOf = ({ family = type.family, size = type.size, bold = false, italic = false }: Ink) =>
    `${italic ? 'italic ' : ''}${bold ? 'bold ' : ''}${size}px "${family}"`;
  const measurer = createCanvas(4, 4).getContext('2d');
  const widthOf = (text: string, ink: Ink = {}) => {
    measurer.font = fontOf(ink);
    return measurer.measureText(text).width;
  };
  const put = (c: SKRSContext2D, text: string, x: number, y: number, ink: Ink = {}) => {
    c.font = fontOf(ink);
    const width = c.measureText(text).width;
    const left = ink.align === 'right' ? x - width : ink.align === 'centre' ? x - width / 2 : x;
    c.save();
    c.fillStyle = ink.colour ?? type.colour;
    c.fillText(text, left, y);
    c.restore();
    return width;
  };
  const fitted = (text: string, room: number, ink: Ink, floor = 5): Ink => {
    let size = ink.size ?? type.size;
    while (size > floor && widthOf(text, { ...ink, size }) > room) size -= 0.25;
    return { ...ink, size };
  };
  return { fontOf, widthOf, put, fitted };
}

/** Words broken into lines `room` wide, as `widthOf` measures them; a word too long for a line is cut. */
export function wrapped(text: string, room: number, widthOf: (text: string) => number): string[] {
  const out: string[] = [];
  let line = '';
  for (let word of text.split(/\s+/).filter(Boolean)) {
    while (widthOf(word) > room && word.length > 1) {
      let cut = word.length - 1;
      while (cut > 1 && widthOf(word.slice(0, cut)) > room) cut--;
      if (line) out.push(line);
      out.push(word.slice(0, cut));
      line = '';
      word = word.slice(cut);
    }
    const tried = line ? `${line} ${word}` : word;
    if (line && widthOf(tried) > room) {
      out.push(line);
      line = word;
    } else line = tried;
  }
  if (line || out.length === 0) out.push(line);
  return out;
}

/** A page's size, in points. */
export interface Paper {
  width: number;
  height: number;
}

/** Where a layout draws: each call of `page()` starts a new page and gives its context, in points. */
export interface Sheets {
  page(): SKRSContext2D;
}

/** A layout's drawing of a log, page after page, on `sheets`. */
export type Drawing<T> = (item: T, sheets: Sheets) => void;

function prepare(context: SKRSContext2D, paper: Paper) {
  context.fillStyle = '#fff';
  context.fillRect(0, 0, paper.width, paper.height);
  context.fillStyle = '#111';
  context.strokeStyle = '#333';
  context.lineWidth = 0.6;
  context.textBaseline = 'alphabetic';
  return context;
}

/** A number with a decimal comma and its thousands parted by spaces, a minus sign when below zero. */
export function numeral(value: number, digits: number) {
  const [whole, part] = Math.abs(value).toFixed(digits).split('.');
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  const negative = value < 0 && Number(value.toFixed(digits)) !== 0;
  return `${negative ? '-' : ''}${grouped}${part ? `,${part}` : ''}`;
}

/** As many decimals as the value holds, between `least` and `most`. */
export function digitsOf(value: number, least: number, most: number) {
  for (let digits = least; digits < most; digits++)
    if (Math.abs(Number(value.toFixed(digits)) - value) < 1e-9) return digits;
  return most;
}

/** The day of an ISO date or timestamp (« 2023-07-28 »), or null. */
export const isoDay = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null);

/** A number as French logs write it: a decimal comma, `digits` decimals, thin spaces between thousands. */
export const decimals = (value: number, digits: number) =>
  value.toLocaleString('fr-CA', { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: true });

const FRENCH_MONTHS = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
];
/** A day as French logs write it out: « 1er juillet 2023 », « 5 novembre 2023 ». */
export const frenchDate = (iso: string) => {
  const [year, month, day] = iso.split('-').map(Number);
  return `${day === 1 ? '1er' : day} ${FRENCH_MONTHS[month! - 1]} ${year}`;
};

/** Writing in one type family: at a point, or centred between two abscissas. */
export function typeset(family: string) {
  const text = (c: SKRSContext2D, value: string, x: number, y: number, style: string) => {
    c.font = `${style} "${family}"`;
    c.fillText(value, x, y);
  };
  const centred = (
    c: SKRSContext2D,
    value: string,
    [left, right]: readonly [number, number],
    y: number,
    style: string,
  ) => {
    c.font = `${style} "${family}"`;
    c.fillText(value, (left + right) / 2 - c.measureText(value).width / 2, y);
  };
  return { text, centred };
}

/** Canvases as PNG page images drawn at `dpi`. */
export const pageImages = (canvases: readonly Canvas[], dpi: number): Promise<PageImage[]> =>
  Promise.all(
    canvases.map(async (canvas) => ({
      png: await canvas.encode('png'),
      width: canvas.width,
      height: canvas.height,
      dpi,
    })),
  );

/** The drawing's pages as images at `dpi`. */
export async function rasterPages<T>(drawing: Drawing<T>, item: T, paper: Paper, dpi: number): Promise<PageImage[]> {
  const scale = dpi / 72;
  const canvases: Canvas[] = [];
  drawing(item, {
    page() {
      const canvas = createCanvas(Math.round(paper.width * scale), Math.round(paper.height * scale));
      canvases.push(canvas);
      const context = canvas.getContext('2d');
      context.scale(scale, scale);
      return prepare(context, paper);
    },
  });
  return pageImages(canvases, dpi);
}

/** The drawing as a vector PDF, its text kept as text. */
export function pdfPages<T>(drawing: Drawing<T>, item: T, paper: Paper): Buffer {
  const document = new PDFDocument({ title: 'Journal de forage', creator: 'GéoSonde (banc d’essai)' });
  let open = false;
  drawing(item, {
    page() {
      if (open) document.endPage();
      open = true;
      return prepare(document.beginPage(paper.width, paper.height) as unknown as SKRSContext2D, paper);
    },
  });
  if (open) document.endPage();
  return document.close();
}
