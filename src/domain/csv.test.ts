import { describe, expect, it } from 'vitest';
import { csvCell } from './csv.ts';

describe('csvCell', () => {
  it('neutralises text a spreadsheet would run as a formula, and leaves numbers alone', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('@SUM(A1)', ';')).toBe("'@SUM(A1)");
    expect(csvCell('-3 m')).toBe("'-3 m");
    expect(csvCell(-73.56)).toBe('-73.56');
    expect(csvCell(null)).toBe('');
  });

  it('quotes a field holding a comma or a semicolon in either dialect, so that no Excel splits it', () => {
    expect(csvCell('a;b', ';')).toBe('"a;b"');
    expect(csvCell('a;b', ',')).toBe('"a;b"');
    expect(csvCell('a,b', ',')).toBe('"a,b"');
    expect(csvCell('a,b', ';')).toBe('"a,b"');
    expect(csvCell('ligne 1\nligne 2', ';')).toBe('"ligne 1\nligne 2"');
    // The project value of the attack: one cell in a comma file opened by French Excel.
    expect(csvCell("P;=cmd|' /C calc'!A0;=2+3;Q", ',')).toBe(`"P;'=cmd|' /C calc'!A0;'=2+3;Q"`);
    // A delimiter followed by other text is left as written.
    expect(csvCell('Argile, -2 m; sable', ',')).toBe('"Argile, -2 m; sable"');
  });

  it('writes numbers with a decimal comma in a semicolon file, a point in a comma file', () => {
    expect(csvCell(12.5, ';')).toBe('12,5');
    expect(csvCell(12.5, ',')).toBe('12.5');
  });
});

/**
 * Splits a CSV line as Excel does: on `delimiter`; a field that starts with a quote runs to its
 * closing quote (doubled quotes inside), a quote anywhere else is a plain character.
 */
function cellsOf(line: string, delimiter: string): string[] {
  const cells: string[] = [];
  let i = 0;
  while (i <= line.length) {
    let cell = '';
    if (line[i] === '"') {
      i++;
      while (i < line.length && !(line[i] === '"' && line[i + 1] !== '"')) {
        cell += line[i];
        i += line[i] === '"' ? 2 : 1;
      }
      i++;
    }
    while (i < line.length && line[i] !== delimiter) cell += line[i++];
    cells.push(cell);
    i++;
  }
  return cells;
}

describe('every text cell is safe in both dialects', () => {
  // Generated: text made of the characters that matter, in any order. Whichever delimiter the
  // spreadsheet splits on, no cell it reads may start as a formula, and the text comes back whole.
  const alphabet = ['=', '+', '-', '@', ';', ',', '"', 'a', ' ', '|', '\t', '1'];
  const texts = Array.from({ length: 2000 }, (_, i) => {
    let seed = i * 2654435761;
    const next = () => (seed = (seed * 1103515245 + 12345) >>> 0) % alphabet.length;
    return Array.from({ length: 1 + (i % 9) }, () => alphabet[next()]).join('');
  });

  for (const written of [',', ';'] as const) {
    for (const read of [',', ';']) {
      it(`written with « ${written} », read by a spreadsheet splitting on « ${read} »`, () => {
        for (const text of texts) {
          const line = ['x', text, 'y'].map((value) => csvCell(value, written)).join(written);
          const cells = cellsOf(line, read);
          expect(
            cells.filter((cell) => /^[=+\-@\t]/.test(cell)),
            JSON.stringify(text),
          ).toEqual([]);
          // Read in its own dialect, the cell is the text, save the apostrophes that disarm it.
          if (read === written) expect(cells[1]!.replace(/'/g, '')).toBe(text.replace(/'/g, ''));
        }
      });
    }
  }
});
