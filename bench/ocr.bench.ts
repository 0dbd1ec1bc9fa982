// Measures the reading of borehole logs (issue #20): logs of generated boreholes drawn by our log
// renderer, read back by their PDF text and by OCR of the pages drawn at 300 dpi; field-level
// precision, recall and F1 (layers with top and base within 0.1 m, depths, SPT N, water, header),
// character error rate of the descriptions, seconds per page, with the machine's load.
// Usage: npm run bench:ocr [-- --logs 12 --seed 20261126]
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { openOcr } from '../api/digitise/ocr-words.ts';
import { pdfWords } from '../api/digitise/pdf-words.ts';
import { pdfPageImages } from '../api/digitise/raster.ts';
import { logsPdf } from '../api/files/log-pdf.ts';
import { readLog } from '../src/domain/digitise/extract-log.ts';
import { addTallies, f1, precision, recall, scoreReading, type Tally } from '../src/domain/digitise/score.ts';
import type { Word } from '../src/domain/digitise/words.ts';
import { generatedLogs } from './generated-logs.ts';

const { values } = parseArgs({
  options: { logs: { type: 'string', default: '12' }, seed: { type: 'string', default: '20261126' } },
});
const logs = generatedLogs(Number(values.logs), Number(values.seed));
const none: Tally = { right: 0, read: 0, truth: 0 };
const percent = (value: number) => `${(100 * value).toFixed(1)} %`;
const line = (name: string, t: Tally) =>
  `  ${name} : précision ${percent(precision(t))}, rappel ${percent(recall(t))}, F1 ${percent(f1(t))} (${t.right} justes, ${t.read} lus, ${t.truth} vrais)`;

const ocr = await openOcr();
for (const source of ['texte du PDF', 'OCR à 300 ppp'] as const) {
  let [layers, depths, spt, header, water] = [none, none, none, none, none];
  let [edits, characters, pages, seconds] = [0, 0, 0, 0];
  for (const log of logs) {
    const pdf = logsPdf([log], 100);
    const started = performance.now();
    let words: Word[];
    if (source === 'texte du PDF') {
      const read = await pdfWords(pdf);
      words = read.words;
      pages += read.pages;
    } else {
      words = [];
      const images = await pdfPageImages(pdf, 300);
      for (const [i, image] of images.entries()) words.push(...(await ocr.words(image.png, i + 1, image)));
      pages += images.length;
    }
    const score = scoreReading(readLog(words), log);
    seconds += (performance.now() - started) / 1000;
    [layers, depths, spt, header, water] = [
      addTallies(layers, score.layers),
      addTallies(depths, score.depths),
      addTallies(spt, score.spt),
      addTallies(header, score.header),
      addTallies(water, score.water),
    ];
    edits += score.descriptionEdits;
    characters += score.descriptionCharacters;
  }
  console.log(`${source} — ${logs.length} journaux de notre mise en page, 1:100, ${pages} pages`);
  console.log(line('couches', layers));
  console.log(line('profondeurs', depths));
  console.log(line('SPT N', spt));
  console.log(line('niveaux d’eau (venues, niveaux stabilisés)', water));
  console.log(line('en-tête (id, date, élévation, coordonnées)', header));
  console.log(
    `  descriptions des couches justes : ${percent(characters ? edits / characters : 0)} de caractères à corriger`,
  );
  console.log(
    `  ${(seconds / pages).toFixed(2)} s par page (charge 1/5/15 min ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' / ')})`,
  );
}
await ocr.close();
