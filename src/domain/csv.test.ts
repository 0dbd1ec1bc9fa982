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

  it('quotes a field holding its own delimiter only', () => {
    expect(csvCell('a;b', ';')).toBe('"a;b"');
    expect(csvCell('a;b', ',')).toBe('a;b');
    expect(csvCell('a,b', ',')).toBe('"a,b"');
    expect(csvCell('ligne 1\nligne 2', ';')).toBe('"ligne 1\nligne 2"');
  });
});
