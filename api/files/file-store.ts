import { randomBytes } from 'node:crypto';
import { constants, createReadStream, createWriteStream } from 'node:fs';
import { access, mkdir, open, readdir, rename, rm, stat, statfs } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Documents on disk under a random key (128 bits, hex), never under a name a user chose:
 * `<dir>/<first two characters>/<key>`. A new file is *staged*: written and flushed to disk as
 * `<key>.part`, then *committed* — renamed to its key — only once the database row that names it
 * has committed. A crash in between leaves a `.part` file that the next start finishes (its row
 * exists) or removes (no row): never a row without its file, never a half-written file.
 */
export interface FileStore {
  /** Writes a stream under a new key, as a staged file; when the stream fails, nothing is kept. */
  stage(source: Iterable<Uint8Array> | AsyncIterable<Uint8Array>): Promise<{ key: string; size: number }>;
  /** Makes a staged file the document's file. */
  commit(key: string): Promise<void>;
  /** Stages and commits at once, for files whose row is written afterwards. */
  put(bytes: Uint8Array): Promise<string>;
  read(key: string): ReturnType<typeof createReadStream>;
  /**
   * Where a file is on this machine's disk, staged or committed: for a worker thread that reads it
   * itself (the store is a local folder; the key is checked, never a name a user chose).
   */
  pathOf(key: string, state: 'staged' | 'committed'): string;
  size(key: string): Promise<number>;
  /** Removes a file, staged or committed. */
  remove(key: string): Promise<void>;
  /** Whether new files can be written, and the space left on the store's disk (bytes). */
  space(): Promise<{ writable: boolean; freeBytes: number }>;
  /** Every file on disk: committed keys, and the keys of staged files with their age. */
  inventory(): Promise<{ committed: string[]; staged: { key: string; ageMs: number }[] }>;
}

const KEY = /^[0-9a-f]{32}$/;
const STAGED = '.part';

/** Flushes a file or folder to disk, so that a power cut after a commit does not undo it. */
async function flush(path: string) {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export function fileStore(dir: string): FileStore {
  const path = (key: string) => {
    if (!KEY.test(key)) throw new Error(`Clé de fichier invalide : ${key}`);
    return join(dir, key.slice(0, 2), key);
  };
  const stage = async (source: Iterable<Uint8Array> | AsyncIterable<Uint8Array>) => {
    const key = randomBytes(16).toString('hex');
    const staged = `${path(key)}${STAGED}`;
    await mkdir(dirname(staged), { recursive: true });
    try {
      // `flush`: the bytes are on disk before the stream reports its end.
      await pipeline(Readable.from(source), createWriteStream(staged, { flags: 'wx', mode: 0o600, flush: true }));
      return { key, size: (await stat(staged)).size };
    } catch (error) {
      await rm(staged, { force: true });
      throw error;
    }
  };
  const commit = async (key: string) => {
    const target = path(key);
    try {
      await rename(`${target}${STAGED}`, target);
    } catch (error) {
      // Committed already (by the start-up recovery, or another process on the same folder).
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' && (await stat(target).catch(() => null))) return;
      throw error;
    }
    await flush(dirname(target));
  };
  return {
    stage,
    commit,
    async put(bytes) {
      const { key } = await stage([bytes]);
      await commit(key);
      return key;
    },
    read: (key) => createReadStream(path(key)),
    pathOf: (key, state) => (state === 'staged' ? `${path(key)}${STAGED}` : path(key)),
    size: async (key) => (await stat(path(key))).size,
    async remove(key) {
      await rm(path(key), { force: true });
      await rm(`${path(key)}${STAGED}`, { force: true });
    },
    async space() {
      await mkdir(dir, { recursive: true }).catch(() => {});
      const writable = await access(dir, constants.W_OK).then(
        () => true,
        () => false,
      );
      const { bavail, bsize } = await statfs(dir);
      return { writable, freeBytes: bavail * bsize };
    },
    async inventory() {
      const committed: string[] = [];
      const staged: { key: string; ageMs: number }[] = [];
      const now = Date.now();
      for (const name of await readdir(dir, { recursive: true }).catch(() => [] as string[])) {
        const base = name.split(/[\\/]/).at(-1)!;
        const key = base.endsWith(STAGED) ? base.slice(0, -STAGED.length) : base;
        if (!KEY.test(key)) continue;
        if (base === key) committed.push(key);
        else staged.push({ key, ageMs: now - (await stat(join(dir, name))).mtimeMs });
      }
      return { committed, staged };
    },
  };
}
