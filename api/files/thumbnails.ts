import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

/** What a thumbnail is drawn from: PDF (first page) and the images a canvas reads. TIFF is not. */
export const THUMBNAIL_TYPES = new Set(['application/pdf', 'image/png', 'image/jpeg']);
/** Pixels across: twice what a card shows, for sharp screens. */
export const THUMBNAIL_WIDTH = 240;
/** The longest a thumbnail may take to draw; past it the drawing thread is stopped. */
const TIME_LIMIT_MS = 10_000;
/** Thumbnails drawn at the same time; the others wait their turn. */
const AT_ONCE = 2;

const KEY = /^[0-9a-f]{32}$/;

/** Draws one thumbnail in a worker thread with a memory and a time limit; null when it cannot. */
function draw(bytes: Uint8Array, mime: string): Promise<Uint8Array | null> {
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./thumbnail-worker.ts', import.meta.url), {
      workerData: { bytes, mime, width: THUMBNAIL_WIDTH },
      resourceLimits: { maxOldGenerationSizeMb: 256 },
    });
    const timer = setTimeout(() => void worker.terminate(), TIME_LIMIT_MS);
    let answered = false;
    const answer = (value: Uint8Array | null) => {
      if (answered) return;
      answered = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(value);
    };
    worker.once('message', (value: Uint8Array | null) => answer(value ? new Uint8Array(value) : null));
    worker.once('error', () => answer(null));
    worker.once('exit', () => answer(null));
  });
}

/**
 * The documents' thumbnails, drawn on the server the first time they are asked for and kept under
 * `dir` (`<storage key>.webp`; `<key>.none` remembers a file that cannot be drawn). They are derived
 * data: deleting the folder only costs drawing them again. A replaced document has a new storage
 * key, hence a new thumbnail.
 */
export function thumbnailStore(dir: string) {
  let running = 0;
  const queue: (() => void)[] = [];
  const turn = async () => {
    if (running >= AT_ONCE) await new Promise<void>((resolve) => queue.push(resolve));
    running++;
  };
  const done = () => {
    running--;
    queue.shift()?.();
  };
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
    await turn();
    try {
      const drawn = await draw(await read(), mime);
      await mkdir(dir, { recursive: true });
      // Written aside then renamed: a crash never leaves half a thumbnail under its name.
      const target = drawn ? path : join(dir, `${key}.none`);
      const part = `${target}.part`;
      await writeFile(part, drawn ?? '');
      await rename(part, target).catch(() => rm(part, { force: true }));
      return drawn;
    } finally {
      done();
    }
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
    /** Forgets a file's thumbnail (its document was deleted or replaced). */
    async remove(key: string) {
      if (!KEY.test(key)) return;
      await rm(join(dir, `${key}.webp`), { force: true });
      await rm(join(dir, `${key}.none`), { force: true });
    },
  };
}

export type ThumbnailStore = ReturnType<typeof thumbnailStore>;
