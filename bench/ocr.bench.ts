// Measures the reading of borehole logs (issues #20 and #35): logs of generated boreholes drawn in
// twenty-two layouts — ours (the log renderer), « tableau » and « formulaire » (bench/other-layouts.ts),
// two firms' (bench/firm-layouts.ts, bench/fiche-layout.ts), the bilingual « journal »
// (bench/test-layout.ts, held out until 28 Nov 2026 and tuned on since), « carnet »
// (bench/carnet-layout.ts, held out until 28 Nov 2026 and looked at since), « dossier »
// (bench/dossier-layout.ts, held out until the afternoon of 28 Nov 2026 and tuned on since),
// « relevé » (bench/releve-layout.ts, held out until the evening of 28 Nov 2026 and tuned on since),
// « sondage » (bench/sondage-layout.ts, held out until the night of 28 Nov 2026 and tuned on since),
// « coupe » (bench/coupe-layout.ts, held out until its first measure on the night of 28 Nov 2026,
// tuned on since), « sommaire » (bench/sommaire-layout.ts, held out until its measure at the end of
// that session, tuned on since), « cahier » (bench/cahier-layout.ts, held out until its first
// measure on the evening of 28 Nov 2026, tuned on since), « planche » (bench/planche-layout.ts,
// held out until its first measure on the evening of 28 Nov 2026, tuned on since), « pieds »
// (bench/pieds-layout.ts), « strate » (bench/strate-layout.ts), « puits » (bench/puits-layout.ts),
// « roc » (bench/roc-layout.ts), « cote » (bench/cote-layout.ts), « archive »
// (bench/archive-layout.ts), « nappe » (bench/nappe-layout.ts) and « enviro »
// (bench/enviro-layout.ts), each held out until its first measure and tuned on since — each read in up to three
// kinds: by the text of its PDF, by OCR of clean 300 dpi pages, and by OCR of pages made to look
// scanned (skew within ±2°, specks, blur, JPEG; 200 or 300 dpi), each scan read as a user's upload:
// a PNG that says no resolution, through the server's own path. Prints, for each series,
// field-level precision, recall and F1 (layers with top and base within 0.1 m, depths, SPT N, water,
// header), the character error rate of the descriptions, and seconds per page, with the machine's
// load; then, per layout, issue #35's table: the kinds side by side.
//
// Two sets of logs: « reglage », the one the reading was tuned on, and « test », kept apart and
// never used while tuning — its seed is not to be used for anything else.
// Usage: npm run bench:ocr [-- --set reglage|test --seed N --logs 12 --series own-ocr,tableau-scan --engine js|debian]
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { wordsOf as documentWords } from '../api/digitise/document-words.ts';
import { pictureOf } from '../api/digitise/page-pixels.ts';
import { openOcr, openTesseractCommand, type OcrReader } from '../api/digitise/ocr-words.ts';
import { pdfWords } from '../api/digitise/pdf-words.ts';
import { pdfPageImages, type PageImage } from '../api/digitise/raster.ts';
import { logsPdf } from '../api/files/log-pdf.ts';
import { readLog } from '../src/domain/digitise/extract-log.ts';
import { addTallies, f1, precision, recall, scoreReading, type Tally } from '../src/domain/digitise/score.ts';
import type { Word } from '../src/domain/digitise/words.ts';
import type { BoreholeLog } from '../src/domain/log/borehole-log.ts';
import { archiveLayoutPages, archiveLayoutPdf } from './archive-layout.ts';
import { cahierLayoutPages, cahierLayoutPdf } from './cahier-layout.ts';
import { carnetLayoutPages, carnetLayoutPdf } from './carnet-layout.ts';
import { coteLayoutPages, coteLayoutPdf } from './cote-layout.ts';
import { coupeLayoutPages, coupeLayoutPdf } from './coupe-layout.ts';
import { dossierLayoutPages, dossierLayoutPdf } from './dossier-layout.ts';
import { enviroLayoutPages, enviroLayoutPdf } from './enviro-layout.ts';
import { generatedLogs } from './generated-logs.ts';
import { firmLayoutPages, firmLayoutPdf, type FirmLayout } from './firm-layouts.ts';
import { nappeLayoutPages, nappeLayoutPdf } from './nappe-layout.ts';
import { flawsFor, otherLayoutPages, scanned } from './other-layouts.ts';
import { piedsLayoutPages, piedsLayoutPdf } from './pieds-layout.ts';
import { plancheLayoutPages, plancheLayoutPdf } from './planche-layout.ts';
import { puitsLayoutPages, puitsLayoutPdf } from './puits-layout.ts';
import { releveLayoutPages, releveLayoutPdf } from './releve-layout.ts';
import { rocLayoutPages, rocLayoutPdf } from './roc-layout.ts';
import { sommaireLayoutPages, sommaireLayoutPdf } from './sommaire-layout.ts';
import { sondageLayoutPages, sondageLayoutPdf } from './sondage-layout.ts';
import { strateLayoutPages, strateLayoutPdf } from './strate-layout.ts';
import { testLayoutPages, testLayoutPdf } from './test-layout.ts';

/** The sets' seeds: the test set's is kept for the final measure only. */
const SETS = { reglage: 20261126, test: 20270315 } as const;

/** How a layout draws a log: as a PDF with its text (when it has one), as page images at a resolution. */
interface Drawn {
  label: string;
  pdf: ((log: BoreholeLog) => Uint8Array) | null;
  images: (log: BoreholeLog, dpi: number) => Promise<PageImage[]>;
}

const firm = (layout: FirmLayout, label: string): Drawn => ({
  label,
  pdf: (log) => firmLayoutPdf(layout, log),
  images: (log, dpi) => firmLayoutPages(layout, log, dpi),
});
const LAYOUTS: Record<string, Drawn> = {
  own: {
    label: 'notre mise en page',
    pdf: (log) => logsPdf([log], 100),
    images: (log, dpi) => pdfPageImages(logsPdf([log], 100), dpi),
  },
  tableau: {
    label: 'mise en page « tableau »',
    pdf: null,
    images: (log, dpi) => otherLayoutPages('tableau', log, dpi),
  },
  formulaire: {
    label: 'mise en page « formulaire » rempli à la main',
    pdf: null,
    images: (log, dpi) => otherLayoutPages('formulaire', log, dpi),
  },
  rapport: firm('rapport', 'mise en page « rapport » d’une firme (paysage, 1:50)'),
  fiche: firm('fiche', 'mise en page « fiche » d’un laboratoire (portrait, 1:75, grille d’en-tête)'),
  // Issue #35's held-out layout until 28 Nov 2026, when it had been looked at: tuned on since.
  journal: {
    label: 'mise en page « journal » bilingue',
    pdf: testLayoutPdf,
    images: testLayoutPages,
  },
  // The held-out layout until 28 Nov 2026, when its figures had been looked at.
  carnet: {
    label: 'mise en page « carnet » (format légal, 1:40)',
    pdf: carnetLayoutPdf,
    images: carnetLayoutPages,
  },
  // The held-out layout until the afternoon of 28 Nov 2026, when « relevé » took its place: tuned on since.
  dossier: {
    label: 'mise en page « dossier » (cartouche au pied, 1:80)',
    pdf: dossierLayoutPdf,
    images: dossierLayoutPages,
  },
  // The held-out layout from the afternoon of 28 Nov 2026 to that evening: tuned on since.
  releve: {
    label: 'mise en page « relevé » (paysage, 1:50, étroite)',
    pdf: releveLayoutPdf,
    images: releveLayoutPages,
  },
  // The held-out layout from the evening of 28 Nov 2026 to that night: tuned on since.
  sondage: {
    label: 'mise en page « sondage » (portrait, 1:100, profondeurs au bord droit)',
    pdf: sondageLayoutPdf,
    images: sondageLayoutPages,
  },
  // The held-out layout until its first measure, on the night of 28 Nov 2026: tuned on since.
  coupe: {
    label: 'mise en page « coupe » (tabloïd paysage, 1:60, cartouche à droite)',
    pdf: coupeLayoutPdf,
    images: coupeLayoutPages,
  },
  // The held-out layout until its measure at the end of the session of 28 Nov 2026: tuned on since.
  sommaire: {
    label: 'mise en page « sommaire » (formulaire Légal paysage, sans échelle)',
    pdf: sommaireLayoutPdf,
    images: sommaireLayoutPages,
  },
  // The held-out layout written on the night of 28 Nov 2026, measured first on the evening of 28 Nov: tuned on since.
  cahier: {
    label: 'mise en page « cahier » (tabloïd debout, 1:50, limites sur leur trait)',
    pdf: cahierLayoutPdf,
    images: cahierLayoutPages,
  },
  // The held-out layout written on 28 Nov 2026 (evening), measured first that evening: tuned on since.
  planche: {
    label: 'mise en page « planche » (planches A3, deux panneaux de 5 m)',
    pdf: plancheLayoutPdf,
    images: plancheLayoutPages,
  },
  // The held-out layout written on 28 Nov 2026 (night) for the next session's measure: tuned on since its first measure.
  pieds: {
    label: 'mise en page « pieds » (Lettre debout, en pieds, cartouche à gauche)',
    pdf: piedsLayoutPdf,
    images: piedsLayoutPages,
  },
  // The held-out layout written by a helper that had not read the reader, for a later measure: tuned on since its first measure.
  strate: {
    label: 'mise en page « strate » (A4 debout, 1:50, à la britannique)',
    pdf: strateLayoutPdf,
    images: strateLayoutPages,
  },
  // Held out, written by a helper that had not read the reader nor its docs, for a later measure: tuned on since its first measure.
  puits: {
    label: 'mise en page « puits » (A4 paysage, 1:40, en-tête au pied)',
    pdf: puitsLayoutPdf,
    images: puitsLayoutPages,
  },
  // Held out, written by a helper that had not read the reader nor its docs, for a later measure: tuned on since its first measure.
  roc: {
    label: 'mise en page « roc » (tableur, une rangée par essai, sans échelle)',
    pdf: rocLayoutPdf,
    images: rocLayoutPages,
  },
  // Held out, written by a helper that had not read the reader nor its docs, for a later measure: tuned on since its first measure.
  cote: {
    label: 'mise en page « cote » (Légal debout, 1:75, colonne « N ou RQD »)',
    pdf: coteLayoutPdf,
    images: coteLayoutPages,
  },
  // Held out, written by a helper that had not read the reader nor its docs: tuned on since its first measure.
  archive: {
    label: 'mise en page « archive » (formulaire tapé à la machine, sans échelle)',
    pdf: archiveLayoutPdf,
    images: archiveLayoutPages,
  },
  // Held out, written by a helper that had not read the reader nor its docs: tuned on since its first measure.
  nappe: {
    label: 'mise en page « nappe » (Lettre debout, 1:50, codes SS/ST, N et N60)',
    pdf: nappeLayoutPdf,
    images: nappeLayoutPages,
  },
  // Held out, written by a helper that had not read the reader nor its docs: tuned on since its first measure.
  enviro: {
    label: 'mise en page « enviro » (A4 debout, 1:100, USCS, PID, puits)',
    pdf: enviroLayoutPdf,
    images: enviroLayoutPages,
  },
};
type Kind = 'text' | 'ocr' | 'scan';
const KINDS: Record<Kind, string> = {
  text: 'texte du PDF',
  ocr: 'OCR à 300 ppp',
  scan: 'scannée (200/300 ppp, inclinaison, taches, flou, JPEG)',
};

/** Pages scanned at 300 dpi, or 200 for every other log, each with its flaws. */
const dpiOf = (index: number) => (index % 2 ? 200 : 300);
const scannedPages = async (pages: Promise<PageImage[]>, index: number) =>
  Promise.all((await pages).map((page, i) => scanned(page, flawsFor(index * 3 + i), index * 31 + i + 1)));

const SERIES = Object.entries(LAYOUTS).flatMap(([layout, drawn]) =>
  (Object.keys(KINDS) as Kind[])
    .filter((kind) => kind !== 'text' || drawn.pdf)
    .map((kind) => ({ name: `${layout}-${kind}`, layout, kind })),
);
type Series = (typeof SERIES)[number];

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
for (const name of chosen)
  if (!SERIES.some((series) => series.name === name)) throw new Error(`série inconnue : ${name}`);
const none: Tally = { right: 0, read: 0, truth: 0 };
const percent = (value: number) => `${(100 * value).toFixed(1)} %`;
const line = (name: string, t: Tally) =>
  `  ${name} : précision ${percent(precision(t))}, rappel ${percent(recall(t))}, F1 ${percent(f1(t))} (${t.right} justes, ${t.read} lus, ${t.truth} vrais)`;

/** What a series reads of a log, drawn (and scanned) before the clock starts: its PDF or its pages. */
async function drawnOf(series: Series, log: BoreholeLog, index: number) {
  const drawn = LAYOUTS[series.layout]!;
  if (series.kind === 'text') return { pdf: drawn.pdf!(log), images: [] };
  const images =
    series.kind === 'scan' ? await scannedPages(drawn.images(log, dpiOf(index)), index) : await drawn.images(log, 300);
  return { pdf: null, images };
}

/** The words read of what drawnOf made, as the server reads them. */
async function wordsOf(series: Series, drawn: Awaited<ReturnType<typeof drawnOf>>, ocr: OcrReader) {
  if (drawn.pdf) {
    const read = await pdfWords(drawn.pdf);
    return { words: read.words, pages: read.pages };
  }
  const words: Word[] = [];
  for (const [i, image] of drawn.images.entries()) {
    if (series.kind === 'scan') {
      // A scan goes the way of a user's upload: a PNG that says no resolution, read by the
      // server's own path (which takes it from the page's size).
      const read = await documentWords(image.png, 'image/png', () => Promise.resolve(ocr));
      words.push(...read.words.map((word) => ({ ...word, page: i + 1 })));
    } else words.push(...(await ocr.words(await pictureOf(image.png, image.dpi), i + 1)));
  }
  return { words, pages: drawn.images.length };
}

/** A series' figures, for the table at the end. */
interface Figures {
  pages: number;
  layers: Tally;
  described: number;
  spt: Tally;
  water: Tally;
  place: Tally;
  cer: number;
  secondsPerPage: number;
}
const measured = new Map<string, Figures>();

console.log(
  `Jeu « ${values.seed ? 'graine de réglage' : values.set} » : ${logs.length} journaux de forages générés (graine ${seed})`,
);
const ocr = values.engine === 'debian' ? openTesseractCommand() : await openOcr();
console.log(`OCR : ${values.engine === 'debian' ? 'tesseract de Debian (commande)' : 'tesseract.js (WebAssembly)'}`);
for (const series of SERIES.filter((each) => chosen.includes(each.name))) {
  let [layers, depths, spt, header, place, water, samples] = [none, none, none, none, none, none, none];
  let [described, edits, characters, pages, seconds] = [0, 0, 0, 0, 0];
  for (const [index, log] of logs.entries()) {
    // The drawing and the scan's flaws are not timed: only the reading is (before 29 November
    // 2026 they were, which added 0.5–2 s to a page).
    const drawn = await drawnOf(series, log, index);
    const started = performance.now();
    const read = await wordsOf(series, drawn, ocr);
    const reading = readLog(read.words);
    seconds += (performance.now() - started) / 1000;
    pages += read.pages;
    const score = scoreReading(reading, log);
    [layers, depths, spt, header, place, water, samples] = [
      addTallies(layers, score.layers),
      addTallies(depths, score.depths),
      addTallies(spt, score.spt),
      addTallies(header, score.header),
      addTallies(place, score.place),
      addTallies(water, score.water),
      addTallies(samples, score.samples),
    ];
    described += score.described;
    edits += score.descriptionEdits;
    characters += score.descriptionCharacters;
  }
  const cer = characters ? edits / characters : 0;
  measured.set(series.name, { pages, layers, described, spt, water, place, cer, secondsPerPage: seconds / pages });
  console.log(`${LAYOUTS[series.layout]!.label}, ${KINDS[series.kind]} — ${pages} pages`);
  console.log(line('couches', layers));
  console.log(`  couches justes avec leur description (5 % de caractères près) : ${described} sur ${layers.truth}`);
  console.log(line('profondeurs', depths));
  console.log(line('SPT N', spt));
  console.log(line('niveaux d’eau (venues, niveaux stabilisés)', water));
  console.log(line('en-tête (id, date, élévation, coordonnées)', header));
  console.log(line('coordonnées et date', place));
  // The « tableau » layout writes no samples.
  if (series.layout !== 'tableau') console.log(line('échantillons (étiquette et profondeur)', samples));
  console.log(`  descriptions : ${percent(cer)} de caractères à corriger (CER)`);
  console.log(
    `  ${(seconds / pages).toFixed(2)} s par page (charge 1/5/15 min ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' / ')})`,
  );
}
await ocr.close();

// Issue #35's table: for each layout, its kinds side by side.
const ratio = (right: number, of: number) => (of ? `${percent(right / of)} (${right}/${of})` : '—');
const ROWS: [string, (figures: Figures) => string][] = [
  ['couches, F1 (sommet et base à 0,1 m)', (x) => percent(f1(x.layers))],
  ['couches avec leur description', (x) => ratio(x.described, x.layers.truth)],
  ['SPT N, F1', (x) => `${percent(f1(x.spt))} (${x.spt.right}/${x.spt.truth})`],
  ['niveaux d’eau, F1', (x) => `${percent(f1(x.water))} (${x.water.right}/${x.water.truth})`],
  ['coordonnées et date', (x) => ratio(x.place.right, x.place.truth)],
  ['CER des descriptions', (x) => percent(x.cer)],
  ['s par page', (x) => x.secondsPerPage.toFixed(2)],
];
for (const [layout, drawn] of Object.entries(LAYOUTS)) {
  const kinds = (Object.keys(KINDS) as Kind[]).filter((kind) => measured.has(`${layout}-${kind}`));
  if (kinds.length === 0) continue;
  const figures = kinds.map((kind) => measured.get(`${layout}-${kind}`)!);
  console.log(`\n${drawn.label} (${logs.length} journaux ; ${figures.map((x) => x.pages).join(' / ')} pages)`);
  const width = 40;
  console.log(
    `| ${''.padEnd(width)} | ${kinds.map((kind) => (kind === 'scan' ? 'scan dégradé' : kind === 'ocr' ? 'scan propre' : KINDS.text).padEnd(20)).join(' | ')} |`,
  );
  for (const [name, show] of ROWS)
    console.log(`| ${name.padEnd(width)} | ${figures.map((x) => show(x).padEnd(20)).join(' | ')} |`);
}
