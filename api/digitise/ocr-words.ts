import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';
import { binarized, MIN_DPI, pnm, scaled, type PagePixels } from './page-pixels.ts';
import type { Word } from '../../src/domain/digitise/words.ts';
import { votedWords, withNumbersOnlyIn } from '../../src/domain/digitise/vote.ts';

/** The languages read: French first (Québec's logs), English (the others, and AGS words). */
const LANGUAGES = ['fra', 'eng'] as const;
const require = createRequire(import.meta.url);
const run = promisify(execFile);

/**
 * A folder holding the languages' data as tesseract.js looks for it (one folder, `fra.traineddata.gz`
 * and `eng.traineddata.gz`): links to the files of the npm packages, so that nothing is fetched.
 */
async function languageFolder(): Promise<string> {
  const folder = join(tmpdir(), 'geosonde-tessdata-4.0.0');
  await mkdir(folder, { recursive: true });
  for (const code of LANGUAGES) {
    const { langPath } = require(`@tesseract.js-data/${code}`) as { langPath: string };
    const file = `${code}.traineddata.gz`;
    await symlink(join(langPath, file), join(folder, file)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
  }
  return folder;
}

export interface OcrReader {
  /** The words OCR reads on a page, their boxes as fractions of it. */
  words(image: PagePixels, page: number): Promise<Word[]>;
  close(): Promise<void>;
}

/**
 * What an OCR engine gives of a page: its lines, each with its baseline and its words' boxes, in
 * pixels, and how sure the engine is of each word (0 to 100).
 */
interface EngineLine {
  baseline: Baseline;
  words: { text: string; confidence: number; bbox: { x0: number; y0: number; x1: number; y1: number } }[];
}
interface Engine {
  lines(image: Buffer, dpi: number | undefined): Promise<EngineLine[]>;
  close(): Promise<void>;
}

/** How sure the engine is of a page's reading: the mean of its words' confidences. */
export function confidenceOf(lines: readonly EngineLine[]): number {
  const words = lines.flatMap((line) => line.words);
  return words.length ? words.reduce((sum, word) => sum + word.confidence, 0) / words.length : 0;
}

/**
 * How much surer (mean word confidence, out of 100) of a page's black-and-white reading the engine
 * must be for it to be kept over the grey one. Measured on tuning seeds: the scanned pages of the
 * hand-filled form gain −2.1 to +4.6 points in black and white (30 of 48 more than 1), and their
 * layers read far better (76 → 98 % on seeds 781–784 with every page binarized); the pages of our
 * logs and of the typed table gain 0.9 point at most, lose up to 29, and their small type reads
 * worse in black and white (our scanned logs 96.8 → 77.8 %).
 */
const BINARY_MARGIN = 1;

/**
 * An OcrReader around an engine: a page scanned under 300 dpi is cleaned and drawn again at 300
 * first (see scaled: Tesseract reads small type best at that size, and loses it at 200 dpi once a
 * scan's specks and blur are on it), and also read as it was sent, for the numbers the cleaning
 * erased (withNumbersOnlyIn); the page is read twice, as it is and in black and white
 * (binarized), the reading the engine is clearly surer of is kept (BINARY_MARGIN), and each of its
 * words is put to the vote of the other reading's word in the same place (votedWords); the words
 * of a page scanned askew are turned back by the slant of the lines found (Tesseract reads each
 * line along its slant), so that a line's words share one height again.
 */
function readerOf(engine: Engine): OcrReader {
  return {
    async words(image, page) {
      const { dpi } = image;
      const coarse = dpi !== undefined && dpi < MIN_DPI;
      const ready = coarse ? scaled(image, MIN_DPI / dpi) : image;
      const { width, height } = ready;
      const resolution = dpi ? Math.max(dpi, MIN_DPI) : undefined;
      // The readings at once, two side by side on two cores when the engine has two workers.
      const [grey, black, raw] = await Promise.all([
        engine.lines(pnm(ready), resolution),
        engine.lines(pnm(binarized(ready)), resolution),
        coarse ? engine.lines(pnm(image), dpi) : null,
      ]);
      const [kept, other] = confidenceOf(black) > confidenceOf(grey) + BINARY_MARGIN ? [black, grey] : [grey, black];
      const voted = votedWords(wordsOfLines(kept, page, width, height), wordsOfLines(other, page, width, height));
      return raw ? withNumbersOnlyIn(voted, wordsOfLines(raw, page, image.width, image.height)) : voted;
    },
    close: () => engine.close(),
  };
}

/** The words of an engine's lines, turned back by the lines' slant, their boxes as fractions of the page. */
function wordsOfLines(lines: readonly EngineLine[], page: number, width: number, height: number): Word[] {
  const turn = straighten(skewOf(lines.map((line) => line.baseline)), width / 2, height / 2);
  const words: Word[] = [];
  for (const line of lines) {
    for (const word of line.words) {
      const text = word.text.trim();
      if (!text) continue;
      const { x0, y0, x1, y1 } = word.bbox;
      const [cx, cy] = turn((x0 + x1) / 2, (y0 + y1) / 2);
      const [w, h] = [x1 - x0, y1 - y0];
      const box = { x: (cx - w / 2) / width, y: (cy - h / 2) / height, width: w / width, height: h / height };
      const moved = cx !== (x0 + x1) / 2 || cy !== (y0 + y1) / 2;
      const shown = { x: x0 / width, y: y0 / height, width: w / width, height: h / height };
      words.push({ text, page, box, confidence: word.confidence, ...(moved ? { shown } : {}) });
    }
  }
  return words;
}

/**
 * Tesseract (tesseract.js, WebAssembly) with its French and English models from npm, in two worker
 * threads of its own: a page's two readings (readerOf) go side by side on two cores, and the
 * server answers others meanwhile (the reading runs in a process at the lowest priority,
 * read-process.ts). Each worker reads one image at a time; a reading waits for a free one.
 */
export async function openOcr(): Promise<OcrReader> {
  const langPath = await languageFolder();
  const workers: Worker[] = await Promise.all(
    [0, 1].map(async () => {
      const worker = await createWorker([...LANGUAGES], OEM.LSTM_ONLY, {
        langPath,
        gzip: true,
        cacheMethod: 'none',
        logger: () => {},
        errorHandler: () => {},
      });
      // A log is a page of scattered blocks: find as much text as possible, in no particular order.
      await worker.setParameters({ tessedit_pageseg_mode: PSM.SPARSE_TEXT, preserve_interword_spaces: '1' });
      return worker;
    }),
  );
  const idle = [...workers];
  const waiting: ((worker: Worker) => void)[] = [];
  const take = () => idle.pop() ?? new Promise<Worker>((resolve) => waiting.push(resolve));
  const give = (worker: Worker) => {
    const next = waiting.shift();
    if (next) next(worker);
    else idle.push(worker);
  };
  return readerOf({
    async lines(image, dpi) {
      const worker = await take();
      try {
        await worker.setParameters({ user_defined_dpi: dpi ? String(dpi) : '0' });
        const { data } = await worker.recognize(image, {}, { blocks: true });
        return (data.blocks ?? []).flatMap((block) => block.paragraphs.flatMap((paragraph) => paragraph.lines));
      } finally {
        give(worker);
      }
    },
    close: async () => {
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  });
}

/**
 * Debian's Tesseract (`tesseract-ocr`, `tesseract-ocr-fra`), run as a command on each page with the
 * same settings as openOcr's, its words read from its TSV. A line's baseline is drawn from its
 * first word's foot to its last's (TSV gives none).
 */
export function openTesseractCommand(command = 'tesseract'): OcrReader {
  return readerOf({
    async lines(image, dpi) {
      const folder = await mkdtemp(join(tmpdir(), 'geosonde-ocr-'));
      try {
        const file = join(folder, 'page.pnm');
        await writeFile(file, image);
        const args = [file, 'stdout', '-l', LANGUAGES.join('+'), '--psm', '11', '-c', 'preserve_interword_spaces=1'];
        const { stdout } = await run(command, [...args, ...(dpi ? ['--dpi', String(dpi)] : []), 'tsv'], {
          maxBuffer: 64 * 1024 * 1024,
        });
        return linesOfTsv(stdout);
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    },
    close: async () => {},
  });
}

/** The lines of Tesseract's TSV: its words (level 5) grouped by block, paragraph and line. */
export function linesOfTsv(tsv: string): EngineLine[] {
  const lines = new Map<string, EngineLine['words']>();
  for (const row of tsv.split('\n').slice(1)) {
    const cells = row.split('\t');
    if (cells[0] !== '5' || cells.length < 12) continue;
    const [left, top, width, height] = cells.slice(6, 10).map(Number) as [number, number, number, number];
    const key = cells.slice(1, 5).join('/');
    const words = lines.get(key) ?? [];
    words.push({
      text: cells[11]!,
      confidence: Math.max(0, Number(cells[10])),
      bbox: { x0: left, y0: top, x1: left + width, y1: top + height },
    });
    lines.set(key, words);
  }
  return [...lines.values()].map((words) => {
    const [first, last] = [words[0]!, words.at(-1)!];
    return {
      words,
      baseline: {
        x0: first.bbox.x0,
        y0: first.bbox.y1,
        x1: last.bbox.x1,
        y1: last.bbox.y1,
        has_baseline: words.length > 2,
      },
    };
  });
}

interface Baseline {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  has_baseline?: boolean;
}

/**
 * The page's slant in radians: the median slope of the baselines of lines wider than 150 pixels
 * (a short line's slope is mostly the pixels' noise); 0 when there are fewer than three.
 */
export function skewOf(baselines: readonly Baseline[]): number {
  const angles = baselines
    .filter((line) => line.has_baseline !== false && line.x1 - line.x0 > 150)
    .map((line) => Math.atan2(line.y1 - line.y0, line.x1 - line.x0))
    .sort((a, b) => a - b);
  return angles.length < 3 ? 0 : angles[Math.floor(angles.length / 2)]!;
}

/** A point turned by −angle about (cx, cy): the page put straight. Under 0.1° nothing is turned. */
export function straighten(angle: number, cx: number, cy: number): (x: number, y: number) => [number, number] {
  if (Math.abs(angle) < (0.1 * Math.PI) / 180) return (x, y) => [x, y];
  const [cos, sin] = [Math.cos(-angle), Math.sin(-angle)];
  return (x, y) => [cx + (x - cx) * cos - (y - cy) * sin, cy + (x - cx) * sin + (y - cy) * cos];
}
