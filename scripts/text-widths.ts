/**
 * Writes src/domain/log/text-widths.ts: the advance widths of DejaVu Sans, regular and bold, for
 * the characters logs print. The log measures its text with them (text-width.ts) so that no label
 * leaves its column: DejaVu Sans is the widest of the typefaces a log is shown in (the SVG asks
 * for Helvetica or Arial, which browsers without them replace by DejaVu Sans; the PDF embeds
 * DejaVu Sans Condensed, narrower still). Run after changing the characters:
 *   node scripts/text-widths.ts [folder of DejaVuSans.ttf]
 */
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

const folder = process.argv[2] ?? '/usr/share/fonts/truetype/dejavu';
GlobalFonts.registerFromPath(join(folder, 'DejaVuSans.ttf'), 'Measured');
GlobalFonts.registerFromPath(join(folder, 'DejaVuSans-Bold.ttf'), 'Measured');
const context = createCanvas(10, 10).getContext('2d');

const codes = [
  ...Array.from({ length: 0x7f - 0x20 }, (_, i) => 0x20 + i),
  ...Array.from({ length: 0x180 - 0xa0 }, (_, i) => 0xa0 + i),
];
const characters = String.fromCodePoint(...codes) + '‘’“”«»–—…•≤≥▽▼●▮µ€';
const widths = (bold: boolean) => {
  context.font = `${bold ? 'bold ' : ''}1000px Measured`;
  return [...characters].map((character) => Math.round(context.measureText(character).width)).join(',');
};

const module = `// Written by scripts/text-widths.ts from DejaVu Sans 2.37: do not edit by hand.

/** The characters measured, in the order of the widths below. */
export const MEASURED = ${JSON.stringify(characters)};
/** Advance widths in thousandths of an em, regular. */
export const REGULAR = [${widths(false)}];
/** Advance widths in thousandths of an em, bold. */
export const BOLD = [${widths(true)}];
`;
writeFileSync(new URL('../src/domain/log/text-widths.ts', import.meta.url), module);
