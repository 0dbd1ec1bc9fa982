import { mkdir, symlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';
import type { Word } from '../../src/domain/digitise/words.ts';

/** The languages read: French first (Québec's logs), English (the others, and AGS words). */
const LANGUAGES = ['fra', 'eng'] as const;
const require = createRequire(import.meta.url);

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
  /**
   * The words OCR reads on an image of a page, `width` × `height` pixels, their boxes as fractions
   * of it; `dpi` when known (a page we drew): Tesseract's own guess sizes small type wrong.
   */
  words(image: Buffer, page: number, size: { width: number; height: number; dpi?: number }): Promise<Word[]>;
  close(): Promise<void>;
}

/**
 * Tesseract (tesseract.js, WebAssembly) with its French and English models from npm, in a worker
 * thread of its own: a page takes seconds, during which the server answers others. One page at a
 * time per reader.
 */
export async function openOcr(): Promise<OcrReader> {
  const langPath = await languageFolder();
  const worker: Worker = await createWorker([...LANGUAGES], OEM.LSTM_ONLY, {
    langPath,
    gzip: true,
    cacheMethod: 'none',
    logger: () => {},
    errorHandler: () => {},
  });
  // A log is a page of scattered blocks: find as much text as possible, in no particular order.
  await worker.setParameters({ tessedit_pageseg_mode: PSM.SPARSE_TEXT, preserve_interword_spaces: '1' });
  return {
    async words(image, page, { width, height, dpi }) {
      await worker.setParameters({ user_defined_dpi: dpi ? String(dpi) : '0' });
      const { data } = await worker.recognize(image, {}, { blocks: true });
      const words: Word[] = [];
      for (const block of data.blocks ?? []) {
        for (const paragraph of block.paragraphs) {
          for (const line of paragraph.lines) {
            for (const word of line.words) {
              const text = word.text.trim();
              if (!text) continue;
              const { x0, y0, x1, y1 } = word.bbox;
              words.push({
                text,
                page,
                box: { x: x0 / width, y: y0 / height, width: (x1 - x0) / width, height: (y1 - y0) / height },
              });
            }
          }
        }
      }
      return words;
    },
    close: async () => {
      await worker.terminate();
    },
  };
}
