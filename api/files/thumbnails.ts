import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

/** What a thumbnail is drawn from: PDF (first page), the images a canvas reads, and TIFF (decoded by utif2). */
export const THUMBNAIL_TYPES = new Set(['application/pdf', 'image/png', 'image/jpeg', 'image/tiff']);
/** Pixels across: twice what a card shows, for sharp screens. */
export const THUMBNAIL_WIDTH = 240;
/** Pixels across a page drawn for checking a log: 8-point type stays readable when zoomed. */
export const PAGE_WIDTH = 1600;
/** The longest a thumbnail may take to draw; past it the drawing thread is stopped. */
const TIME_LIMIT_MS = 10_000;
/** Thumbnails drawn at the same time; the others wait their turn. */
const AT_ONCE = 2;

const KEY = /^[0-9a-f]{32}$/;

/**
 * The drawing threads: at most AT_ONCE, each kept for the next drawing once it has answered. A
 * thread past its time limit, out of memory or failing is stopped, and its drawing gives null.
 */
function drawingThreads() {
  const idle: Worker[] = [];
  let alive = 0;
  const waiting: ((worker: Worker) => void)[] = [];

  const spawn = () => {
    alive++;
    const worker = new Worker(new URL('./thumbnail-worker.ts', import.meta.url), {
      resourceLimits: { maxOldGenerationSizeMb: 256 },
    });
    // A thread waiting for work keeps no process alive; one that dies while idle leaves the pool.
    worker.unref();
    worker.once('exit', () => {
      const index = idle.indexOf(worker);
      if (index >= 0) {
        idle.splice(index, 1);
        alive--;
      }
    });
    return worker;
  };
  const take = async (): Promise<Worker> => {
    const ready = idle.pop();
    if (ready) return ready;
    if (alive < AT_ONCE) return spawn();
    return new Promise((resolve) => waiting.push(resolve));
  };
  const give = (worker: Worker) => {
    const next = waiting.shift();
    if (next) next(worker);
    else idle.push(worker);
  };
  const retire = (worker: Worker) => {
    void worker.terminate();
    alive--;
    // Someone waiting gets a new thread.
    const next = waiting.shift();
    if (next) next(spawn());
  };

  return async (bytes: Uint8Array, mime: string, width: number, page?: number): Promise<Uint8Array | null> => {
    const worker = await take();
    return new Promise((resolve) => {
      const finish = (value: Uint8Array | null, healthy: boolean) => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onFailure);
        worker.off('exit', onFailure);
        if (healthy) give(worker);
        else retire(worker);
        resolve(value);
      };
      const onMessage = (value: Uint8Array | null) => finish(value ? new Uint8Array(value) : null, true);
      const onFailure = () => finish(null, false);
      const timer = setTimeout(onFailure, TIME_LIMIT_MS);
      worker.on('message', onMessage);
      worker.once('error', onFailure);
      worker.once('exit', onFailure);
      worker.postMessage({ bytes, mime, width, page });
    });
  };
}

/**
 * The documents' thumbnails, drawn on the server the first time they are asked for and kept under
 * `dir` (`<storage key>.webp`; `<key>.none` remembers a file that cannot be drawn). They are derived
 * data: deleting the folder only costs drawing them again. A replaced document has a new storage
 * key, hence a new thumbnail.
 */
export function thumbnailStore(dir: string) {
  const draw = drawingThreads();
  const pending = new Map<string, Promise<Uint8Array | null>>();

  const make = async (key: string, mime: string, read: () => Promise<Uint8Array>) => {
    const path = join(dir, `${key}.webp`);
    const cached = await readFile(path).catch(() => null);
    if (cached) return new Uint8Array(cached);
    if (
      await readFile(join(dir, `${key}.none`)).then(
        () => true,
        () => false,
      )
    )
      return null;
    const drawn = await draw(await read(), mime, THUMBNAIL_WIDTH);
    await mkdir(dir, { recursive: true });
    // Written aside then renamed: a crash never leaves half a thumbnail under its name.
    const target = drawn ? path : join(dir, `${key}.none`);
    const part = `${target}.part`;
    await writeFile(part, drawn ?? '');
    await rename(part, target).catch(() => rm(part, { force: true }));
    return drawn;
  };

  return {
    /** The thumbnail of a stored file (WebP bytes), or null when its type or content has none. */
    async get(key: string, mime: string, read: () => Promise<Uint8Array>): Promise<Uint8Array | null> {
      if (!KEY.test(key) || !THUMBNAIL_TYPES.has(mime)) return null;
      // Two requests for the same thumbnail draw it once.
      let job = pending.get(key);
      if (!job) {
        job = make(key, mime, read).finally(() => pending.delete(key));
        pending.set(key, job);
      }
      return job;
    },
    /**
     * A whole page of a stored file as WebP, `PAGE_WIDTH` pixels wide (the « Vérifier » screen's
     * picture), or null when it has no such page or cannot be drawn. Drawn on each call, by the
     * same threads as the thumbnails: the browser keeps it while its link holds.
     */
    async page(mime: string, number: number, read: () => Promise<Uint8Array>): Promise<Uint8Array | null> {
      if (!THUMBNAIL_TYPES.has(mime)) return null;
      return draw(await read(), mime, PAGE_WIDTH, number);
    },
    /** Forgets a file's thumbnail (its document was deleted or replaced). */
    async remove(key: string) {
      if (!KEY.test(key)) return;
      await rm(join(dir, `${key}.webp`), { force: true });
      await rm(join(dir, `${key}.none`), { force: true });
    },
  };
}

export type ThumbnailStore = ReturnType<typeof thumbnailStore>;
