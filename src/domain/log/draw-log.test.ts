import { describe, expect, it } from 'vitest';
import type { BoreholeLog } from './borehole-log.ts';
import { drawLog, logPages, metresPerPage } from './draw-log.ts';
import { fitLines, textWidth } from './text-width.ts';
import { xmlText } from './sheet.ts';

const LOG: BoreholeLog = {
  id: 'BH-07',
  locaId: null,
  project: 'Échangeur Turcot',
  site: 'Montréal',
  organisation: 'Ville de Montréal',
  lat: 45.47312,
  lon: -73.60021,
  original: { crs: 'EPSG:32188', x: 296_512.4, y: 5_038_771.9 },
  locationConfidence: 'surveyed',
  groundLevel: 31.2,
  depth: 12,
  date: '2024-05-02',
  endDate: '2024-05-03',
  method: 'hollow_stem_auger',
  holeType: null,
  screen: null,
  layers: [
    { top: 0, base: 1.5, description: 'REMBLAI granulaire, brun', legend: '', geology: '' },
    { top: 1.5, base: 4, description: 'ARGILE grise <raide> & humide', legend: '201', geology: '' },
    { top: 4, base: 7.25, description: 'SABLE fin à moyen, compact', legend: '', geology: '' },
    { top: 7.25, base: 12, description: 'Roche en place : calcaire', legend: '', geology: '' },
  ],
  spt: [
    { top: 2, n: 6, refusal: null },
    { top: 5, n: 25, refusal: null },
    { top: 7, n: 62, refusal: null },
    { top: 8, n: null, refusal: null },
    { top: 9, n: null, refusal: { blows: 50, mm: 165, seating: false } },
  ],
  samples: [{ top: 2, base: 2.45, type: 'SS', ref: '3' }],
  waterStrikes: [3.4],
  standingLevels: [2.1],
  cores: [{ top: 8, base: 11, rqd: 72 }],
};

/** The elements of a class with their attributes, read from the SVG text. */
function elements(svg: string, className: string): Record<string, string>[] {
  return [...svg.matchAll(new RegExp(`<(\\w+) class="${className}"([^>]*)>`, 'g'))].map(
    (match): Record<string, string> =>
      Object.fromEntries(
        [...match[2]!.matchAll(/([\w-]+)="([^"]*)"/g)].map((attribute) => [attribute[1]!, attribute[2]!] as const),
      ),
  );
}

/** Whether every element opened is closed, in order (what an XML parser would refuse). */
function balanced(svg: string): boolean {
  const open: string[] = [];
  for (const [, closing, name, selfClosing] of svg.matchAll(/<(\/?)(\w+)[^>]*?(\/?)>/g)) {
    if (selfClosing) continue;
    if (!closing) open.push(name!);
    else if (open.pop() !== name) return false;
  }
  return open.length === 0;
}

// Body top: 10 mm margin, 38 mm header, 8 mm column heads.
const BODY_TOP = 56;

describe('drawLog', () => {
  const svg = drawLog(LOG);

  it('draws one band per layer at its depths, to scale, with its soil class', () => {
    const layers = elements(svg, 'log-layer');
    expect(layers.map((layer) => [layer['data-top'], layer['data-base'], layer['data-soil']])).toEqual([
      ['0', '1.5', 'fill'],
      ['1.5', '4', 'clay'],
      ['4', '7.25', 'sand'],
      ['7.25', '12', 'bedrock'],
    ]);
    // 1:100: one metre is 10 mm.
    expect(layers.map((layer) => [Number(layer.y), Number(layer.height)])).toEqual([
      [BODY_TOP, 15],
      [BODY_TOP + 15, 25],
      [BODY_TOP + 40, 32.5],
      [BODY_TOP + 72.5, 47.5],
    ]);
    expect(elements(drawLog(LOG, { scale: 50 }), 'log-layer')[1]).toMatchObject({
      y: String(BODY_TOP + 30),
      height: '50',
    });
    expect(elements(drawLog(LOG, { scale: 200 }), 'log-layer')[1]).toMatchObject({ height: '12.5' });
  });

  it('writes every description beside its layer, escaped, with its legend code', () => {
    expect(elements(svg, 'log-description').map((text) => text['data-top'])).toEqual(['0', '1.5', '4', '7.25']);
    expect(svg).toContain('[201] ARGILE grise &lt;raide&gt; &amp; humide');
    expect(svg).not.toContain('<raide>');
    expect(balanced(svg)).toBe(true);
  });

  it('marks SPT values and their plot, water, samples and RQD', () => {
    expect(elements(svg, 'log-spt').map((test) => [test['data-top'], test['data-n']])).toEqual([
      ['2', '6'],
      ['5', '25'],
      ['7', '62'],
      ['8', ''],
      ['9', ''],
    ]);
    // N = 25 is halfway along the plot (153 + 2 … 188 − 2 mm), N = 62 at its end with a mark.
    expect(svg).toMatch(/<circle cx="170.5" cy="106"/);
    expect(svg).toMatch(/<circle cx="186" cy="126"/);
    // A refusal: « 50/165 mm » in its column, its point at the plot's edge with a mark.
    expect(elements(svg, 'log-spt').at(-1)).toMatchObject({ 'data-refusal': '50/165 mm' });
    expect(svg).toMatch(/<tspan x="148.6" dy="0">50\/165<\/tspan><tspan x="148.6" dy="2.4">mm<\/tspan>/);
    expect(svg).toMatch(/<circle cx="186" cy="146"/);
    expect(svg.match(/<path d="M186 \d+(\.\d+)?l1.6 0.9l-1.6 0.9z" fill="#b3261e"/g)).toHaveLength(2);
    expect(elements(svg, 'log-water-strike')).toEqual([{ 'data-depth': '3.4' }]);
    expect(elements(svg, 'log-water-level')).toEqual([{ 'data-depth': '2.1' }]);
    expect(elements(svg, 'log-sample')).toEqual([{ 'data-top': '2', 'data-type': 'SS' }]);
    expect(elements(svg, 'log-rqd')[0]).toMatchObject({ 'data-rqd': '72', 'data-top': '8' });
  });

  it('marks in red the metres two layers describe, and says them in words', () => {
    // A second logger's layer from 3,5 to 5 m, across the base of the one before (4 m) and the top
    // of the next (4 m): 3,5 to 5 m are described twice, one range.
    const overlapping = drawLog({
      ...LOG,
      layers: [...LOG.layers, { top: 3.5, base: 5, description: 'Silt gris', legend: '', geology: '' }],
    });
    expect(elements(overlapping, 'log-overlap')).toEqual([
      expect.objectContaining({ 'data-top': '3.5', 'data-base': '5', x: '34', width: '1.2', fill: '#b3261e' }),
    ]);
    expect(overlapping).toContain('Couches qui se chevauchent : 3,5 à 5 m.');
    expect(elements(svg, 'log-overlap')).toEqual([]);
  });

  it('labels depths and elevations, and says what it shows in words', () => {
    const depths = elements(svg, 'log-depth-label').map((label) => label['data-depth']);
    expect(depths).toEqual(Array.from({ length: 13 }, (_, i) => String(i)));
    expect(svg).toContain('>26,20</text>'); // 31.2 m ground level, 5 m down
    // The borehole goes by its name in its project.
    expect(svg).toContain('<title id="log-title">Journal de forage BH-07 · Échangeur Turcot</title>');
    expect(svg).toMatch(
      /<desc id="log-desc">Forage BH-07 · Échangeur Turcot, profondeur 12 m\. Couches : 0 à 1,5 m : REMBLAI/,
    );
    expect(svg).toContain('N = 62 à 7 m ; refus 50/165 mm à 9 m.');
    expect(svg).toMatch(/X 296\s512,4, Y 5\s038\s771,9 \(EPSG:32188\)/);
    expect(svg).toContain('Ville de Montréal');
    expect(svg).toContain('Méthode : Tarière à tige creuse');
  });

  it('draws an observation well: its riser, its screen slotted, and says its depths in the header', () => {
    const well = drawLog({ ...LOG, screen: { top: 3, base: 6 } });
    // At 1:100 from 56 mm: the screen from 86 to 116 mm, the riser above it from the ground.
    expect(elements(well, 'log-screen')).toEqual([{ 'data-top': '3', 'data-base': '6' }]);
    expect(well).toMatch(/<rect x="22.5" y="86" width="2" height="30" fill="#fff" stroke="#0b63c5"/);
    expect(well).toMatch(/<rect x="22.5" y="56" width="2" height="30" fill="none" stroke="#0b63c5"/);
    expect(well).toContain('<title>Crépine : 3,0–6,0 m</title>');
    expect(well).toContain('— Crépine : 3,0–6,0 m</text>');
    expect(well).toContain('tubage\u00a0et\u00a0crépine\u00a0du\u00a0puits');
    expect(elements(svg, 'log-screen')).toEqual([]);
  });

  it('leaves the elevation scale empty when the ground level is unknown', () => {
    const unknown = drawLog({ ...LOG, groundLevel: null });
    expect(elements(unknown, 'log-elevation-label')).toHaveLength(0);
    // The column keeps its heading, and says why it is empty.
    expect(unknown).toContain('>Élév. (m)</text>');
    expect(elements(unknown, 'log-elevation-unknown')).toHaveLength(1);
    expect(unknown).toContain('Élévation du terrain : inconnue');
  });

  it('signs the header with the organisation’s emblem when it has one', () => {
    expect(svg).not.toContain('log-emblem');
    const signed = drawLog({ ...LOG, emblem: { initials: 'SJ', colour: '#1b5e20' } });
    const emblem = /<g class="log-emblem">(.*?)<\/g>/.exec(signed)?.[1] ?? '';
    expect(emblem).toContain('fill="#1b5e20"');
    expect(emblem).toMatch(/fill="#fff">SJ<\/text>/);
    // The organisation's name moves left of the shield, in the header.
    const name = /<text x="([\d.]+)"[^>]*>(?:<tspan[^>]*>)?Ville de Montréal/.exec(signed);
    expect(Number(name?.[1])).toBeLessThan(
      Number(/<text x="([\d.]+)"[^>]*>(?:<tspan[^>]*>)?Ville de Montréal/.exec(svg)?.[1]),
    );
  });
});

describe('pages of a deep log', () => {
  const deep: BoreholeLog = {
    ...LOG,
    depth: 30,
    layers: [
      { top: 0, base: 18, description: 'Argile grise', legend: '', geology: '' },
      { top: 18, base: 25, description: 'Till glaciaire compact', legend: '', geology: '' },
      { top: 25, base: 30, description: 'Calcaire', legend: '', geology: '' },
    ],
    spt: [
      { top: 19, n: 30, refusal: null },
      { top: 23, n: 41, refusal: null },
    ],
  };

  it('breaks the depth across A4 pages, carrying on where the last one stopped', () => {
    expect(metresPerPage(100)).toBe(20);
    expect(logPages(deep, 100)).toEqual([
      { from: 0, to: 20 },
      { from: 20, to: 30 },
    ]);
    expect(logPages(deep, 50)).toEqual([
      { from: 0, to: 10 },
      { from: 10, to: 20 },
      { from: 20, to: 30 },
    ]);
    expect(logPages(deep, 200)).toEqual([{ from: 0, to: 30 }]);
  });

  it('draws a layer that crosses a page on both, its text marked as carried on', () => {
    const second = drawLog(deep, { scale: 100, from: 20, to: 30, page: { number: 2, total: 2 } });
    const layers = elements(second, 'log-layer');
    expect(layers.map((layer) => layer['data-top'])).toEqual(['18', '25']);
    expect(layers[0]).toMatchObject({ y: String(BODY_TOP), height: '50' });
    expect(second).toContain('(suite) Till glaciaire compact');
    expect(second).toContain('page 2 sur 2');
    expect(elements(second, 'log-spt').map((test) => test['data-top'])).toEqual(['23']);
    expect(elements(second, 'log-depth-label')[0]).toMatchObject({ 'data-depth': '20' });
  });
});

describe('text helpers', () => {
  it('wraps words into lines no wider than the column, cutting a word wider than a line', () => {
    const lines = fitLines('Argile silteuse grise, raide à très raide', 20, 2.4);
    expect(lines.join(' ')).toBe('Argile silteuse grise, raide à très raide');
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(textWidth(line, 2.4)).toBeLessThanOrEqual(20);
    const long = fitLines(`a ${'x'.repeat(60)}`, 20, 2.4);
    expect(long[0]).toBe('a');
    expect(long.slice(1).join('')).toBe('x'.repeat(60));
    for (const line of long) expect(textWidth(line, 2.4)).toBeLessThanOrEqual(20);
    expect(fitLines('   ', 10, 2.4)).toEqual([]);
  });

  it('escapes XML and drops the control characters XML cannot hold', () => {
    expect(xmlText(`<a href="x">'&'</a>\u0000\u0007`)).toBe('&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;');
  });
});
