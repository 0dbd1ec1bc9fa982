/** Work done in the background by one API process; several processes may run theirs side by side. */
export interface BackgroundLoop {
  /** Does what is due now, and says how many things it did. */
  runOnce(): Promise<number>;
  /** Ends the loop after the work in hand. */
  stop(): Promise<void>;
}

/**
 * Runs `work` now and then again `intervalMs` after each run ends, until stopped (with `loop`
 * false, only when `runOnce` is called: the tests). A run that fails is logged under `label` and
 * the loop goes on. `work` is told when the loop is stopping, to end before its next item.
 */
export function backgroundLoop(
  label: string,
  work: (stopping: () => boolean) => Promise<number>,
  { intervalMs, loop = true, onStop }: { intervalMs: number; loop?: boolean; onStop?: () => Promise<void> },
): BackgroundLoop {
  let stopped = false;
  const stopping = () => stopped;
  const runOnce = () => work(stopping);
  let running: Promise<number> = Promise.resolve(0);
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    running = runOnce()
      .catch((error: unknown) => {
        console.error(`${label} :`, error);
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
      await onStop?.();
    },
  };
}
