import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PLATFORM_LABELS, PLATFORMS } from '../../src/domain/download.ts';
import type { ReleaseKeys } from './release-keys.ts';
import type { ReleaseStore } from './release-store.ts';

/** The version of the sample releases. */
export const SAMPLE_VERSION = '0.9.0';
const SAMPLE_BYTES = 3 * 1024 * 1024;

/**
 * On the embedded default, one small sample release per platform that has none, signed with the
 * development key, so that the download page works from a first start: a note saying what it is,
 * then random bytes (3 Mo in all, enough to see the progress).
 */
export async function publishSampleReleases(store: ReleaseStore, keys: ReleaseKeys): Promise<string[]> {
  const published: string[] = [];
  const dir = await mkdtemp(join(tmpdir(), 'geosonde-sample-release-'));
  try {
    for (const platform of PLATFORMS) {
      if (await store.latest(platform)) continue;
      const note = Buffer.from(
        `GéoSonde Parser ${SAMPLE_VERSION} pour ${PLATFORM_LABELS[platform]} — exemple de version du ` +
          'mode embarqué, signé avec la clé de développement. Ce n’est pas un installateur.\n',
      );
      const file = join(dir, platform);
      await writeFile(file, Buffer.concat([note, randomBytes(SAMPLE_BYTES - note.length)]));
      published.push((await store.publish({ platform, file, version: SAMPLE_VERSION }, keys.privateKey)).objectVersion);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return published;
}
