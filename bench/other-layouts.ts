// Two log layouts of our own besides GéoSonde's (issue #20's evaluation), drawn as scanned pages:
// « tableau », a consultant's summary in a serif type (layers as rows From / To / Description,
// then a table of SPT tests), and « formulaire », a printed form filled by hand (a slanted
// typewriter-like type set a little off its lines, one base depth per layer, samples and SPT as
// rows). Then what a scanner does to a page: skew, noise, blur, JPEG.
import { createCanvas, GlobalFonts, loadImage, type SKRSContext2D } from '@napi-rs/canvas';
import { fileURLToPath } from 'node:url';
import type { PageImage } from '../api/digitise/raster.ts';
import { decimals, pageImages } from './layout-pages.ts';
import type { BoreholeLog } from '../src/domain/log/borehole-log.ts';

const font = (name: string) => fileURLToPath(new URL(`./fonts/${name}`, import.meta.url));
GlobalFonts.registerFromPath(font('DejaVuSerif.ttf'), 'Bench Serif');
GlobalFonts.registerFromPath(font('DejaVuSerif-Bold.ttf'), 'Bench Serif');
GlobalFonts.registerFromPath(font('DejaVuSansMono-Oblique.ttf'), 'Bench Hand');

export type Layout = 'tableau' | 'formulaire';
export const OTHER_LAYOUTS: readonly Layout[] = ['tableau', 'formulaire'];

/** A letter page, in points. */
const PAGE = { width: 612, height: 792 };
const MARGIN = 48;

const metres = (value: number) => `${decimals(value, 2)} m`;
const frenchDay = (iso: string) => iso.split('-').reverse().join('/');

/** MTM zone of an EPSG code of NAD83 (32183–32190). */
const mtmZone = (crs: string) => Number(crs.replace('EPSG:', '')) - 32180;

function coordinatesLine(log: BoreholeLog): string {
  if (log.original) {
    return `Coordonnées : X ${decimals(log.original.x, 1)} Y ${decimals(log.original.y, 1)} (MTM zone ${mtmZone(log.original.crs)})`;
  }
  return `Coordonnées : latitude ${decimals(log.lat!, 5)} longitude ${decimals(log.lon!, 5)}`;
}

function waterLine(log: BoreholeLog): string {
  const parts = [
    ...log.waterStrikes.map((depth) => `venue d’eau à ${metres(depth)}`),
    ...log.standingLevels.map((depth) => `niveau stabilisé à ${metres(depth)}`),
  ];
  return `Eau : ${parts.length ? parts.join(' ; ') : 'aucune observation'}`;
}

/** Lines of `text` no wider than `width` points in the context's font. */
export function wrapped(context: SKRSContext2D, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (line && context.measureText(next).width > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/** A page being drawn at `dpi`, in points, on white. */
function newPage(dpi: number) {
  const scale = dpi / 72;
  const canvas = createCanvas(Math.round(PAGE.width * scale), Math.round(PAGE.height * scale));
  const context = canvas.getContext('2d');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.scale(scale, scale);
  context.fillStyle = '#111';
  context.strokeStyle = '#222';
  context.lineWidth = 0.7;
  context.textBaseline = 'alphabetic';
  return { canvas, context };
}

/** A pseudo-random series of its own for each log: the hand's jitter. */
function jitter(seed: string) {
  let state = [...seed].reduce((sum, character) => (sum * 31 + character.charCodeAt(0)) & 0x7fffffff, 7);
  return () => (state = (Math.imul(state, 1_103_515_245) + 12_345) & 0x7fffffff) / 2 ** 31;
}

/** « tableau »: the header as lines, the layers as rows of a ruled table, then the SPT tests. */
async function tableLog(log: BoreholeLog, dpi: number): Promise<PageImage[]> {
  const pages: ReturnType<typeof newPage>[] = [];
  let page = newPage(dpi);
  pages.push(page);
  let c = page.context;
  c.font = 'bold 15px "Bench Serif"';
  c.fillText(`JOURNAL DE SONDAGE N° ${log.id}`, MARGIN, 64);
  c.font = '9.5px "Bench Serif"';
  const header = [
    `Projet : ${log.project} — ${log.site}`,
    `Date de forage : ${frenchDay(log.date!)}`,
    `Élévation du terrain : ${log.groundLevel === null ? 'non relevée' : metres(log.groundLevel)}`,
    coordinatesLine(log),
    `Profondeur finale : ${metres(log.depth)}`,
    waterLine(log),
  ];
  header.forEach((line, i) => c.fillText(line, MARGIN, 88 + i * 14));

  const columns = { from: MARGIN, to: MARGIN + 52, text: MARGIN + 110, end: PAGE.width - MARGIN };
  const heading = (y: number) => {
    c.font = 'bold 9.5px "Bench Serif"';
    c.fillText('De (m)', columns.from + 4, y);
    c.fillText('À (m)', columns.to + 4, y);
    c.fillText('Description des sols', columns.text + 6, y);
    c.beginPath();
    c.moveTo(columns.from, y + 6);
    c.lineTo(columns.end, y + 6);
    c.stroke();
    c.font = '9.5px "Bench Serif"';
    return y + 22;
  };
  let y = heading(88 + header.length * 14 + 20);
  for (const layer of log.layers) {
    const lines = wrapped(c, layer.description, columns.end - columns.text - 12);
    if (y + lines.length * 12.5 > PAGE.height - MARGIN) {
      page = newPage(dpi);
      pages.push(page);
      c = page.context;
      c.font = '9.5px "Bench Serif"';
      c.fillText(`Sondage ${log.id} (suite)`, MARGIN, 56);
      y = heading(84);
    }
    c.fillText(decimals(layer.top, 2), columns.from + 4, y);
    c.fillText(decimals(layer.base, 2), columns.to + 4, y);
    lines.forEach((line, i) => c.fillText(line, columns.text + 6, y + i * 12.5));
    y += lines.length * 12.5 + 8;
    c.beginPath();
    c.moveTo(columns.from, y - 8);
    c.lineTo(columns.end, y - 8);
    c.stroke();
  }
  const tests = log.spt.filter((test) => test.n !== null);
  if (y + 60 + tests.length * 13 > PAGE.height - MARGIN) {
    page = newPage(dpi);
    pages.push(page);
    c = page.context;
    y = 60;
  } else y += 24;
  c.font = 'bold 11px "Bench Serif"';
  c.fillText('Essais de pénétration standard (SPT)', MARGIN, y);
  c.font = 'bold 9.5px "Bench Serif"';
  c.fillText('Profondeur (m)', MARGIN + 4, y + 22);
  c.fillText('N (coups)', MARGIN + 120, y + 22);
  c.font = '9.5px "Bench Serif"';
  tests.forEach((test, i) => {
    c.fillText(decimals(test.top, 2), MARGIN + 4, y + 40 + i * 13);
    c.fillText(String(test.n), MARGIN + 120, y + 40 + i * 13);
  });
  return pageImages(
    pages.map((each) => each.canvas),
    dpi,
  );
}

/**
 * « formulaire »: a printed form (labels, boxes, ruled rows) whose values are written by hand —
 * here a slanted monospaced type, each value a little off its line and its place.
 */
async function formLog(log: BoreholeLog, dpi: number): Promise<PageImage[]> {
  const pages: ReturnType<typeof newPage>[] = [];
  let page = newPage(dpi);
  pages.push(page);
  let c = page.context;
  const random = jitter(log.id);
  const hand = (text: string, x: number, y: number) => {
    c.save();
    c.font = '10.5px "Bench Hand"';
    c.fillStyle = '#1a237e';
    c.fillText(text, x + (random() - 0.5) * 3, y + (random() - 0.5) * 2.5);
    c.restore();
  };
  const printed = (text: string, x: number, y: number, size = 8.5) => {
    c.font = `${size}px "Bench Serif"`;
    c.fillText(text, x, y);
  };
  c.font = 'bold 13px "Bench Serif"';
  c.fillText('RAPPORT DE FORAGE — FORMULAIRE DE CHANTIER', MARGIN, 58);
  c.strokeRect(MARGIN, 70, PAGE.width - 2 * MARGIN, 118);
  // The form's fields: a printed label, the value written after it.
  const field = (label: string, value: string, x: number, y: number) => {
    printed(label, x, y);
    hand(value, x + c.measureText(label).width + 6, y);
  };
  field('Forage n° :', log.id, MARGIN + 8, 88);
  field('Date de début :', frenchDay(log.date!), MARGIN + 250, 88);
  field('Projet :', log.project, MARGIN + 8, 108);
  field('Élévation du terrain :', log.groundLevel === null ? '—' : metres(log.groundLevel), MARGIN + 8, 128);
  field('Profondeur finale :', metres(log.depth), MARGIN + 250, 128);
  const [coordinatesLabel, coordinatesValue] = coordinatesLine(log).split(' : ');
  field(`${coordinatesLabel} :`, coordinatesValue!, MARGIN + 8, 148);
  const [waterLabel, waterValue] = waterLine(log).split(' : ');
  field(`${waterLabel} :`, waterValue!, MARGIN + 8, 170);

  const columns = { base: MARGIN, text: MARGIN + 70, end: PAGE.width - MARGIN };
  const heading = (y: number) => {
    c.fillRect(columns.base, y - 11, columns.end - columns.base, 15);
    c.fillStyle = '#fff';
    printed('Base (m)', columns.base + 4, y);
    printed('Description', columns.text + 6, y);
    c.fillStyle = '#111';
    return y + 20;
  };
  let y = heading(214);
  for (const layer of log.layers) {
    c.font = '10.5px "Bench Hand"';
    const lines = wrapped(c, layer.description, columns.end - columns.text - 16);
    if (y + lines.length * 14 > PAGE.height - 150) {
      page = newPage(dpi);
      pages.push(page);
      c = page.context;
      printed(`Forage n° ${log.id} — suite`, MARGIN, 56, 9);
      y = heading(84);
    }
    hand(decimals(layer.base, 2), columns.base + 4, y);
    lines.forEach((line, i) => hand(line, columns.text + 6, y + i * 14));
    y += lines.length * 14 + 8;
    c.beginPath();
    c.moveTo(columns.base, y - 9);
    c.lineTo(columns.end, y - 9);
    c.stroke();
  }
  if (y + 50 + log.samples.length * 15 > PAGE.height - MARGIN) {
    page = newPage(dpi);
    pages.push(page);
    c = page.context;
    y = 60;
  } else y += 26;
  printed('ÉCHANTILLONS ET ESSAIS SPT', MARGIN, y, 10);
  printed('Éch.', MARGIN + 4, y + 20);
  printed('Prof. (m)', MARGIN + 60, y + 20);
  printed('N', MARGIN + 150, y + 20);
  log.samples.forEach((sample, i) => {
    const row = y + 38 + i * 15;
    const test = log.spt.find((candidate) => candidate.top === sample.top);
    hand(`${sample.type}-${sample.ref}`, MARGIN + 4, row);
    hand(decimals(sample.top, 2), MARGIN + 60, row);
    hand(test?.n === null || test === undefined ? '—' : String(test.n), MARGIN + 150, row);
  });
  return pageImages(
    pages.map((each) => each.canvas),
    dpi,
  );
}

/** A log drawn in one of the other layouts, each page an image at `dpi`. */
export function otherLayoutPages(layout: Layout, log: BoreholeLog, dpi: number): Promise<PageImage[]> {
  return layout === 'tableau' ? tableLog(log, dpi) : formLog(log, dpi);
}

/** What a scanner does to a page: turned by `skew` degrees, specks of noise, a blur, JPEG at `quality`. */
export interface ScanFlaws {
  skew: number;
  /** The share of pixels turned to a random grey. */
  noise: number;
  /** Blur radius in pixels. */
  blur: number;
  /** JPEG quality (0–100); 0 for none. */
  quality: number;
}

/**
 * The flaws of the n-th page of a series, as an office scanner leaves them: a skew within ±2°,
 * specks on 0.2 to 0.6 % of the pixels, a blur of 0.3 to 0.7 pixel, JPEG at quality 55 to 85.
 */
export function flawsFor(n: number): ScanFlaws {
  const skew = (((n * 7919) % 41) - 20) / 10;
  return { skew, noise: 0.002 + (n % 3) * 0.002, blur: 0.3 + (n % 5) * 0.1, quality: 55 + (n % 4) * 10 };
}

/** A page as a scanner would have made it (see ScanFlaws), still a PNG for the reader. */
export async function scanned(page: PageImage, flaws: ScanFlaws, seed: number): Promise<PageImage> {
  const image = await loadImage(page.png);
  const canvas = createCanvas(page.width, page.height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.translate(canvas.width / 2, canvas.height / 2);
  context.rotate((flaws.skew * Math.PI) / 180);
  context.filter = flaws.blur > 0 ? `blur(${flaws.blur}px)` : 'none';
  context.drawImage(image, -canvas.width / 2, -canvas.height / 2);
  context.setTransform(1, 0, 0, 1, 0, 0);
  context.filter = 'none';
  // Specks: a grey dot on a share of the pixels, placed by a series of its own.
  let state = seed & 0x7fffffff || 1;
  const random = () => (state = (Math.imul(state, 1_103_515_245) + 12_345) & 0x7fffffff) / 2 ** 31;
  const pixels = context.getImageData(0, 0, canvas.width, canvas.height);
  const count = Math.round(flaws.noise * canvas.width * canvas.height);
  for (let i = 0; i < count; i++) {
    const at = Math.floor(random() * canvas.width * canvas.height) * 4;
    const grey = Math.floor(random() * 255);
    pixels.data[at] = pixels.data[at + 1] = pixels.data[at + 2] = grey;
  }
  context.putImageData(pixels, 0, 0);
  if (flaws.quality > 0) {
    const jpeg = await canvas.encode('jpeg', flaws.quality);
    const decoded = await loadImage(jpeg);
    context.drawImage(decoded, 0, 0);
  }
  return { png: await canvas.encode('png'), width: canvas.width, height: canvas.height, dpi: page.dpi };
}
