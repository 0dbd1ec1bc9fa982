import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { FileAnswer, FileJob } from './check-file.ts';
import { numberFormat } from '../../src/domain/format.ts';

/**
 * What checking or reading one import file may take, in a process of its own: past them, the
 * process is stopped and the file refused, naming the limit. The file limits (import-limits.ts) stop
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

const numbers = numberFormat();
const WORK = { check: 'La vérification', read: 'La relecture' } as const;

/**
 * The process that works on the files (file-worker.ts), kept from one file to the next and
 * stopped after a minute without one. A process rather than a thread: a file past a limit is
 * stopped with SIGKILL, and whatever it does, even a V8 abort (on Node 24, ending a thread's
 * isolate while it runs can abort the whole process: « Check failed: jit_page.has_value() »),
 * cannot take the server with it. One past a limit, or failing, is replaced by the next file.
 */
let current: { child: ChildProcess; heapMb: number; idle?: NodeJS.Timeout } | null = null;

function processFor(heapMb: number): ChildProcess {
  if (current && current.heapMb !== heapMb) stop(current.child);
  if (current) {
    clearTimeout(current.idle);
    return current.child;
  }
  const child = fork(fileURLToPath(new URL('./file-worker.ts', import.meta.url)), [], {
    serialization: 'advanced',
    execArgv: [`--max-old-space-size=${heapMb}`, `--max-semi-space-size=16`],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  child.once('exit', () => {
    if (current?.child === child) current = null;
  });
  current = { child, heapMb };
  return child;
}

function stop(child: ChildProcess) {
  if (current?.child === child) current = null;
  child.kill('SIGKILL');
}

/** Lets the process wait for the next file a minute, without keeping the server alive. */
function rest(child: ChildProcess) {
  if (current?.child !== child) return;
  current.idle = setTimeout(() => stop(child), 60_000).unref();
  child.unref();
  child.channel?.unref();
}

function run(job: FileJob, limits: FileLimits): Promise<FileAnswer<FileJob>> {
  return new Promise((resolve, reject) => {
    // The job names the file's path: its bytes are read by the process, never copied to it.
    const child = processFor(limits.heapMb);
    child.ref();
    child.channel?.ref();
    let settled = false;
    const settle = (outcome: () => void, healthy: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('error', onError);
      child.off('exit', onExit);
      if (healthy) rest(child);
      else stop(child);
      outcome();
    };
    const past = (limit: string) =>
      resolve({
        ok: false,
        status: 422,
        error: `${WORK[job.task]} de « ${job.fileName} » ${limit} : le fichier est trop gros ou trop complexe pour un import.`,
      });
    const onMessage = (answer: FileAnswer<FileJob>) => settle(() => resolve(answer), true);
    const onError = (error: Error) => settle(() => reject(error), false);
    // V8 ends a process out of memory with SIGABRT (« Reached heap limit »).
    const onExit = (code: number | null, signal: NodeJS.Signals | null) =>
      settle(
        () =>
          signal === 'SIGABRT' || code === 134
            ? past(`demande plus de ${numbers.format(limits.heapMb)} Mo de mémoire`)
            : reject(new Error(`${WORK[job.task]} s’est arrêtée (code ${code ?? signal}).`)),
        false,
      );
    const timer = setTimeout(
      () => settle(() => past(`a dépassé ${numbers.format(limits.seconds)} secondes`), false),
      limits.seconds * 1000,
    );
    child.on('message', onMessage);
    child.once('error', onError);
    child.once('exit', onExit);
    child.send(job);
  });
}

/**
 * Checks an import file (its report) or reads a validated one again (what its commit writes) in a
 * process of its own with FILE_LIMITS, tenants taking turns: the thread that answers requests only
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
