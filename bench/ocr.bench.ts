// Measures the reading of borehole logs (issue #20): logs of generated boreholes drawn by our log
// renderer and by two other layouts of our own (bench/other-layouts.ts), read back by their PDF
// text, by OCR of clean pages, and by OCR of pages made to look scanned (skew within ±2°, specks,
// blur, JPEG; 200 or 300 dpi), each scan read as a user's upload: a PNG that says no resolution,
// through the server's own path. Prints, for each series, field-level precision, recall and F1
// (layers with top and base within 0.1 m, depths, SPT N, water, header), the character error rate
// of the descriptions, and seconds per page, with the machine's load.
//
// Two sets of logs: « reglage », the one the reading was tuned on, and « test », kept apart and
// never used while tuning — its seed is not to be used for anything else.
// Usage: npm run bench:ocr [-- --set reglage|test --seed N --logs 12 --series own-ocr,tableau-scan --engine js|debian]
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { wordsOf as documentWords } from '../api/digitise/document-words.ts';
import { openOcr, openTesseractCommand, type OcrReader } from '../api/digitise/ocr-words.ts';
import { pdfWords } from '../api/digitise/pdf-words.ts';
import { pdfPageImages, type PageImage } from '../api/digitise/raster.ts';
import { logsPdf } from '../api/files/log-pdf.ts';
import { readLog } from '../src/domain/digitise/extract-log.ts';
import { addTallies, f1, precision, recall, scoreReading, type Tally } from '../src/domain/digitise/score.ts';
import type { Word } from '../src/domain/digitise/words.ts';
import type { BoreholeLog } from '../src/domain/log/borehole-log.ts';
import { generatedLogs } from './generated-logs.ts';
import { firmLayoutPages, type FirmLayout } from './firm-layouts.ts';
import { flawsFor, otherLayoutPages, scanned, type Layout } from './other-layouts.ts';

/** The sets' seeds: the test set's is kept for the final measure only. */
const SETS = { reglage: 20261126, test: 20270315 } as const;

interface Series {
  name: string;
  /** The pages of a log, drawn (and scanned) as this series wants; null: read the PDF's text. */
  pages: ((log: BoreholeLog, index: number) => Promise<PageImage[]>) | null;
}

const ownPages = (log: BoreholeLog, dpi: number) => pdfPageImages(logsPdf([log], 100), dpi);
/** Pages scanned at 300 dpi, or 200 for every other log, each with its flaws. */
const scannedPages = async (pages: Promise<PageImage[]>, index: number) =>
  Promise.all((await pages).map((page, i) => scanned(page, flawsFor(index * 3 + i), index * 31 + i + 1)));
const dpiOf = (index: number) => (index % 2 ? 200 : 300);
const other = (layout: Layout, scan: boolean): Series['pages'] =>
  scan
    ? (log, index) => scannedPages(otherLayoutPages(layout, log, dpiOf(index)), index)
    : (log) => otherLayoutPages(layout, log, 300);

const firm = (layout: FirmLayout, scan: boolean): Series['pages'] =>
  scan
    ? (log, index) => scannedPages(firmLayoutPages(layout, log, dpiOf(index)), index)
    : (log) => firmLayoutPages(layout, log, 300);

const SERIES: Series[] = [
  { name: 'own-text', pages: null },
  { name: 'own-ocr', pages: (log) => ownPages(log, 300) },
  { name: 'own-scan', pages: (log, index) => scannedPages(ownPages(log, dpiOf(index)), index) },
  { name: 'tableau-ocr', pages: other('tableau', false) },
  { name: 'tableau-scan', pages: other('tableau', true) },
  { name: 'formulaire-ocr', pages: other('formulaire', false) },
  { name: 'formulaire-scan', pages: other('formulaire', true) },
  // Issue #35: a firm's layout the reader was not built on (bench/firm-layouts.ts).
  { name: 'rapport-ocr', pages: firm('rapport', false) },
  { name: 'rapport-scan', pages: firm('rapport', true) },
];
const LABELS: Record<string, string> = {
  'own-text': 'notre mise en page, texte du PDF',
  'own-ocr': 'notre mise en page, OCR à 300 ppp',
  'own-scan': 'notre mise en page, scannée (200/300 ppp, inclinaison, taches, flou, JPEG)',
  'tableau-ocr': 'mise en page « tableau », OCR à 300 ppp',
  'tableau-scan': 'mise en page « tableau », scannée',
  'formulaire-ocr': 'mise en page « formulaire » rempli à la main, OCR à 300 ppp',
  'formulaire-scan': 'mise en page « formulaire », scannée',
  'rapport-ocr': 'mise en page « rapport » d’une firme (paysage, 1:50), OCR à 300 ppp',
  'rapport-scan': 'mise en page « rapport » d’une firme, scannée',
};

const { values } = parseArgs({
  options: {
    set: { type: 'string', default: 'reglage' },
    // Another seed to tune on, so as not to fit the « reglage » set alone (never the test set's).
    seed: { type: 'string' },
    logs: { type: 'string', default: '12' },
    series: { type: 'string', default: SERIES.map((series) => series.name).join(',') },
    // « debian »: Debian's tesseract command (apt-get install tesseract-ocr tesseract-ocr-fra) in place of tesseract.js.
    engine: { type: 'string', default: 'js' },
  },
});
if (!(values.set in SETS)) throw new Error(`--set reglage ou test, pas ${values.set}`);
if (values.seed && Number(values.seed) === SETS.test)
  throw new Error('la graine du jeu « test » ne sert qu’au jeu « test »');
const seed = values.seed ? Number(values.seed) : SETS[values.set as keyof typeof SETS];
const logs = generatedLogs(Number(values.logs), seed);
const chosen = values.series.split(',');
const none: Tally = { right: 0, read: 0, truth: 0 };
const percent = (value: number) => `${(100 * value).toFixed(1)} %`;
const line = (name: string, t: Tally) =>
  `  ${name} : précision ${percent(precision(t))}, rappel ${percent(recall(t))}, F1 ${percent(f1(t))} (${t.right} justes, ${t.read} lus, ${t.truth} vrais)`;

async function wordsOf(series: Series, log: BoreholeLog, index: number, ocr: OcrReader) {
  if (!series.pages) {
    const read = await pdfWords(logsPdf([log], 100));
    return { words: read.words, pages: read.pages };
  }
  const images = await series.pages(log, index);
  const words: Word[] = [];
  for (const [i, image] of images.entries()) {
    if (series.name.endsWith('-scan')) {
      // A scan goes the way of a user's upload: a PNG that says no resolution, read by the
      // server's own path (which takes it from the page's size).
      const read = await documentWords(image.png, 'image/png', () => Promise.resolve(ocr));
      words.push(...read.words.map((word) => ({ ...word, page: i + 1 })));
    } else words.push(...(await ocr.words(image.png, i + 1, image)));
  }
  return { words, pages: images.length };
}

console.log(
  `Jeu « ${values.seed ? 'graine de réglage' : values.set} » : ${logs.length} journaux de forages générés (graine ${seed})`,
);
const ocr = values.engine === 'debian' ? openTesseractCommand() : await openOcr();
console.log(`OCR : ${values.engine === 'debian' ? 'tesseract de Debian (commande)' : 'tesseract.js (WebAssembly)'}`);
for (const series of SERIES.filter((each) => chosen.includes(each.name))) {
  let [layers, depths, spt, header, water, samples] = [none, none, none, none, none, none];
  let [edits, characters, pages, seconds] = [0, 0, 0, 0];
  for (const [index, log] of logs.entries()) {
    // The drawing and the scan's flaws are not timed: only the reading is.
    const started = performance.now();
    const read = await wordsOf(series, log, index, ocr);
    const reading = readLog(read.words);
    seconds += (performance.now() - started) / 1000;
    pages += read.pages;
    const score = scoreReading(reading, log);
    [layers, depths, spt, header, water, samples] = [
      addTallies(layers, score.layers),
      addTallies(depths, score.depths),
      addTallies(spt, score.spt),
      addTallies(header, score.header),
      addTallies(water, score.water),
      addTallies(samples, score.samples),
    ];
    edits += score.descriptionEdits;
    characters += score.descriptionCharacters;
  }
  console.log(`${LABELS[series.name]} — ${pages} pages`);
  console.log(line('couches', layers));
  console.log(line('profondeurs', depths));
  console.log(line('SPT N', spt));
  console.log(line('niveaux d’eau (venues, niveaux stabilisés)', water));
  console.log(line('en-tête (id, date, élévation, coordonnées)', header));
  // The « tableau » layout writes no samples.
  if (!series.name.startsWith('tableau')) console.log(line('échantillons (étiquette et profondeur)', samples));
  console.log(`  descriptions : ${percent(characters ? edits / characters : 0)} de caractères à corriger (CER)`);
  console.log(
    `  ${(seconds / pages).toFixed(2)} s par page (charge 1/5/15 min ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' / ')})`,
  );
}
await ocr.close();
