import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoreholeLog } from '../../src/domain/log/borehole-log.ts';
import { logsPdf } from './log-pdf.ts';

const run = promisify(execFile);

const LOG: BoreholeLog = {
  id: 'PZ-12',
  locaId: null,
  project: 'Prolongement de la ligne bleue',
  site: 'Montréal',
  organisation: 'Ville de Montréal',
  lat: 45.5617,
  lon: -73.5996,
  original: null,
  locationConfidence: 'converted',
  groundLevel: 48.3,
  depth: 30,
  date: '2025-03-11',
  endDate: null,
  method: 'rotary',
  holeType: null,
  screen: null,
  layers: [
    { top: 0, base: 2, description: 'Remblai : sable et gravier, brun', legend: '', geology: '' },
    {
      top: 2,
      base: 24,
      description: 'Argile grise de la mer de Champlain, profondeur finale atteinte plus bas',
      legend: '',
      geology: '',
    },
    { top: 24, base: 30, description: 'Calcaire gris, massif', legend: '', geology: '' },
  ],
  spt: [
    { top: 3, n: 4, refusal: null },
    { top: 21, n: 17, refusal: null },
  ],
  samples: [],
  waterStrikes: [5.5],
  standingLevels: [],
  cores: [{ top: 25, base: 28, rqd: 85 }],
};

/** Reads a PDF with Poppler, as someone checking our file by other means would. */
describe('logsPdf', () => {
  let folder: string;
  let path: string;
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'geosonde-log-pdf-'));
    path = join(folder, 'journal.pdf');
    await writeFile(
      path,
      logsPdf(
        [
          LOG,
          {
            ...LOG,
            id: 'PZ-13',
            depth: 8,
            layers: LOG.layers.slice(0, 2).map((layer) => ({ ...layer, base: Math.min(layer.base, 8) })),
            spt: [],
            cores: [],
          },
        ],
        100,
      ),
    );
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it('gives each log its A4 pages, the depth carried on', async () => {
    const { stdout } = await run('pdfinfo', [path]);
    // 30 m at 1:100: 20 m, then 10 m; 8 m: one page.
    expect(stdout).toMatch(/Pages:\s+3/);
    expect(stdout).toMatch(/Page size:\s+595(\.\d+)? x 842(\.\d+)? pts \(A4\)/);
    expect(stdout).toMatch(/Title:\s+Journaux de forage \(2\)/);
  });

  it('embeds its typeface and keeps its text as text', async () => {
    const fonts = (await run('pdffonts', [path])).stdout.split('\n').slice(2).filter(Boolean);
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) expect(font).toMatch(/DejaVuSansCondensed.*\byes\s+yes\s+yes\b/);
    const text = (await run('pdftotext', [path, '-'])).stdout;
    expect(text).toContain('Journal de forage PZ-12');
    expect(text).toContain('page 2 sur 2');
    expect(text).toContain('Journal de forage PZ-13');
    expect(text).toContain('Profondeur finale : 30,00 m');
    expect(text).toContain('(suite) Argile grise de la mer de Champlain');
    expect(text).toContain('Calcaire gris, massif');
    // No raster: the drawing is vector.
    expect((await run('pdfimages', ['-list', path])).stdout.split('\n').slice(2).filter(Boolean)).toEqual([]);
  });
});
