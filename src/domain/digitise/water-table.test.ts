import { describe, expect, it } from 'vitest';
import { readHeader } from './header-fields.ts';
import { cellsOf } from './lines.ts';
import { waterTableOf } from './water-table.ts';
import type { Word } from './words.ts';

/**
 * Rows of a table at the foot of a page: each row's cells at the columns' left edges (fractions of
 * the page), its words a space apart; a row of one cell is a line of text at the left.
 */
function table(columns: number[], ...rows: string[][]) {
  const words: Word[] = [];
  rows.forEach((row, r) => {
    row.forEach((text, c) => {
      let x = columns[c]!;
      for (const part of text.split(' ').filter(Boolean)) {
        const width = 0.006 * part.length;
        words.push({ text: part, page: 2, box: { x, y: 0.8 + r * 0.014, width, height: 0.008 } });
        x += width + 0.006;
      }
    });
  });
  return cellsOf(words);
}

const values = (reads: { value: number }[]) => reads.map((read) => read.value);

describe('a table of water observations', () => {
  it('reads each row as a strike or a level by what it says', () => {
    const cells = table(
      [0.05, 0.16, 0.24, 0.32, 0.4],
      ['OBSERVATIONS DU NIVEAU D’EAU'],
      ['Date', 'Heure', 'Prof. (m)', 'Élév. (m)', 'Observation'],
      ['2019-07-18', '8 h 40', '1,12', '34,74', 'Venue d’eau en cours de forage'],
      ['2019-07-19', '8 h 25', '4,48', '31,38', 'Niveau stabilisé dans le forage'],
    );
    const water = waterTableOf(cells);
    expect(values(water.strikes)).toEqual([1.12]);
    expect(values(water.levels)).toEqual([4.48]);
    expect(water.levels[0]!.page).toBe(2);
    // The header's reading takes them too.
    expect(values(readHeader(cells).water.levels)).toEqual([4.48]);
  });

  it('reads a depth and a heading as OCR misreads them', () => {
    const water = waterTableOf(
      table(
        [0.05, 0.16, 0.24, 0.32, 0.4],
        ['OBSERVATIONS DU NIVEAU D’EAU'],
        ['Date', 'Heure', 'Prot. (m)', 'Élév. (m)', 'Observation'],
        ['2019-07-18', '8h40', '1:12', '34,74', 'Venue d’eau en cours de forage'],
        // A space read as a point.
        ['2019-07-18', '10h10', '2,05', '33,81', 'en.cours de forage'],
      ),
    );
    expect(values(water.strikes)).toEqual([1.12, 2.05]);
  });

  it('reads a well’s readings, elevation first, as levels', () => {
    const water = waterTableOf(
      table(
        [0.05, 0.2, 0.32],
        ['Lectures piézométriques'],
        ['Date', 'Élévation (m)', 'Profondeur (m)'],
        ['2022-08-14', '31,20', '3,42'],
        ['2022-09-02', '30,85', '3,77 m'],
      ),
    );
    expect(values(water.levels)).toEqual([3.42, 3.77]);
    expect(water.strikes).toEqual([]);
  });

  it('reads an English table, and nothing from a dry hole', () => {
    const water = waterTableOf(
      table(
        [0.05, 0.2, 0.3],
        ['Groundwater observations'],
        ['Date', 'Depth (m)', 'Remarks'],
        ['2021-05-21', '2.35', 'Seepage while drilling'],
        ['2021-05-22', '0', 'Dry'],
        ['2021-05-28', '2.10', 'Stabilized'],
      ),
    );
    expect(values(water.strikes)).toEqual([2.35]);
    expect(values(water.levels)).toEqual([2.1]);
  });

  it('is no log’s own water column, headed beside its depths', () => {
    const water = waterTableOf(
      table(
        [0.05, 0.2, 0.3],
        ['Niveau d’eau'],
        ['Prof. (m)', 'Description', 'Niveau d’eau'],
        ['1,20', 'Sable silteux, brun', '4,48'],
      ),
    );
    expect(water).toEqual({ strikes: [], levels: [] });
  });

  it('ends at the table’s last row, and needs a depth column', () => {
    const cells = table(
      [0.05, 0.2, 0.3],
      ['Niveaux d’eau mesurés'],
      ['Date', 'Prof. (m)', 'Remarque'],
      ['2020-10-01', '5,10', 'Fin du forage'],
      [],
      [],
      [],
      [],
      ['Note', '12', 'Voir le rapport 2020-114'],
    );
    expect(values(waterTableOf(cells).levels)).toEqual([5.1]);
    const noDepth = table(
      [0.05, 0.2],
      ['OBSERVATIONS DU NIVEAU D’EAU'],
      ['Date', 'Élév. (m)'],
      ['2019-07-18', '34,74'],
    );
    expect(waterTableOf(noDepth)).toEqual({ strikes: [], levels: [] });
  });
});
