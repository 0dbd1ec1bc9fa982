import { Worker } from 'node:worker_threads';
import type { FileAnswer, FileJob } from './check-file.ts';

/**
 * What checking or reading one import file may take, in a worker thread of its own: past them, the
 * thread is stopped and the file refused, naming the limit. The file limits (import-limits.ts) stop
 * the known hostile files at once; these catch whatever gets past them.
 */
export const FILE_LIMITS: FileLimits = { heapMb: 512, seconds: 60 };
export interface FileLimits {
  heapMb: number;
  seconds: number;
}
/** Files worked on at once by one server: the other core answers requests. */
const PARALLEL = 1;

interface Waiting {
  job: FileJob;
  limits: FileLimits;
  done: (answer: FileAnswer<FileJob>) => void;
  fail: (error: unknown) => void;
}

// Each tenant's files wait in their own line; the lines take turns, so that one tenant's burst of
// files delays its own, not everyone's.
const lines = new Map<string, Waiting[]>();
let running = 0;

function next() {
  while (running < PARALLEL && lines.size > 0) {
    const [tenant, waiting] = lines.entries().next().value!;
    const first = waiting.shift()!;
    lines.delete(tenant);
    if (waiting.length > 0) lines.set(tenant, waiting); // to the back of the turn
    running++;
    void run(first.job, first.limits)
      .then(first.done, first.fail)
      .finally(() => {
        running--;
        next();
      });
  }
}

const numbers = new Intl.NumberFormat('fr-CA');
const WORK = { check: 'La vérification', read: 'La relecture' } as const;

function run(job: FileJob, limits: FileLimits): Promise<FileAnswer<FileJob>> {
  return new Promise((resolve, reject) => {
    // The job names the file's path: its bytes are read by the thread, never copied to it.
    const worker = new Worker(new URL('./file-worker.ts', import.meta.url), {
      workerData: job,
      resourceLimits: { maxOldGenerationSizeMb: limits.heapMb, maxYoungGenerationSizeMb: 32 },
    });
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      outcome();
    };
    const past = (limit: string) =>
      resolve({
        ok: false,
        status: 422,
        error: `${WORK[job.task]} de « ${job.fileName} » ${limit} : le fichier est trop gros ou trop complexe pour un import.`,
      });
    const timer = setTimeout(
      () => settle(() => past(`a dépassé ${numbers.format(limits.seconds)} secondes`)),
      limits.seconds * 1000,
    );
    worker.once('message', (answer: FileAnswer<FileJob>) => settle(() => resolve(answer)));
    worker.once('error', (error: Error & { code?: string }) =>
      settle(() =>
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? past(`demande plus de ${numbers.format(limits.heapMb)} Mo de mémoire`)
          : reject(error),
      ),
    );
    worker.once('exit', (code) => settle(() => reject(new Error(`${WORK[job.task]} s’est arrêtée (code ${code}).`))));
  });
}

/**
 * Checks an import file (its report) or reads a validated one again (what its commit writes) in a
 * worker thread with FILE_LIMITS, tenants taking turns: the thread that answers requests only
 * waits. The answer says why when the file cannot be opened or is past a limit, in French.
 *
 * @example const answer = await aside('montreal', { task: 'check', fileName, path, crs, existing: [] })
 */
export function aside<J extends FileJob>(
  tenant: string,
  job: J,
  limits: FileLimits = FILE_LIMITS,
): Promise<FileAnswer<J>> {
  return new Promise<FileAnswer<J>>((done, fail) => {
    const waiting = lines.get(tenant) ?? [];
    waiting.push({ job, limits, done: done as (answer: FileAnswer<FileJob>) => void, fail });
    lines.set(tenant, waiting);
    next();
  });
}
