import { fork, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { buffer } from 'node:stream/consumers';
import { fileURLToPath } from 'node:url';
import { readLog, type LogReading } from '../../src/domain/digitise/extract-log.ts';
import type { Word } from '../../src/domain/digitise/words.ts';
import { backgroundLoop, type BackgroundLoop } from '../background-loop.ts';
import type { Database } from '../db/database.ts';
import type { FileStore } from '../files/file-store.ts';
import { emitEvent } from '../webhooks/outbox.ts';
import { UnreadableFile } from './document-words.ts';
import { yieldingRun, type RequestsInFlight } from './requests-in-flight.ts';

/**
 * Seconds a worker holds a job: one that dies with it leaves it to another after this. A worker
 * that lives renews it every third of it while it reads, however long the reading takes.
 */
const LEASE_SECONDS = 600;
/** Tries of a job that fails for a passing cause (the database, OCR's process), 30 s apart and more. */
const MAX_ATTEMPTS = 3;
/**
 * The longest one document's reading may run (its pauses apart): 20 pages of OCR, each read twice
 * (grey, then black and white), take about two minutes.
 */
const READ_LIMIT_MS = 5 * 60_000;

export const NOTHING_READ = 'Aucun journal de forage reconnu : le document est gardé tel quel.';

/** Reads a document's words (its PDF text, else OCR) away from the server's process. */
export interface DocumentReader {
  read(bytes: Uint8Array, mime: string): Promise<{ words: Word[]; ocr: boolean }>;
  close(): Promise<void>;
}

/**
 * How the reading process starts: at the idle scheduling class (chrt), which yields the CPU to any
 * other process at once, and killed with the server even if it is paused (setpriv's parent-death
 * signal), with Linux's util-linux where the system lets them run; elsewhere a plain process, which
 * lowers its own priority (read-process.ts).
 */
let howToStart: { execPath?: string; execArgv: string[] } | undefined;
function readingProcess() {
  if (howToStart) return howToStart;
  const node = ['--max-old-space-size=1024'];
  const wrapped = ['--pdeathsig', 'KILL', '--', '/usr/bin/chrt', '--idle', '0'];
  const usable = process.platform === 'linux' && spawnSync('/usr/bin/setpriv', [...wrapped, '/bin/true']).status === 0;
  howToStart = usable
    ? { execPath: '/usr/bin/setpriv', execArgv: [...wrapped, process.execPath, ...node] }
    : { execArgv: node };
  return howToStart;
}

/**
 * A DocumentReader in a process of its own (read-process.ts, at the lowest CPU priority), started
 * with the first document and stopped after a minute without one (OCR's models take about 100 MB)
 * or by `close`. One document at a time; with `requests` (the server's), the process is paused
 * while they are answered (yieldingRun). A process that dies (out of memory) or runs longer than
 * READ_LIMIT_MS fails that document's try, and the next starts a new one.
 */
export function documentReader({ requests }: { requests?: RequestsInFlight } = {}): DocumentReader {
  let child: ChildProcess | null = null;
  let idle: NodeJS.Timeout | undefined;
  const close = async () => {
    clearTimeout(idle);
    const running = child;
    child = null;
    if (running && running.exitCode === null && running.signalCode === null) {
      const ended = once(running, 'exit');
      running.kill('SIGKILL');
      await ended;
    }
  };
  return {
    read(bytes, mime) {
      clearTimeout(idle);
      const reading = (child ??= fork(fileURLToPath(new URL('./read-process.ts', import.meta.url)), [], {
        serialization: 'advanced',
        ...readingProcess(),
        // Tesseract writes notes on its standard output; its errors still show.
        stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      }));
      return new Promise((resolve, reject) => {
        // A document that takes longer (a process stuck in a hostile file) ends this try: the
        // process goes, and the job is tried again, then fails.
        const run = yieldingRun(reading.pid, requests, READ_LIMIT_MS, () => {
          onError(new Error(`Lecture arrêtée après ${READ_LIMIT_MS / 60_000} min.`));
          reading.kill('SIGKILL');
        });
        const settle = () => {
          run.end();
          reading.off('message', onMessage);
          reading.off('error', onError);
          reading.off('exit', onExit);
          idle = setTimeout(() => void close(), 60_000).unref();
        };
        const onMessage = (answer: {
          result?: { words: Word[]; ocr: boolean };
          unreadable?: string | null;
          error?: string;
        }) => {
          settle();
          if (answer.result) resolve(answer.result);
          else if (answer.unreadable) reject(new UnreadableFile(answer.unreadable));
          else reject(new Error(answer.error ?? 'Lecture impossible.'));
        };
        const onError = (error: Error) => {
          settle();
          if (child === reading) child = null;
          reject(error);
        };
        const onExit = (code: number | null) => onError(new Error(`La lecture s’est arrêtée (code ${code}).`));
        reading.on('message', onMessage);
        reading.on('error', onError);
        reading.on('exit', onExit);
        reading.send({ bytes, mime });
      });
    },
    close,
  };
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
  reader: DocumentReader,
  { leaseSeconds = LEASE_SECONDS }: { leaseSeconds?: number } = {},
): Promise<string | null> {
  const [job] = await db.query<{ id: string; storageKey: string; attempts: number; mime: string | null }>(
    `UPDATE document_jobs j SET state = 'running', attempts = attempts + 1,
       locked_until = now() + make_interval(secs => $1)
     FROM reports r
     WHERE r.id = j.report_id
       AND ((j.state = 'queued' AND (j.locked_until IS NULL OR j.locked_until < now()))
         OR (j.state = 'running' AND j.locked_until < now()))
       AND j.report_id = (
         -- Tenants take turns: the next document is that of the tenant served least recently (none
         -- in the last hour comes first), so that one tenant's hundred uploads do not hold another's
         -- one. Another worker that took the same document first leaves this one nothing to update:
         -- it tries again at its next turn.
         WITH served AS (
           SELECT sb.tenant_slug, max(CASE WHEN s.state = 'running' THEN now() ELSE s.finished_at END) AS last
           FROM document_jobs s JOIN reports sr ON sr.id = s.report_id JOIN boreholes sb ON sb.id = sr.borehole_id
           WHERE s.state = 'running' OR s.finished_at > now() - interval '1 hour'
           GROUP BY sb.tenant_slug)
         SELECT w.report_id
         FROM document_jobs w JOIN reports wr ON wr.id = w.report_id JOIN boreholes b ON b.id = wr.borehole_id
           LEFT JOIN served ON served.tenant_slug = b.tenant_slug
         WHERE (w.state = 'queued' AND (w.locked_until IS NULL OR w.locked_until < now()))
            OR (w.state = 'running' AND w.locked_until < now())
         ORDER BY served.last NULLS FIRST, w.queued_at LIMIT 1)
     RETURNING j.report_id AS id, j.storage_key AS "storageKey", j.attempts, r.mime`,
    [leaseSeconds],
  );
  if (!job) return null;
  // Renewed while the file is read: paused by the server's requests, a reading may outlast it.
  const renewLease = () =>
    db
      .query(
        `UPDATE document_jobs SET locked_until = now() + make_interval(secs => $2)
         WHERE report_id = $1 AND storage_key = $3 AND state = 'running'`,
        [job.id, leaseSeconds, job.storageKey],
      )
      .catch((error: unknown) => console.error(`Document ${job.id} : bail non renouvelé :`, error));
  const renewal = setInterval(() => void renewLease(), (leaseSeconds * 1000) / 3);
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
      if (!ended) return;
      const [document] = await tx.query<{ boreholeId: string; tenantSlug: string }>(
        `UPDATE reports r SET status = $2, status_reason = $3 FROM boreholes b
         WHERE r.id = $1 AND r.storage_key = $4 AND b.id = r.borehole_id
         RETURNING r.borehole_id AS "boreholeId", b.tenant_slug AS "tenantSlug"`,
        [job.id, status, reason, job.storageKey],
      );
      // Announced with the failure it tells of, in its transaction (the outbox).
      if (document && state === 'failed') {
        await emitEvent(tx, document.tenantSlug, 'ocr.failed', {
          document_id: job.id,
          borehole_id: document.boreholeId,
          tenant: document.tenantSlug,
          reason,
        });
      }
    });
  try {
    const bytes = await buffer(files.read(job.storageKey));
    const started = performance.now();
    const { words, ocr: byOcr } = await reader.read(bytes, job.mime ?? '');
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
  } finally {
    clearInterval(renewal);
  }
  return job.id;
}

/**
 * Processes the documents waiting, one at a time, checking every `intervalMs` for new ones; their
 * words are read in a process of its own, at the lowest priority, paused while the server's
 * `requests` are answered (documentReader).
 */
export function startDocumentWorker(
  db: Database,
  files: FileStore,
  {
    intervalMs = 1000,
    loop = true,
    requests,
  }: { intervalMs?: number; loop?: boolean; requests?: RequestsInFlight } = {},
): BackgroundLoop {
  const reader = documentReader({ requests });
  return backgroundLoop(
    'Traitement des documents',
    async (stopping) => {
      let done = 0;
      while (!stopping() && (await processNextDocument(db, files, reader))) done += 1;
      return done;
    },
    { intervalMs, loop, onStop: () => reader.close() },
  );
}
