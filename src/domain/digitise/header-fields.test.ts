import { describe, expect, it } from 'vitest';
import { readHeader } from './header-fields.ts';
import { cellsOf } from './lines.ts';
import type { Word } from './words.ts';

/** A header written as lines of text, one line a row of the page, its words a space apart. */
function header(...lines: string[]) {
  const words: Word[] = [];
  lines.forEach((line, row) => {
    let x = 0.05;
    for (const text of line.split(' ').filter(Boolean)) {
      const width = 0.0045 * text.length;
      words.push({ text, page: 1, box: { x, y: 0.05 + row * 0.012, width, height: 0.006 } });
      x += width + 0.0045;
    }
  });
  return readHeader(cellsOf(words));
}

/** The words of a line of text set from (x, y) on page 1, a space apart. */
function lineOf(line: string, x: number, y: number): Word[] {
  const words: Word[] = [];
  for (const text of line.split(' ')) {
    const width = 0.0045 * text.length;
    words.push({ text, page: 1, box: { x, y, width, height: 0.006 } });
    x += width + 0.0045;
  }
  return words;
}

/**
 * Boxes of two lines each, set in rows across the page: each word of a line `size * aspect` wide a
 * character and as far apart, the lower line `under` below the upper.
 */
function twoLineBoxes(
  boxes: readonly (readonly [string, string])[],
  layout: {
    perRow: number;
    origin: [number, number];
    step: [number, number];
    sizes: [number, number];
    under: number;
    aspect: number;
  },
): Word[] {
  const words: Word[] = [];
  boxes.forEach(([upper, lower], i) => {
    const x = layout.origin[0] + (i % layout.perRow) * layout.step[0];
    const y = layout.origin[1] + Math.floor(i / layout.perRow) * layout.step[1];
    const place = (text: string, top: number, size: number) => {
      let left = x;
      for (const part of text.split(' ')) {
        const width = size * layout.aspect * part.length;
        words.push({ text: part, page: 1, box: { x: left, y: top, width, height: size } });
        left += width + size * layout.aspect;
      }
    };
    place(upper, y, layout.sizes[0]);
    place(lower, y + layout.under, layout.sizes[1]);
  });
  return words;
}

/** A header grid: each box's label printed at its top, its value under it; four boxes a row. */
const grid = (...boxes: [string, string][]) =>
  readHeader(
    cellsOf(
      twoLineBoxes(boxes, {
        perRow: 4,
        origin: [0.05, 0.05],
        step: [0.24, 0.04],
        sizes: [0.005, 0.006],
        under: 0.009,
        aspect: 0.75,
      }),
    ),
  );

describe('a header grid, each value under its label', () => {
  it('reads the identifier, the date, the water, the final depth and the coordinates', () => {
    const read = grid(
      ['N° de forage', 'F-12'],
      ['Date du forage', '5 novembre 2023'],
      ['Niveau d’eau (m)', '2,16'],
      ['Profondeur finale', '8,40 m'],
      ['Coordonnées MTM zone 8', 'X = 298 456,7 Y = 5 043 210,2'],
      ['Élévation du terrain', '57,28 m'],
    );
    expect(read.boreholeId?.value).toBe('F-12');
    expect(read.date?.value).toBe('2023-11-05');
    expect(read.water.levels.map((level) => level.value)).toEqual([2.16]);
    expect(read.finalDepth?.value).toBe(8.4);
    expect(read.groundLevel?.value).toBe(57.28);
    expect(read.coordinates?.value).toEqual({ crs: 'EPSG:32188', x: 298456.7, y: 5043210.2 });
  });
});

describe('a header grid whose labels give the unit', () => {
  it('reads « Élévation du terrain (m) » over a bare number, and coordinates northing first', () => {
    const read = grid(
      ['SONDAGE N°', 'F-7'],
      ['ÉLÉVATION DU TERRAIN (m)', '23,45'],
      ['COORDONNÉES (MTM-8, NAD83)', 'N 5 060 123,4   E 298 456,7'],
    );
    expect(read.groundLevel?.value).toBe(23.45);
    expect(read.coordinates?.value).toEqual({ crs: 'EPSG:32188', x: 298456.7, y: 5060123.4 });
  });

  it('reads a northing whose label OCR glued to the unit before it', () => {
    const read = header('Coordonnées (NAD83, MTM zone 8) : X = 314 572,8 mY = 5 067 090,2 m');
    expect(read.coordinates?.value).toEqual({ crs: 'EPSG:32188', x: 314572.8, y: 5067090.2 });
  });

  it('reads an easting after a colon OCR read twice, a northing whose first space it lost', () => {
    const read = header('Coordonnées (SCOPQ, MTM fuseau 8)', 'X: : 287 041,2 Y:5037 437,5');
    expect(read.coordinates?.value).toEqual({ crs: 'EPSG:32188', x: 287041.2, y: 5037437.5 });
  });

  it('reads degrees, minutes and seconds whose minutes OCR marked as degrees', () => {
    const read = grid(['COORDONNÉES GÉOGRAPHIQUES (NAD83)', '45° 24′ 04,25″ N   73° 29° 56,54” O']);
    expect(read.coordinates?.value.x).toBeCloseTo(-73.49904, 5);
    expect(read.coordinates?.value.y).toBeCloseTo(45.40118, 5);
  });
});

describe('the borehole named by the title or a label', () => {
  it.each([
    ['RAPPORT DE FORAGE F-100A', 'F-100A'],
    ['Journal de sondage n° TF-12', 'TF-12'],
    ['Log of borehole BH3', 'BH3'],
    ['Forage n° : PO-07', 'PO-07'],
    ['Forage BH-7 (SCRS, MTM-7)', 'BH-7'],
    ['Sondage TF-23-04 — Réfection de la rue Saint-Denis', 'TF-23-04'],
    // Large type OCR read in two words, the hyphen parted from the number.
    ['Forage F- 100', 'F-100'],
    ['SONDAGE N° BH- 12A', 'BH-12A'],
    ['Forage F- 10 4', 'F-104'],
    // A bilingual box's label, either way round.
    ['Forage / Hole ID F-100A', 'F-100A'],
    ['Borehole No. / Sondage : BH-12', 'BH-12'],
  ])('reads « %s »', (line, id) => {
    expect(header(line, 'Client : Ville de Laval').boreholeId?.value).toBe(id);
  });

  it('reads a typed form’s values through the blank lines OCR read as specks', () => {
    // The line under each typed value read « sr », « — », a third as high as the words.
    const speck = (word: Word): Word =>
      /^(?:sr|—)$/.test(word.text) ? { ...word, box: { ...word.box, height: 0.002 } } : word;
    const words = [...lineOf('Sondage no : sr F-105', 0.05, 0.05), ...lineOf('Date : 28 juillet — — 2023', 0.5, 0.05)];
    const read = readHeader(cellsOf(words.map(speck)));
    expect(read.boreholeId?.value).toBe('F-105');
    expect(read.date?.value).toBe('2023-07-28');
    // A speck in a cell of its own between a label and its value, a third as high.
    const apart = [
      ...lineOf('Sondage no :', 0.05, 0.05),
      { ...lineOf('sr', 0.2, 0.052)[0]!, box: { x: 0.2, y: 0.052, width: 0.009, height: 0.0019 } },
      ...lineOf('F-105', 0.3, 0.05),
    ];
    expect(readHeader(cellsOf(apart)).boreholeId?.value).toBe('F-105');
    // A small sign is no speck: « N = 56 » says a test, not a borehole « 56 ».
    const test = lineOf('pendant le forage N = 56', 0.05, 0.05).map((word) =>
      word.text === '=' ? { ...word, box: { ...word.box, height: 0.002 } } : word,
    );
    expect(readHeader(cellsOf(test)).boreholeId).toBeNull();
  });

  it('keeps a unit after a number, however small a harsh scan left it (« 1.00 M »)', () => {
    // OCR boxed the « m » a third as high as the line's words.
    const words = lineOf('Profondeur finale : 1.00 M', 0.5, 0.1).map((word) =>
      word.text === 'M' ? { ...word, box: { ...word.box, height: 0.002 } } : word,
    );
    expect(readHeader(cellsOf(words)).finalDepth?.value).toBe(1);
  });

  it('reads a title block’s « FORAGE N » over its identifier, the degree sign lost by a scan', () => {
    expect(grid(['FORAGE N', 'F-101A'], ['PROJET', 'Agrandissement école']).boreholeId?.value).toBe('F-101A');
    expect(header('Forage : 12', 'Client : Ville de Laval').boreholeId?.value).toBe('12');
  });

  it('takes no measure for an identifier (« en cours de forage : 9,98 m »)', () => {
    expect(header('Venue d’eau en cours de forage : 9,98 m').boreholeId).toBeNull();
    expect(header('Eau rencontrée lors du forage : 3 m').boreholeId).toBeNull();
  });

  it('takes no word without a digit for an identifier', () => {
    expect(header('RAPPORT DE FORAGE ET D’ÉCHANTILLONNAGE').boreholeId).toBeNull();
    expect(header('5. Eau souterraine et puits : voir la colonne Remarques.').boreholeId).toBeNull();
  });
});

describe('the day drilling began', () => {
  it.each([
    ['Date du forage : 2023-11-05', '2023-11-05'],
    ['Date de forage: 05/11/2023', '2023-11-05'],
    ['Début des travaux : 5 novembre 2023', '2023-11-05'],
    ['Foré le 1er nov. 2023', '2023-11-01'],
    ['Date : 2023/11/05', '2023-11-05'],
    ['Réalisé le 05-11-2023', '2023-11-05'],
    ['Date drilled: November 5, 2023', '2023-11-05'],
    ['Started 14.03.2022', '2022-03-14'],
    // Several days: the first.
    ['Date du forage Du 30 juin au 2 juillet 2022', '2022-06-30'],
    ['Dates des travaux : 29 et 30 juin 2022', '2022-06-29'],
    ['Date de forage : 29-30 juin 2022', '2022-06-29'],
    ['Foré le 30 au 2 janv. 2023', '2022-12-30'],
    ['Date du forage : du 30 décembre 2021 au 3 janvier 2022', '2021-12-30'],
    ['Date drilled: June 30 to July 2, 2022', '2022-06-30'],
    ['Date drilled: June 29-30, 2022', '2022-06-29'],
    // Day first, the month's English name short, as North American log software prints it.
    ['DATE STARTED: 18-Jul-2019', '2019-07-18'],
    ['Date drilled: 5 Nov 2023', '2023-11-05'],
    ['Date started: 05-Nov-2023', '2023-11-05'],
  ])('reads « %s »', (line, day) => {
    expect(header('Client : Ville de Laval', line).date?.value).toBe(day);
  });

  it('reads a day a tilted scan cut across two lines, specks and a colon read « i » beside it', () => {
    // The words as OCR boxed them on a scan tilted by about a degree.
    const at = (text: string, x: number, y: number, width: number, height: number): Word => ({
      text,
      page: 1,
      box: { x, y, width, height },
    });
    const words = [
      at('=', 0.6358, 0.0727, 0.0035, 0.0003),
      at('_', 0.6765, 0.0727, 0.0063, 0.0003),
      at('Date', 0.5356, 0.0762, 0.0227, 0.0127),
      at('du', 0.5618, 0.0771, 0.0122, 0.0064),
      at('forage', 0.5775, 0.0728, 0.0306, 0.0148),
      at('i', 0.614, 0.0727, 0.0063, 0.0148),
      at('21', 0.6869, 0.0762, 0.0137, 0.0073),
      at('mai', 0.7061, 0.0728, 0.02, 0.0106),
      at('2021', 0.7312, 0.073, 0.0302, 0.0106),
    ];
    expect(readHeader(cellsOf(words)).date?.value).toBe('2021-05-21');
    expect(header('Date du forage : _25 novembre 2015').date?.value).toBe('2015-11-25');
  });

  it('reads a grid whose values are set half a line under their labels, the next label on the line', () => {
    // Labels at the top of their boxes, values lower, right of them, three boxes a row.
    const at = (text: string, x: number, y: number, height = 0.0075): Word => ({
      text,
      page: 1,
      box: { x, y, width: 0.0045 * text.length, height },
    });
    const words = [
      at('Est (X)', 0.433, 0.0553),
      at('Date du forage', 0.646, 0.0553),
      at('314 572,8 m', 0.51, 0.0607),
      at('18.07.2019', 0.724, 0.0607),
      at('Nord (Y)', 0.433, 0.0801),
      at('Profondeur finale', 0.646, 0.0801),
      at('5 067 090,2 m', 0.51, 0.0855),
      at('15,15 m (49,7 pi)', 0.724, 0.0855),
      at('Système de coord.', 0.433, 0.0299),
      at('NAD 83 / MTM-8 (EPSG :32188)', 0.51, 0.0353),
    ];
    const read = readHeader(cellsOf(words));
    expect(read.date?.value).toBe('2019-07-18');
    expect(read.finalDepth?.value).toBe(15.15);
    expect(read.coordinates?.value).toEqual({ crs: 'EPSG:32188', x: 314572.8, y: 5067090.2 });
  });

  it('reads the value at the end of a dotted leader, its dots read as specks « . 5 »', () => {
    const at = (text: string, x: number, height = 0.0058): Word => ({
      text,
      page: 1,
      box: { x, y: 0.0976 + (0.0058 - height) / 2, width: 0.0045 * text.length, height },
    });
    const words = [
      at('Date du forage', 0.668),
      at('.', 0.871, 0.0004),
      at('5', 0.887, 0.0004),
      at('18/07/2019', 0.911),
    ];
    expect(readHeader(cellsOf(words)).date?.value).toBe('2019-07-18');
  });

  it('takes no day of the report, nor a day that is none', () => {
    expect(header('Date du rapport : 2024-01-10').date).toBeNull();
    expect(header('Date du forage : 2023-02-30').date).toBeNull();
    expect(header('Date du rapport : 2024-01-10', 'Date du forage : 2023-11-05').date?.value).toBe('2023-11-05');
  });
});

describe('the water beside a log’s columns', () => {
  it('takes neither the depth a description opens with nor a bare number of the next column', () => {
    // « Venue d'eau » by the scale's ▽, read with the cell after it on its line.
    const words = [
      ...lineOf("Venue d'eau", 0.05, 0.3),
      ...lineOf('1,23 m — SILT argileux, lâche', 0.2, 0.3),
      ...lineOf("Venue d'eau", 0.05, 0.5),
      ...lineOf('3,9', 0.2, 0.5),
      ...lineOf("Venue d'eau en cours de forage : 9,69 m", 0.05, 0.8),
    ];
    expect(readHeader(cellsOf(words)).water.strikes.map((strike) => strike.value)).toEqual([9.69]);
    // A colon or a unit says a depth.
    expect(header("Venue d'eau : 3,9").water.strikes.map((strike) => strike.value)).toEqual([3.9]);
    // A phrase that goes on after a dash is no description (our logs' header).
    const ours = header('Eau : venue d’eau à 1,12 m — niveau stabilisé à 4,48 m').water;
    expect([ours.strikes.map((strike) => strike.value), ours.levels.map((level) => level.value)]).toEqual([
      [1.12],
      [4.48],
    ]);
  });
});

describe('the water', () => {
  it.each([
    ["Niveau d'eau : 2,16 m (le 2023-07-28)", 2.16],
    ['Niveau d’eau à 2,16 m le 2023-07-28', 2.16],
    ['Niveau stabilisé : 2,2 m', 2.2],
    ['Nappe phréatique à 3,05 m', 3.05],
    ['Niveau de la nappe (m) : 2,16', 2.16],
    ['Water level: 2.16 m', 2.16],
    ['Groundwater at 4.5 m', 4.5],
    ['Profondeur de l’eau : 3,4 m', 3.4],
    ['Profondeur de la nappe : 3,4 m', 3.4],
    ['Depth to water: 3.4 m', 3.4],
    ['Groundwater / Eau souterraine : 3.40 m below ground on 2023-07-28', 3.4],
    ['Niveau d’eau stabilisé mesuré à 4,48 m de profondeur le 19-07-2019.', 4.48],
    ['– Niveau d’eau mesuré le 2019-07-18 : 4,48 m (élév. 31,38 m)', 4.48],
    ['– Nappe phréatique mesurée à 4,48 m le 18/07/2019', 4.48],
    ['Nappe relevée à 2,10 m', 2.1],
  ])('reads the level in « %s »', (line, depth) => {
    const { water } = header('Remarques :', line);
    expect(water.levels.map((level) => level.value)).toEqual([depth]);
    expect(water.strikes).toEqual([]);
  });

  it.each([
    ['Venue d’eau à 4,20 m', 4.2],
    ["Arrivée d'eau : 4,2 m", 4.2],
    ['Water strike at 4.2 m', 4.2],
    ['Water encountered at 4.20 m while drilling.', 4.2],
    ['Groundwater struck at 4.2 m', 4.2],
    ['Eau rencontrée en cours de forage à 4,20 m', 4.2],
    ['Venue d’eau notée à 1,12 m en cours de forage.', 1.12],
  ])('reads the strike in « %s »', (line, depth) => {
    expect(header(line).water.strikes.map((strike) => strike.value)).toEqual([depth]);
  });

  it('reads no depth from a note’s number set a little under a legend’s words', () => {
    const at = (text: string, x: number, y: number): Word => ({
      text,
      page: 1,
      box: { x, y, width: 0.0045 * text.length, height: 0.0075 },
    });
    const legend = [
      at('Venue d’eau en cours de forage', 0.1, 0.9),
      at('2', 0.3, 0.905),
      at('Notes', 0.4, 0.9),
      at('3,5', 0.1, 0.95),
    ];
    expect(readHeader(cellsOf(legend)).water.strikes).toEqual([]);
  });

  it('reads no depth from a note’s number after a legend’s words (« 4. » read « 4 »)', () => {
    expect(header('Venue d’eau en cours de forage 4 Aucun puits d’observation installé.').water.strikes).toEqual([]);
    expect(header('Niveau de la nappe (m) : 2,16').water.levels.map((level) => level.value)).toEqual([2.16]);
  });

  it('reads no whole metres from a level whose decimal comma OCR lost (« 7 86 m »)', () => {
    expect(header("Niveau d'eau stabilisé à 7 86 m, mesuré le 28/07/2023").water.levels).toEqual([]);
  });

  it('reads no depth where the log says there is no water, or gives a date only', () => {
    const { water } = header('Aucune venue d’eau', "Niveau d'eau : non mesuré", "Niveau d'eau : 2023-07-28");
    expect([...water.levels, ...water.strikes]).toEqual([]);
  });
});

describe('the coordinates', () => {
  it.each([
    ['Coordonnées (NAD83, MTM zone 8) : X = 298 456,7 m Y = 5 043 210,2 m', 'EPSG:32188'],
    ['Coordonnées (NAD83 SCRS MTM-8) : X = 298456,7 Y = 5043210,2', 'EPSG:2950'],
    ['E 298456.7 N 5043210.2 (EPSG:32188)', 'EPSG:32188'],
    ['X : 298 456,7 m Y : 5 043 210,2 m MTM 8', 'EPSG:32188'],
    ['Coordonnées MTM (NAD83) zone 8 : E 298 456,7 / N 5 043 210,2', 'EPSG:32188'],
    ['Système NAD83 MTM, zone 8 — Est 298 456,7 Nord 5 043 210,2', 'EPSG:32188'],
    ['Coord. MTM (SCRS), fuseau 8 : X 298456,7 Y 5043210,2', 'EPSG:2950'],
    // Glued to the colon, the unit or a slash before them.
    ['Coordonnées (NAD83, MTM zone 8):X = 298 456,7 MY = 5 043 210,2 M', 'EPSG:32188'],
    ['Coordonnées MTM (NAD83) zone 8 : E 298 456,7 /N 5 043 210,2', 'EPSG:32188'],
    ['Système : SCOPQ (MTM), fuseau 8 — NAD 83 ; X (est), m : 298 456,7 ; Y (nord), m : 5 043 210,2', 'EPSG:32188'],
    // Each axis after its number.
    ['Coordinates (MTM-8): 298456.7 E / 5043210.2 N', 'EPSG:32188'],
    ['Coordonnées NAD83 MTM zone 8 : 298 456,7 mE, 5 043 210,2 mN', 'EPSG:32188'],
    // A point a scan read as a colon.
    ['Coordonnées 298456.7 mE 5043210:2 mN Système SCOPQ MTM fuseau 8, NAD83 (EPSG:32188)', 'EPSG:32188'],
    // Thousands set apart by commas, as English writes them.
    ['COORD. SYSTEM: NAD 83 / MTM Zone 8 NORTHING: 5,043,210.2 m EASTING: 298,456.7 m', 'EPSG:32188'],
  ])('reads a projected position from « %s »', (line, crs) => {
    expect(header('Projet : Rue Principale', line).coordinates?.value).toEqual({ crs, x: 298456.7, y: 5043210.2 });
  });

  it('reads a latitude whose point a scan lost, before its degree sign', () => {
    expect(header('Coordonnées 4562036° N 73.289537 O').coordinates?.value).toEqual({
      crs: 'EPSG:4326',
      x: -73.289537,
      y: 45.62036,
    });
    // Not a northing written before its axis.
    expect(header('Coordonnées 5043210 N 298456 E').coordinates).toBeNull();
  });

  it('reads the hemisphere before the degrees, an O read as a zero', () => {
    const read = header('Latitude N 45,40118°', 'Longitude 0 73,49904°');
    expect(read.coordinates?.value).toEqual({ crs: 'EPSG:4326', x: -73.49904, y: 45.40118 });
  });

  it('reads a UTM zone with its latitude band, each axis after its number', () => {
    const read = header('Coordonnées UTM 18T : 612 345 E, 5 067 090 N');
    expect(read.coordinates?.value).toEqual({ crs: 'EPSG:26918', x: 612345, y: 5067090 });
  });

  it('reads the system and the numbers from lines of their own', () => {
    const read = header('Système : NAD83 / UTM zone 18N', 'Est : 612 345,20', 'Nord : 5 034 567,80');
    expect(read.coordinates?.value).toEqual({ crs: 'EPSG:26918', x: 612345.2, y: 5034567.8 });
  });

  it('reads numbers whose label names its axis in brackets, the system on a row of its own', () => {
    const read = header(
      'Système de coordonnées NAD 83, MTM fuseau 8',
      'Coordonnée X (est) 314 572,8 m',
      'Coordonnée Y (nord) 5 067 090,2 m',
    );
    expect(read.coordinates?.value).toEqual({ crs: 'EPSG:32188', x: 314572.8, y: 5067090.2 });
  });

  it.each([
    ['latitude 45,69087° N longitude 73,56794° O', 45.69087, -73.56794],
    ['Lat. : 45.69087 Long. : -73.56794', 45.69087, -73.56794],
    ['45,69087 N ; 73,56794 W', 45.69087, -73.56794],
    ['45°41\'27,1" N 73°34\'04,6" O', 45.6908611, -73.5679444],
    ['Lat. / Long. : 45.69087, -73.56794 (NAD83)', 45.69087, -73.56794],
    ['Latitude, longitude : 45,69087 ; -73,56794', 45.69087, -73.56794],
    ['Lat/Lon (°) 45.69087 / -73.56794', 45.69087, -73.56794],
    ['Long. / Lat. : -73.56794, 45.69087', 45.69087, -73.56794],
    ['45° 41,4516′ N ; 73° 34,0764′ O', 45.69086, -73.56794],
    // The minutes' mark read as a second's: minutes all the same.
    ['45° 41,4516" N ; 73° 34,0764" O', 45.69086, -73.56794],
    // The minutes' mark lost between the degrees and the hemisphere, and the west's O read as a zero.
    ['45° 24,071 N: 73° 29,942" 0', 45.4011833, -73.4990333],
    ['45° 34,847" N ; 73° 49,543 O', 45.5807833, -73.8257167],
    // The hemisphere in the label, over a bare number (a header grid's box).
    ['Latitude N (°) 45,690870 Longitude O (°) 73,567940', 45.69087, -73.56794],
    // The minutes' mark read as a second's.
    ['45° 28\' 35,80" N 73° 48" 07,38" O', 45.4766111, -73.80205],
    // The west's O read as a zero after the seconds' mark.
    ['45°41\'27,1" N 73°34\'04,6" 0', 45.6908611, -73.5679444],
  ])('reads latitude and longitude from « %s »', (line, lat, lon) => {
    const position = header('Coordonnées :', line).coordinates?.value;
    expect(position?.crs).toBe('EPSG:4326');
    expect(position?.y).toBeCloseTo(lat, 6);
    expect(position?.x).toBeCloseTo(lon, 6);
  });

  it('reads a system whose comma a scan read as a point, cut from its zone into two cells', () => {
    const words: Word[] = [
      ...lineOf('SCOPQ MTM). fuseau', 0.05, 0.05),
      ...lineOf('8 NAD 83', 0.2, 0.05),
      ...lineOf('X (EST 287 041,2', 0.05, 0.062),
      ...lineOf('NORD 5 037 437,5', 0.2, 0.062),
    ];
    expect(readHeader(cellsOf(words)).coordinates?.value).toEqual({ crs: 'EPSG:32188', x: 287041.2, y: 5037437.5 });
  });

  it('takes the system of another page when the pages name one system only', () => {
    const numbers = [...lineOf('X (EST 287 041,2', 0.05, 0.3), ...lineOf('NORD 5 037 437,5', 0.2, 0.3)];
    const system = (text: string) => lineOf(text, 0.05, 0.28).map((word) => ({ ...word, page: 2 }));
    const read = (...pages: Word[][]) => readHeader(cellsOf(pages.flat())).coordinates?.value ?? null;
    expect(read(numbers, system('SCOPQ (MTM), fuseau 8 — NAD 83'))).toEqual({
      crs: 'EPSG:32188',
      x: 287041.2,
      y: 5037437.5,
    });
    // Two systems named: neither is taken for numbers that name none.
    const another = lineOf('UTM zone 18N', 0.05, 0.6).map((word) => ({ ...word, page: 2 }));
    expect(read(numbers, system('SCOPQ (MTM), fuseau 8 — NAD 83'), another)).toBeNull();
  });

  it('reads a hemisphere typed a column’s gap after its angle, its O read as a zero', () => {
    // A typewriter's cells: each value and hemisphere a few spaces apart, cells of their own.
    const words: Word[] = [
      ...lineOf('Coordonnées : Lat.', 0.05, 0.05),
      ...lineOf('45°24\'04,25"', 0.17, 0.05),
      ...lineOf('N', 0.24, 0.05),
      ...lineOf('Long.', 0.26, 0.05),
      ...lineOf('73°29\'56,54"', 0.3, 0.05),
      ...lineOf('0', 0.37, 0.05),
      ...lineOf('(NAD 83)', 0.39, 0.05),
    ];
    const position = readHeader(cellsOf(words)).coordinates?.value;
    expect(position?.y).toBeCloseTo(45.40118, 5);
    expect(position?.x).toBeCloseTo(-73.49904, 5);
  });

  it('reads a label’s brackets that a scan read as braces', () => {
    // Four decimals: not enough for numbers without labels to be taken for a position.
    const read = grid(['LATITUDE N (%)', '45,4766'], ['LONGITUDE O {°)', '73,8020']);
    expect(read.coordinates?.value).toEqual({ crs: 'EPSG:4326', x: -73.802, y: 45.4766 });
  });

  it('reads decimal degrees whose labels a scan lost, in Québec’s latitudes and longitudes', () => {
    const read = header('Système de coordonnées : géographiques, NAD 83', '45,620360 73,889530');
    expect(read.coordinates?.value).toEqual({ crs: 'EPSG:4326', x: -73.88953, y: 45.62036 });
    // A dash read before the latitude is no sign: Québec is north.
    expect(header('N-45,47661° 73,80205').coordinates?.value).toEqual({ crs: 'EPSG:4326', x: -73.80205, y: 45.47661 });
    // Numbers outside Québec, or a latitude alone, are no position.
    expect(header('12,345678 98,765432').coordinates).toBeNull();
    expect(header('Rapport 45,620360').coordinates).toBeNull();
  });

  it('takes no position from numbers without a system, nor from a test « N = 12 »', () => {
    expect(header('X = 298 456,7 Y = 5 043 210,2').coordinates).toBeNull();
    expect(header('SPT N = 12 à 3,0 m', 'E = 25 kPa').coordinates).toBeNull();
  });
});

describe('the final depth', () => {
  it.each([
    ['Profondeur finale : 8,40 m', 8.4],
    ['FIN DU FORAGE À 8,40 m', 8.4],
    ['End of borehole at 8.40 m', 8.4],
    ['End of borehole / Fin du sondage : 8.40 m', 8.4],
    ['Fin du forage / End of borehole at 8,40 m', 8.4],
    ['End of borehole / Fin-du sondage : 8.40 m', 8.4],
    ['Arrêt du forage : 8,40 m', 8.4],
    ['Forage terminé à 8,40 m (élév. 27,04 m)', 8.4],
    ['Sondage arrêté à 8,40 m sur le roc', 8.4],
    ['Borehole completed at 8.40 m', 8.4],
    ['Bottom of hole at 8.40 m', 8.4],
    ['Depth of hole: 8.40 m', 8.4],
    ['Borehole depth 8.40 m', 8.4],
    ['Profondeur : 8,40 m', 8.4],
  ])('reads « %s »', (line, depth) => {
    expect(header('Client : Ville de Laval', line).finalDepth?.value).toBe(depth);
  });
});

describe('metres', () => {
  it('take spaces between thousands only', () => {
    expect(header('Élévation du terrain : 1 234,56 m').groundLevel?.value).toBe(1234.56);
    // « à » read « 4 »: no final depth of 40,89 m.
    expect(header('Fin du sondage 4 0,89 m').finalDepth).toBeNull();
  });
});

describe('lengths in feet', () => {
  it('are read in metres, the metres written beside them first', () => {
    const read = header(
      'SURFACE ELEV.: 117.7 ft (35.86 m)',
      'TOTAL DEPTH: 49.7 ft',
      'Groundwater encountered at 3.7 ft at time of drilling (ATD).',
      'Stabilized water level 14.7 ft below ground surface on 18-Jul-2019.',
    );
    expect(read.groundLevel?.value).toBe(35.86);
    expect(read.finalDepth?.value).toBe(15.15);
    expect(read.water).toMatchObject({ strikes: [{ value: 1.13 }], levels: [{ value: 4.48 }] });
  });

  it('in French too (« pi »), and a length in metres stays as written', () => {
    expect(header('Profondeur finale : 20,0 pi').finalDepth?.value).toBe(6.1);
    expect(header('Profondeur finale : 20,0 m').finalDepth?.value).toBe(20);
  });

  it('take commas between thousands only with a point after them, or two of them', () => {
    expect(header('Ground elevation: 1,234.5 ft (376.28 m)').groundLevel?.value).toBe(376.28);
    expect(header('Élévation du terrain : 1,234 m').groundLevel?.value).toBe(1.234);
  });
});

describe('the ground’s elevation', () => {
  it.each([
    ['Élévation du terrain : 35,86 m', 35.86],
    ['Élév. terrain : 35,86 m (géodésique)', 35.86],
    ['Cote du sol : 35,86 m', 35.86],
  ])('is read in « %s »', (line, elevation) => {
    expect(header(line).groundLevel?.value).toBe(elevation);
  });
});

describe('a form whose labels are set small under the lines their values are written on', () => {
  /** Each box’s value, then its label a line under it, three boxes a row. */
  const form = (...boxes: [string, string][]) =>
    readHeader(
      cellsOf(
        twoLineBoxes(boxes, {
          perRow: 3,
          origin: [0.04, 0.2],
          step: [0.3, 0.06],
          sizes: [0.014, 0.0098],
          under: 0.021,
          aspect: 0.6,
        }),
      ),
    );

  it('reads each value over its label', () => {
    const read = form(
      ['314 572,8', 'Coordonnée X (Est), m'],
      ['5 067 090,2', 'Coordonnée Y (Nord), m'],
      ['35,86', 'Élévation du terrain (géodésique), m'],
      ['15,15', 'Profondeur atteinte, m'],
      ['2019/07/18', 'Date de début (AAAA/MM/JJ)'],
      ['MTM, fuseau 8 (NAD 83)', 'Système de coordonnées'],
    );
    expect(read.coordinates?.value).toEqual({ crs: 'EPSG:32188', x: 314572.8, y: 5067090.2 });
    expect(read.groundLevel?.value).toBe(35.86);
    expect(read.finalDepth?.value).toBe(15.15);
    expect(read.date?.value).toBe('2019-07-18');
    const geographic = form(['45,401180', 'Latitude (degrés décimaux)'], ['-73,499040', 'Longitude (degrés décimaux)']);
    expect(geographic.coordinates?.value).toEqual({ crs: 'EPSG:4326', x: -73.49904, y: 45.40118 });
  });

  it('reads them as OCR boxes them: a label a little taller than its value, a bracket misread', () => {
    const words: Word[] = [
      { text: '2019/07/18', page: 1, box: { x: 0.665, y: 0.214, width: 0.048, height: 0.011 } },
      { text: 'Date', page: 1, box: { x: 0.665, y: 0.233, width: 0.018, height: 0.0133 } },
      { text: 'de', page: 1, box: { x: 0.686, y: 0.233, width: 0.009, height: 0.0133 } },
      { text: 'début', page: 1, box: { x: 0.698, y: 0.233, width: 0.022, height: 0.0133 } },
      { text: '(AAAA/MM/}}', page: 1, box: { x: 0.723, y: 0.233, width: 0.045, height: 0.0133 } },
    ];
    expect(readHeader(cellsOf(words)).date?.value).toBe('2019-07-18');
  });

  it('gives a grid’s label no value of the box over it', () => {
    // « DATE DU FORAGE » over its day, then « NIVEAU D’EAU » over « Non observé »: no level of 20 m.
    const words: Word[] = [];
    const at = (text: string, y: number, height: number) =>
      words.push({ text, page: 1, box: { x: 0.66, y, width: 0.006 * text.length, height } });
    at('DATE DU FORAGE', 0.1, 0.006);
    at('20 octobre 2015', 0.108, 0.008);
    at('NIVEAU D’EAU', 0.125, 0.006);
    at('Non observé', 0.133, 0.008);
    expect(readHeader(cellsOf(words)).water).toEqual({ strikes: [], levels: [] });
  });

  it('keeps a level the form ticks and its remarks say again once', () => {
    const read = header(
      'X Niveau stabilisé à 4,48 m, mesuré le 2019/07/18',
      'Observations : niveau d’eau stabilisé à 4,48 m le 2019/07/18',
    );
    expect(read.water.levels.map((level) => level.value)).toEqual([4.48]);
  });
});
