import { jsPDF } from 'jspdf';
import { describe, expect, it } from 'vitest';
import { pdfWords } from './pdf-words.ts';

describe('the words of a PDF’s text', () => {
  it('boxes text turned a quarter where it stands, apart from the lines it crosses', async () => {
    // Letter paper in points: a title strip read upwards along the left edge, a header line
    // across its height, as North American logs print them.
    const pdf = new jsPDF({ unit: 'pt', format: 'letter' });
    pdf.setFontSize(10);
    pdf.text('PROJECT:', 80, 100);
    pdf.text('Agrandissement', 160, 100);
    pdf.text('LOG OF BORING F-100A', 40, 200, { angle: 90 });
    const { words } = await pdfWords(new Uint8Array(pdf.output('arraybuffer')));
    const [width, height] = [612, 792];
    const boxOf = (text: string) => words.find((word) => word.text === text)!.box;

    // The header's words keep their line.
    expect(boxOf('PROJECT:').x * width).toBeCloseTo(80, 0);
    expect(boxOf('Agrandissement').x * width).toBeCloseTo(160, 0);
    // Each word of the strip is taller than wide, within the strip (x 30–42 pt), up the page
    // from its start at y = 200 pt: « LOG » lowest, « F-100A » highest.
    const strip = ['LOG', 'OF', 'BORING', 'F-100A'].map(boxOf);
    for (const box of strip) {
      expect(box.height).toBeGreaterThan(box.width);
      expect(box.x * width).toBeGreaterThan(28);
      expect((box.x + box.width) * width).toBeLessThan(42);
      expect((box.y + box.height) * height).toBeLessThanOrEqual(200.5);
    }
    const tops = strip.map((box) => box.y);
    expect(tops).toEqual([...tops].sort((a, b) => b - a));
    expect(strip[0]!.y * height).toBeGreaterThan(170);
    expect(strip[3]!.y * height).toBeGreaterThan(60);
  });
});
