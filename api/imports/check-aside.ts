import { Worker } from 'node:worker_threads';
import { UploadRefusal } from '../files/receive-upload.ts';
import type { CheckAnswer, CheckJob } from './check-file.ts';

/**
 * What checking one import file may take, in a worker thread of its own: past them, the thread is
 * stopped and the file refused, naming the limit. The file limits (import-limits.ts) stop the
 * known hostile files at once; these catch whatever gets past them.
 */
export const CHECK_LIMITS: CheckLimits = { heapMb: 512, seconds: 60 };
export interface CheckLimits {
  heapMb: number;
  seconds: number;
}
/** Files checked at once by one server: the other core answers requests. */
const PARALLEL = 1;

interface Waiting {
  job: CheckJob;
  limits: CheckLimits;
  done: (answer: CheckAnswer) => void;
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

function run(job: CheckJob, limits: CheckLimits): Promise<CheckAnswer> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./check-worker.ts', import.meta.url), {
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
    const timer = setTimeout(
      () =>
        settle(() =>
          resolve({
            ok: false,
            status: 422,
            error: `La vérification de « ${job.fileName} » a dépassé ${numbers.format(limits.seconds)} secondes : le fichier est trop gros ou trop complexe pour un import.`,
          }),
        ),
      limits.seconds * 1000,
    );
    worker.once('message', (answer: CheckAnswer) => settle(() => resolve(answer)));
    worker.once('error', (error: Error & { code?: string }) =>
      settle(() =>
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? resolve({
              ok: false,
              status: 422,
              error: `La vérification de « ${job.fileName} » demande plus de ${numbers.format(limits.heapMb)} Mo de mémoire : le fichier est trop gros ou trop complexe pour un import.`,
            })
          : reject(error),
      ),
    );
    worker.once('exit', (code) => settle(() => reject(new Error(`La vérification s’est arrêtée (code ${code}).`))));
  });
}

/**
 * Opens and checks an import file in a worker thread with CHECK_LIMITS, tenants taking turns:
 * the thread that answers requests only waits. A file that cannot be opened, or past a limit,
 * throws its UploadRefusal in French.
 *
 * @example const { report, projectCode } = await checkAside('montreal', { fileName, bytes, crs, existing: [] })
 */
export async function checkAside(
  tenant: string,
  job: CheckJob,
  limits: CheckLimits = CHECK_LIMITS,
): Promise<Extract<CheckAnswer, { ok: true }>> {
  const answer = await new Promise<CheckAnswer>((done, fail) => {
    const waiting = lines.get(tenant) ?? [];
    waiting.push({ job, limits, done, fail });
    lines.set(tenant, waiting);
    next();
  });
  if (!answer.ok) throw new UploadRefusal(answer.status, answer.error);
  return answer;
}
