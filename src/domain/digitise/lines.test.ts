import { describe, expect, it } from 'vitest';
import { cellsOf } from './lines.ts';
import type { Word } from './words.ts';

const at = (text: string, x: number, middle: number, height: number, width = 0.0075 * text.length): Word => ({
  text,
  page: 1,
  box: { x, y: middle - height / 2, width, height },
});

describe('the lines of a page', () => {
  it('keep two lines of text apart beside a symbol’s hatching read as one tall word', () => {
    // A page of a log as OCR read it: the symbol's hatching read « 2 » and « ne », 0.05 and 0.03 of
    // the page high, the sample's row beside them, then two lines of a description.
    const cells = cellsOf([
      at('2', 0.4384, 0.3846, 0.0507, 0.0416),
      at('11,0', 0.4875, 0.3907, 0.0057, 0.0384),
      at('—', 0.5184, 0.3917, 0.0095, 0.0082),
      at('ne', 0.3996, 0.4068, 0.0317, 0.0804),
      at('49', 0.6741, 0.4133, 0.0057, 0.0141),
      at('9-11-11-14', 0.7173, 0.4133, 0.0057, 0.0655),
      at('21', 0.8557, 0.4133, 0.0057, 0.0129),
      at('CF-8', 0.6071, 0.4135, 0.0055, 0.0275),
      at('22', 0.8094, 0.4135, 0.0055, 0.0149),
      at('24,40', 0.549, 0.4181, 0.0067, 0.0333),
      at('g', 0.4404, 0.425, 0.001, 0.0016),
      at('7', 0.4471, 0.425, 0.001, 0.0016),
      at('à', 0.171, 0.4314, 0.0067, 0.0082),
      at('très', 0.3345, 0.4314, 0.0067, 0.0263),
      at('Sable', 0.0678, 0.4315, 0.0064, 0.0412),
      at('grossier,', 0.1851, 0.4324, 0.0081, 0.0651),
      at('graveleux,', 0.2565, 0.4324, 0.0081, 0.0718),
      at('moyen', 0.1153, 0.4333, 0.0062, 0.0502),
      at('très', 0.1176, 0.4419, 0.0067, 0.0263),
      at('humide', 0.1498, 0.442, 0.0064, 0.0514),
      at('dense,', 0.0678, 0.4425, 0.0074, 0.0435),
    ]);
    const lineOf = (text: string) => cells.find((cell) => cell.text.split(' ').includes(text))!.line;
    expect(lineOf('Sable')).toBe(lineOf('grossier,'));
    expect(lineOf('dense,')).toBe(lineOf('humide'));
    expect(lineOf('dense,')).not.toBe(lineOf('Sable'));
  });

  it('take a small mark set a hair off the middle of the line it is on', () => {
    const cells = cellsOf([
      at('2015-10-20', 0.065, 0.8561, 0.0061),
      at('8h55', 0.151, 0.8558, 0.0067),
      at('—', 0.289, 0.8567, 0.0006),
      at('9,98', 0.218, 0.8567, 0.0073),
      at('Venue', 0.332, 0.8561, 0.0061),
    ]);
    expect(new Set(cells.map((cell) => cell.line)).size).toBe(1);
  });
});
