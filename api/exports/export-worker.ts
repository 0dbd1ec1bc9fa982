import type { AppSettings } from '../app-env.ts';
import { backgroundLoop, type BackgroundLoop } from '../background-loop.ts';
import type { Database } from '../db/database.ts';
import { removeExpiredExports, runNextExport, type ExportAnnouncer } from './api-exports.ts';

/** The export worker's loop (see backgroundLoop). */
export type Worker = BackgroundLoop;

/**
 * Makes the exports ordered through the API, one at a time, checking every `intervalMs` for new
 * ones, and removes the files of expired exports every hour.
 */
export function startExportWorker(
  db: Database,
  settings: Pick<AppSettings, 'publicOrigin' | 'signingKey' | 'files'>,
  announce: ExportAnnouncer,
  { intervalMs = 1000, loop = true }: { intervalMs?: number; loop?: boolean } = {},
): Worker {
  let lastCleanup = 0;
  return backgroundLoop(
    'Exports',
    async (stopping) => {
      let done = 0;
      while (!stopping() && (await runNextExport(db, settings, announce))) done += 1;
      if (Date.now() - lastCleanup > 3_600_000) {
        lastCleanup = Date.now();
        done += await removeExpiredExports(db, settings.files);
      }
      return done;
    },
    { intervalMs, loop },
  );
}
