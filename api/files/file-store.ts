import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Documents on disk under a random key (128 bits, hex), never under a name a user chose:
 * `<dir>/<first two characters>/<key>`. A file is written to a temporary name and renamed once
 * complete, so a failed write — a refused or broken upload included — leaves nothing behind.
 */
export interface FileStore {
  put(bytes: Uint8Array): Promise<string>;
  /** Writes a stream under a new key; when the stream fails, nothing is kept and the error is rethrown. */
  putStream(source: Iterable<Uint8Array> | AsyncIterable<Uint8Array>): Promise<{ key: string; size: number }>;
  read(key: string): ReturnType<typeof createReadStream>;
  size(key: string): Promise<number>;
  remove(key: string): Promise<void>;
}

const KEY = /^[0-9a-f]{32}$/;

export function fileStore(dir: string): FileStore {
  const path = (key: string) => {
    if (!KEY.test(key)) throw new Error(`Clé de fichier invalide : ${key}`);
    return join(dir, key.slice(0, 2), key);
  };
  const putStream = async (source: Iterable<Uint8Array> | AsyncIterable<Uint8Array>) => {
    const key = randomBytes(16).toString('hex');
    const target = path(key);
    await mkdir(dirname(target), { recursive: true });
    const temporary = `${target}.part`;
    try {
      await pipeline(Readable.from(source), createWriteStream(temporary, { flags: 'wx', mode: 0o600 }));
      const { size } = await stat(temporary);
      await rename(temporary, target);
      return { key, size };
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  };
  return {
    put: async (bytes) => (await putStream([bytes])).key,
    putStream,
    read: (key) => createReadStream(path(key)),
    size: async (key) => (await stat(path(key))).size,
    remove: (key) => rm(path(key), { force: true }),
  };
}
