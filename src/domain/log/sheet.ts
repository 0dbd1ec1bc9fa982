import { SOIL_CLASSES, SOIL_PATTERN_PATHS, type SoilClass } from '../soil.ts';

/** What an element tells those who read the drawing by program: `data-*` attributes in SVG. */
export type Data = Record<string, string | number>;

/**
 * One element of a drawing, in millimetres from the sheet's top left. A drawing is a list of these,
 * written out as SVG (svgOf) or painted on a PDF page (api/files/log-pdf.ts): one layout, two outputs.
 */
export type Shape =
  | {
      kind: 'rect';
      x: number;
      y: number;
      width: number;
      height: number;
      /** A colour, or a soil class drawn with its colour and pattern. */
      fill?: string | { soil: SoilClass };
      stroke?: string;
      strokeWidth?: number;
      className?: string;
      data?: Data;
      title?: string;
    }
  | {
      kind: 'line';
      x1: number;
      y1: number;
      x2: number;
      y2: number;
      stroke: string;
      strokeWidth: number;
      /** Dashes and gaps, in millimetres. */
      dash?: number[];
    }
  | {
      kind: 'text';
      x: number;
      y: number;
      size: number;
      /** Lines one under the other, `lineHeight` apart. */
      lines: string[];
      lineHeight?: number;
      anchor?: 'start' | 'middle' | 'end';
      bold?: boolean;
      fill?: string;
      className?: string;
      data?: Data;
    }
  | { kind: 'path'; d: string; fill: string; stroke: string; strokeWidth: number }
  | { kind: 'circle'; cx: number; cy: number; r: number; fill: string }
  | { kind: 'polyline'; points: [number, number][]; stroke: string; strokeWidth: number; dash?: number[] }
  | { kind: 'group'; className: string; data?: Data; title?: string; shapes: Shape[] };

export interface Sheet {
  width: number;
  height: number;
  title: string;
  /** The drawing in words, for those who cannot see it. */
  description: string;
  shapes: Shape[];
}

/** Text made safe for SVG: the five XML characters escaped, control characters dropped. */
export function xmlText(value: string): string {
  return (
    value
      // eslint-disable-next-line no-control-regex -- XML 1.0 has no place for them.
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  );
}

/** A number as an SVG coordinate: two decimals at most (a hundredth of a millimetre). */
export const at = (value: number) => String(Math.round(value * 100) / 100);

/** The soil classes a drawing fills something with. */
export function soilsOf(shapes: Shape[]): Set<SoilClass> {
  const soils = new Set<SoilClass>();
  for (const shape of shapes) {
    if (shape.kind === 'group') for (const soil of soilsOf(shape.shapes)) soils.add(soil);
    else if (shape.kind === 'rect' && typeof shape.fill === 'object') soils.add(shape.fill.soil);
  }
  return soils;
}

const attributes = (className: string | undefined, data: Data | undefined) =>
  (className ? ` class="${className}"` : '') +
  Object.entries(data ?? {})
    .map(([name, value]) => ` data-${name}="${xmlText(String(value))}"`)
    .join('');

const dashed = (dash: number[] | undefined) => (dash ? ` stroke-dasharray="${dash.map(at).join(' ')}"` : '');

function svgOfShape(shape: Shape): string {
  switch (shape.kind) {
    case 'rect': {
      const fill =
        shape.fill === undefined
          ? 'none'
          : typeof shape.fill === 'string'
            ? shape.fill
            : `url(#soil-${shape.fill.soil})`;
      const stroke = shape.stroke ? ` stroke="${shape.stroke}" stroke-width="${shape.strokeWidth ?? 0.25}"` : '';
      const geometry = `x="${at(shape.x)}" y="${at(shape.y)}" width="${at(shape.width)}" height="${at(shape.height)}"`;
      const title = shape.title ? `<title>${xmlText(shape.title)}</title>` : '';
      return `<rect${attributes(shape.className, shape.data)} ${geometry} fill="${fill}"${stroke}${title ? `>${title}</rect>` : '/>'}`;
    }
    case 'line':
      return `<line x1="${at(shape.x1)}" x2="${at(shape.x2)}" y1="${at(shape.y1)}" y2="${at(shape.y2)}" stroke="${shape.stroke}" stroke-width="${shape.strokeWidth}"${dashed(shape.dash)}/>`;
    case 'text': {
      const style =
        ` font-size="${shape.size}"` +
        (shape.bold ? ' font-weight="700"' : '') +
        (shape.anchor && shape.anchor !== 'start' ? ` text-anchor="${shape.anchor}"` : '') +
        (shape.fill ? ` fill="${shape.fill}"` : '');
      const lines =
        shape.lines.length === 1
          ? xmlText(shape.lines[0]!)
          : shape.lines
              .map(
                (line, i) =>
                  `<tspan x="${at(shape.x)}" dy="${i === 0 ? 0 : (shape.lineHeight ?? shape.size * 1.2)}">${xmlText(line)}</tspan>`,
              )
              .join('');
      return `<text${attributes(shape.className, shape.data)} x="${at(shape.x)}" y="${at(shape.y)}"${style}>${lines}</text>`;
    }
    case 'path':
      return `<path d="${shape.d}" fill="${shape.fill}" stroke="${shape.stroke}" stroke-width="${shape.strokeWidth}"/>`;
    case 'circle':
      return `<circle cx="${at(shape.cx)}" cy="${at(shape.cy)}" r="${shape.r}" fill="${shape.fill}"/>`;
    case 'polyline':
      return `<polyline points="${shape.points.map(([x, y]) => `${at(x)},${at(y)}`).join(' ')}" fill="none" stroke="${shape.stroke}" stroke-width="${shape.strokeWidth}"${dashed(shape.dash)}/>`;
    case 'group':
      return (
        `<g${attributes(shape.className, shape.data)}>` +
        (shape.title ? `<title>${xmlText(shape.title)}</title>` : '') +
        shape.shapes.map(svgOfShape).join('') +
        '</g>'
      );
  }
}

/** The soil patterns as SVG: each class's colour, its pattern drawn over it on a 3 mm tile. */
function patterns(soils: Iterable<SoilClass>): string {
  return [...soils]
    .map((soil) => {
      const info = SOIL_CLASSES[soil];
      const path = SOIL_PATTERN_PATHS[info.pattern];
      return (
        `<pattern id="soil-${soil}" width="3" height="3" patternUnits="userSpaceOnUse">` +
        `<rect width="3" height="3" fill="${info.colour}"/>` +
        (path
          ? `<path d="${path}" transform="scale(0.375)" stroke="#1c1c1c" stroke-opacity="0.5" stroke-width="0.8" fill="none"/>`
          : '') +
        '</pattern>'
      );
    })
    .join('');
}

/** A drawing as an SVG document, `width` millimetres wide, with its title and its words. */
export function svgOf(sheet: Sheet): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${at(sheet.width)} ${at(sheet.height)}" ` +
    `width="${at(sheet.width)}mm" height="${at(sheet.height)}mm" role="img" aria-labelledby="log-title log-desc" ` +
    `font-family="Helvetica, Arial, sans-serif" fill="#111">` +
    `<title id="log-title">${xmlText(sheet.title)}</title>` +
    `<desc id="log-desc">${xmlText(sheet.description)}</desc>` +
    `<defs>${patterns(soilsOf(sheet.shapes))}</defs>` +
    `<rect width="${at(sheet.width)}" height="${at(sheet.height)}" fill="#fff"/>` +
    sheet.shapes.map(svgOfShape).join('') +
    '</svg>'
  );
}
