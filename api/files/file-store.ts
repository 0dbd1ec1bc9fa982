import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/**
 * Documents on disk under a random key (128 bits, hex), never under a name a user chose:
 * `<dir>/<first two characters>/<key>`. A file is written to a temporary name and renamed once
 * complete, so a failed write leaves nothing behind.
 */
export interface FileStore {
  put(bytes: Uint8Array): Promise<string>;
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
  return {
    async put(bytes) {
      const key = randomBytes(16).toString('hex');
      const target = path(key);
      await mkdir(dirname(target), { recursive: true });
      const temporary = `${target}.part`;
      try {
        await writeFile(temporary, bytes, { flag: 'wx', mode: 0o600 });
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
      return key;
    },
    read: (key) => createReadStream(path(key)),
    size: async (key) => (await stat(path(key))).size,
    remove: (key) => rm(path(key), { force: true }),
  };
}
