import type { AppSettings } from '../app-env.ts';
import type { Database } from '../db/database.ts';
import { removeExpiredExports, runNextExport, type ExportAnnouncer } from './api-exports.ts';

/** A background loop of one API process; several processes may run one each. */
export interface Worker {
  /** Does what is due now, and says how many things it did. */
  runOnce(): Promise<number>;
  /** Ends the loop after the work in hand. */
  stop(): Promise<void>;
}

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
  let stopped = false;
  let lastCleanup = 0;
  let running: Promise<number> = Promise.resolve(0);
  const runOnce = async () => {
    let done = 0;
    while (!stopped && (await runNextExport(db, settings, announce))) done += 1;
    if (Date.now() - lastCleanup > 3_600_000) {
      lastCleanup = Date.now();
      done += await removeExpiredExports(db, settings.files);
    }
    return done;
  };
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    running = runOnce()
      .catch((error: unknown) => {
        console.error('Exports :', error);
        return 0;
      })
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
  };
  if (loop) tick();
  return {
    runOnce: () => (running = running.then(runOnce)),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
