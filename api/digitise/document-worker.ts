import { loadImage } from '@napi-rs/canvas';
import { readLog, type LogReading } from '../../src/domain/digitise/extract-log.ts';
import type { Word } from '../../src/domain/digitise/words.ts';
import { backgroundLoop, type BackgroundLoop } from '../background-loop.ts';
import type { Database } from '../db/database.ts';
import type { FileStore } from '../files/file-store.ts';
import { openOcr, type OcrReader } from './ocr-words.ts';
import { pdfWords } from './pdf-words.ts';
import { pdfPageImages } from './raster.ts';
import { tiffSize } from './tiff-size.ts';

/** Minutes a worker holds a job: one that dies with it leaves it to another after this. */
const LEASE_MINUTES = 10;
/** Tries of a job that fails for a passing cause (the database, OCR's thread), 30 s apart and more. */
const MAX_ATTEMPTS = 3;
/** A PDF with fewer words of its own than this is a scan: its pages go to OCR. */
const SCAN_WORDS = 30;
/** Pages OCR reads at most in one document (about 3 s each on two cores). */
const MAX_OCR_PAGES = 20;

export const NOTHING_READ = 'Aucun journal de forage reconnu : le document est gardé tel quel.';

/** A file that no try will read (not a PDF or an image after all, damaged): the job fails at once. */
class UnreadableFile extends Error {}

/** What a job reads: the words of each page, by the PDF's text or by OCR, and how. */
async function wordsOf(
  bytes: Uint8Array,
  mime: string,
  ocr: () => Promise<OcrReader>,
): Promise<{ words: Word[]; ocr: boolean }> {
  if (mime === 'application/pdf') {
    const own = await pdfWords(bytes).catch((error: unknown) => {
      throw new UnreadableFile('ce n’est pas un PDF lisible.', { cause: error });
    });
    if (own.words.length >= SCAN_WORDS) return { words: own.words, ocr: false };
    const reader = await ocr();
    const words: Word[] = [];
    for (const [i, page] of (await pdfPageImages(bytes, 300)).slice(0, MAX_OCR_PAGES).entries()) {
      words.push(...(await reader.words(page.png, i + 1, page)));
    }
    return { words, ocr: true };
  }
  const size = mime === 'image/tiff' ? tiffSize(bytes) : await imageSize(bytes);
  if (!size) throw new UnreadableFile('l’image ne se décode pas.');
  return { words: await (await ocr()).words(Buffer.from(bytes), 1, size), ocr: true };
}

async function imageSize(bytes: Uint8Array) {
  try {
    const image = await loadImage(Buffer.from(bytes));
    return { width: image.width, height: image.height };
  } catch {
    return null;
  }
}

async function readAll(files: FileStore, key: string): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of files.read(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A reading worth a person's check: a log's id or its layers were read. */
const foundLog = (reading: LogReading) => reading.boreholeId !== null || reading.layers.length > 0;

/**
 * Processes the oldest document waiting, if any: reads its file (the PDF's text, else OCR in French
 * and English), reads a log in it (readLog), and records the reading with the document's new state
 * — « À vérifier » when a log was read, « Traité » otherwise, « Échec » with the reason when the
 * file cannot be read. The job is claimed for a lease (FOR UPDATE SKIP LOCKED: several workers and
 * processes share the queue); its end is written only if the document still has the file read.
 * Returns the document's id, null when nothing waits.
 */
export async function processNextDocument(
  db: Database,
  files: FileStore,
  ocr: () => Promise<OcrReader>,
): Promise<string | null> {
  const [job] = await db.query<{ id: string; storageKey: string; attempts: number; mime: string | null }>(
    `UPDATE document_jobs j SET state = 'running', attempts = attempts + 1,
       locked_until = now() + make_interval(mins => ${LEASE_MINUTES})
     FROM reports r
     WHERE r.id = j.report_id AND j.report_id = (
       SELECT report_id FROM document_jobs
       WHERE (state = 'queued' AND (locked_until IS NULL OR locked_until < now()))
          OR (state = 'running' AND locked_until < now())
       ORDER BY queued_at LIMIT 1 FOR UPDATE SKIP LOCKED)
     RETURNING j.report_id AS id, j.storage_key AS "storageKey", j.attempts, r.mime`,
  );
  if (!job) return null;
  const finish = (state: 'done' | 'failed', status: string, reason: string | null, reading: unknown) =>
    db.transaction(async (tx) => {
      const [ended] = await tx.query(
        `UPDATE document_jobs SET state = $2, reading = $3::jsonb, error = $4, locked_until = NULL, finished_at = now()
         WHERE report_id = $1 AND storage_key = $5 AND state = 'running' RETURNING 1`,
        [
          job.id,
          state,
          reading === null ? null : JSON.stringify(reading),
          state === 'failed' ? reason : null,
          job.storageKey,
        ],
      );
      if (ended) {
        await tx.query('UPDATE reports SET status = $2, status_reason = $3 WHERE id = $1 AND storage_key = $4', [
          job.id,
          status,
          reason,
          job.storageKey,
        ]);
      }
    });
  try {
    const bytes = await readAll(files, job.storageKey);
    const started = performance.now();
    const { words, ocr: byOcr } = await wordsOf(bytes, job.mime ?? '', ocr);
    const reading = readLog(words);
    const seconds = Math.round(performance.now() - started) / 1000;
    const found = foundLog(reading);
    await finish('done', found ? 'review' : 'ready', found ? null : NOTHING_READ, {
      source: byOcr ? 'ocr' : 'pdf-text',
      seconds,
      pages: Math.max(0, ...words.map((word) => word.page)),
      reading,
    });
  } catch (error) {
    if (error instanceof UnreadableFile || job.attempts >= MAX_ATTEMPTS) {
      const reason =
        error instanceof UnreadableFile
          ? `Le fichier n’a pas pu être lu : ${error.message}`
          : 'Le traitement a échoué plusieurs fois ; remplacez le fichier ou écrivez-nous.';
      console.error(`Document ${job.id} :`, error);
      await finish('failed', 'failed', reason, null);
    } else {
      console.error(`Document ${job.id} (essai ${job.attempts}) :`, error);
      await db.query(
        `UPDATE document_jobs SET state = 'queued', locked_until = now() + make_interval(secs => $2)
         WHERE report_id = $1 AND storage_key = $3 AND state = 'running'`,
        [job.id, 30 * job.attempts, job.storageKey],
      );
    }
  }
  return job.id;
}

/**
 * Processes the documents waiting, one at a time, checking every `intervalMs` for new ones. OCR's
 * thread starts with the first document that needs it and ends after a minute without one (its
 * models take about 100 MB), or with the loop.
 */
export function startDocumentWorker(
  db: Database,
  files: FileStore,
  { intervalMs = 1000, loop = true }: { intervalMs?: number; loop?: boolean } = {},
): BackgroundLoop {
  let reader: Promise<OcrReader> | null = null;
  let idle: NodeJS.Timeout | undefined;
  const ocr = () => (reader ??= openOcr());
  const closeOcr = async () => {
    clearTimeout(idle);
    const open = reader;
    reader = null;
    if (open) await (await open).close();
  };
  return backgroundLoop(
    'Traitement des documents',
    async (stopping) => {
      clearTimeout(idle);
      let done = 0;
      while (!stopping() && (await processNextDocument(db, files, ocr))) done += 1;
      if (reader && !stopping()) idle = setTimeout(() => void closeOcr(), 60_000).unref();
      return done;
    },
    { intervalMs, loop, onStop: closeOcr },
  );
}
