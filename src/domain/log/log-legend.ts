import { SOIL_CLASSES, type SoilClass } from '../soil.ts';
import { MARGIN, WIDTH } from './log-frame.ts';
import type { Shape } from './sheet.ts';
import { ellipsis, fitLines } from './text-width.ts';

const SYMBOLS = ['▽ venue d’eau', '▼ niveau d’eau stabilisé', '● N de l’essai SPT (coups / 300 mm)', '▮ échantillon'];
/** The symbols, each bound by no-break spaces so that a line never parts a symbol from its words. */
const symbolsLine = (symbols: string[]) => symbols.map((symbol) => symbol.replaceAll(' ', '\u00a0')).join(' \u00a0 ');
const CELL = 47;

/** The legend under the log, from `top`: the soil classes of this sheet, then the symbols; and its height. */
export function legend(
  classes: SoilClass[],
  top: number,
  { screen }: { screen: boolean },
): { shapes: Shape[]; height: number } {
  const shapes: Shape[] = [{ kind: 'text', x: MARGIN, y: top + 2, size: 2.6, bold: true, lines: ['Légende'] }];
  classes.forEach((soil, i) => {
    const x = MARGIN + (i % 4) * CELL;
    const y = top + 4 + Math.floor(i / 4) * 5;
    shapes.push(
      { kind: 'rect', x, y, width: 6, height: 3.5, fill: { soil }, stroke: '#222', strokeWidth: 0.2 },
      {
        kind: 'text',
        x: x + 7.5,
        y: y + 2.7,
        size: 2.4,
        lines: [ellipsis(SOIL_CLASSES[soil].shortName, CELL - 9, 2.4)],
      },
    );
  });
  const symbolsTop = top + 4 + Math.ceil(Math.max(classes.length, 1) / 4) * 5 + 3;
  const shown = screen ? [...SYMBOLS, '▯ tubage et crépine du puits'] : SYMBOLS;
  const symbols = fitLines(symbolsLine(shown), WIDTH - 2 * MARGIN, 2.4);
  shapes.push({ kind: 'text', x: MARGIN, y: symbolsTop, size: 2.4, lineHeight: 2.9, lines: symbols });
  return {
    shapes: [{ kind: 'group', className: 'log-legend', shapes }],
    height: symbolsTop - top + symbols.length * 2.9,
  };
}
