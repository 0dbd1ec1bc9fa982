import { createHash, type KeyObject } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  isWellFormedRelease,
  OBJECT_VERSION,
  objectVersionOf,
  PLATFORMS,
  signedText,
  VERSION,
  type Platform,
} from '../../src/domain/download.ts';
import { signText } from './release-keys.ts';

/** A published release: its immutable object and the signature of its metadata. */
export interface Release {
  platform: Platform;
  version: string;
  objectVersion: string;
  sha256: string;
  size: number;
  sig: string;
  publishedAt: string;
}

/**
 * Releases on disk, write-once: `<dir>/objects/<objectVersion>` (the installer) and
 * `<dir>/<platform>/<objectVersion>.json` (its signed metadata). An object is never replaced: a
 * new build is a new version. No database, so that publishing works while the server runs.
 */
export function releaseStore(dir: string) {
  const objectPath = (objectVersion: string) => {
    if (!OBJECT_VERSION.test(objectVersion)) throw new Error(`Objet de version invalide : ${objectVersion}`);
    return join(dir, 'objects', objectVersion);
  };

  /** Stores an installer, hashes it, signs its metadata; refuses a version already published. */
  async function publish(
    { platform, file, version }: { platform: Platform; file: string; version: string },
    privateKey: KeyObject,
  ): Promise<Release> {
    if (!PLATFORMS.includes(platform)) throw new Error('Plateforme inconnue : win ou mac.');
    if (!VERSION.test(version)) throw new Error('Version invalide : MAJEUR.MINEUR.CORRECTIF, par exemple 1.4.2.');
    if ((await list(platform)).some((release) => release.version === version)) {
      throw new Error(`La version ${version} pour ${platform} est déjà publiée : une version ne change jamais.`);
    }
    const hash = createHash('sha256');
    await pipeline(createReadStream(file), hash);
    const sha256 = hash.digest('hex');
    const { size } = await stat(file);
    const objectVersion = objectVersionOf(platform, version, sha256);
    const fields = { sha256, size, version, objectVersion };
    if (!isWellFormedRelease(fields)) throw new Error('Fichier vide ou de plus de 1 500 000 000 octets.');
    const release: Release = {
      platform,
      ...fields,
      sig: signText(privateKey, signedText(fields)),
      publishedAt: new Date().toISOString(),
    };
    await mkdir(join(dir, 'objects'), { recursive: true });
    await mkdir(join(dir, platform), { recursive: true });
    const object = objectPath(objectVersion);
    await copyFile(file, `${object}.part`);
    try {
      await copyFile(`${object}.part`, object, 1 /* COPYFILE_EXCL: never overwrite */);
    } finally {
      await rm(`${object}.part`, { force: true });
    }
    await writeFile(join(dir, platform, `${objectVersion}.json`), `${JSON.stringify(release, null, 2)}\n`, {
      flag: 'wx',
    });
    return release;
  }

  /** The well-formed releases of a platform, newest version first. */
  async function list(platform: Platform): Promise<Release[]> {
    const names = await readdir(join(dir, platform)).catch(() => [] as string[]);
    const releases: Release[] = [];
    for (const name of names.filter((n) => n.endsWith('.json'))) {
      const release = JSON.parse(await readFile(join(dir, platform, name), 'utf8')) as Release;
      if (release.platform === platform && isWellFormedRelease(release) && typeof release.sig === 'string') {
        releases.push(release);
      }
    }
    const parts = (version: string) => version.split('.').map(Number);
    return releases.sort((a, b) => {
      const [x, y] = [parts(a.version), parts(b.version)];
      return y[0]! - x[0]! || y[1]! - x[1]! || y[2]! - x[2]!;
    });
  }

  return {
    publish,
    list,
    latest: async (platform: Platform) => (await list(platform))[0],
    /** The release of an object, if it is published. */
    find: async (objectVersion: string) => {
      const platform = OBJECT_VERSION.exec(objectVersion)?.[1] as Platform | undefined;
      return platform ? (await list(platform)).find((r) => r.objectVersion === objectVersion) : undefined;
    },
    objectPath,
  };
}

export type ReleaseStore = ReturnType<typeof releaseStore>;
