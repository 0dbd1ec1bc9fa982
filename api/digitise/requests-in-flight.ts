import { EventEmitter } from 'node:events';
import type { Server } from 'node:http';

/**
 * The requests a server is answering: 'busy' when one starts, 'idle' when the last one ends. The
 * document reader pauses while there are some (yieldingRun), so that OCR takes no CPU from them.
 */
export class RequestsInFlight extends EventEmitter<{ busy: []; idle: [] }> {
  count = 0;

  /** Counts `server`'s requests, from their start to the end of their answer (or of the connection). */
  watch(server: Server): this {
    server.on('request', (_request, response) => {
      this.count++;
      this.emit('busy');
      response.once('close', () => {
        this.count--;
        if (this.count === 0) this.emit('idle');
      });
    });
    return this;
  }
}

/** The longest a reader goes without a run while requests go on: it then runs RUN_MIN_MS whatever comes. */
export const PAUSE_MAX_MS = 100;
/** How long that run lasts. */
export const RUN_MIN_MS = 50;

/**
 * Runs the process `pid` only while `requests` has none in flight (SIGSTOP when one starts, SIGCONT
 * when the last ends), yet at least RUN_MIN_MS in every PAUSE_MAX_MS + RUN_MIN_MS: a reading goes on
 * between requests, and at a third of its speed at least under a load that never stops. On two
 * cores, OCR at the idle scheduling class still made the API's p95 about 20 % slower (caches,
 * memory, the hypervisor's cores); paused, it takes nothing. `limitMs` counts the time it ran: past
 * it, `onLimit` is called. `end` resumes the process (if it still runs) and forgets it.
 */
export function yieldingRun(
  pid: number | undefined,
  requests: RequestsInFlight | undefined,
  limitMs: number,
  onLimit: () => void,
) {
  let left = limitMs;
  let runningSince = performance.now();
  let paused = false;
  let limit = setTimeout(onLimit, left);
  /** The run owed since the first pause after the last one; requests do not cut it short. */
  let owed: NodeJS.Timeout | undefined;
  let owing = false;
  const signal = (name: 'SIGSTOP' | 'SIGCONT') => {
    if (!pid) return false; // Never started: its 'error' tells why.
    try {
      process.kill(pid, name);
      return true;
    } catch {
      return false; // Already gone: its end is told by its 'exit'.
    }
  };
  const pause = () => {
    if (paused || owing || !requests || requests.count === 0 || !signal('SIGSTOP')) return;
    paused = true;
    clearTimeout(limit);
    left -= performance.now() - runningSince;
    owed ??= setTimeout(() => {
      resume();
      owing = true;
      owed = setTimeout(() => {
        owing = false;
        owed = undefined;
        pause();
      }, RUN_MIN_MS);
    }, PAUSE_MAX_MS);
  };
  const resume = () => {
    if (!paused) return;
    paused = false;
    signal('SIGCONT');
    runningSince = performance.now();
    limit = setTimeout(onLimit, Math.max(0, left));
  };
  requests?.on('busy', pause);
  requests?.on('idle', resume);
  pause();
  return {
    end() {
      requests?.off('busy', pause);
      requests?.off('idle', resume);
      clearTimeout(owed);
      resume();
      clearTimeout(limit);
    },
  };
}
