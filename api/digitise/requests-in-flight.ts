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

/** When a reader runs beside a server's requests (yieldingRun). */
export interface YieldTiming {
  /**
   * How long the server must have answered nothing before the reader runs again. Requests come in
   * bursts (a page asks for its table, its map and its filters at once): the reading waits for the
   * burst's end instead of running, and filling the caches, between its requests.
   */
  quietMs: number;
  /** The longest a reader stays paused while requests go on without a break: it then runs whatever comes. */
  pauseMaxMs: number;
  /** The least a reader runs in every pauseMaxMs its pauses cover, between requests or despite them. */
  runMinMs: number;
}

/**
 * The server's: a reading that runs despite requests makes them slower (see yieldingRun), so a
 * load that never stops leaves it a 40th of the time, and reading is best done by a worker of its
 * own (`npm run worker`) on a server that is never quiet.
 */
export const READER_YIELD: YieldTiming = { quietMs: 100, pauseMaxMs: 1950, runMinMs: 50 };

/**
 * Runs the process `pid` only once `requests` has had none in flight for `quietMs` (SIGSTOP when
 * one starts, SIGCONT `quietMs` after the last ends), yet at least `runMinMs` in every
 * `pauseMaxMs` from a pause: what it ran between requests counts, and only what it lacks is run
 * despite them. A reading thus goes at full speed on a quiet server, and on at a small share under
 * a load that never stops. On two cores, OCR at the idle scheduling class still made the API's p95
 * 20 to 70 % slower (caches, memory bandwidth, the hypervisor's cores), and each run beside
 * requests costs them about as much: paused, it costs nothing. `limitMs` counts the time it ran:
 * past it, `onLimit` is called. `end` resumes the process (if it still runs) and forgets it.
 */
export function yieldingRun(
  pid: number | undefined,
  requests: RequestsInFlight | undefined,
  limitMs: number,
  onLimit: () => void,
  { quietMs, pauseMaxMs, runMinMs }: YieldTiming = READER_YIELD,
) {
  let left = limitMs;
  let runningSince = performance.now();
  let paused = false;
  let limit = setTimeout(onLimit, left);
  /** The span that began with a pause, `pauseMaxMs` long, and what the process ran in it. */
  let span: NodeJS.Timeout | undefined;
  let ranInSpan = 0;
  /** The run owed at a span's end, during which requests do not pause the process. */
  let owed: NodeJS.Timeout | undefined;
  /** The resumption `quietMs` after the last request; till then, the process is still paused. */
  let quiet: NodeJS.Timeout | undefined;
  const signal = (name: 'SIGSTOP' | 'SIGCONT') => {
    if (!pid) return false; // Never started: its 'error' tells why.
    try {
      process.kill(pid, name);
      return true;
    } catch {
      return false; // Already gone: its end is told by its 'exit'.
    }
  };
  const endSpan = () => {
    span = undefined;
    const ran = ranInSpan + (paused ? 0 : performance.now() - runningSince);
    ranInSpan = 0;
    if (ran >= runMinMs) {
      if (paused) span = setTimeout(endSpan, pauseMaxMs);
      return;
    }
    resume();
    owed = setTimeout(() => {
      owed = undefined;
      pause();
    }, runMinMs - ran);
  };
  const pause = () => {
    if (paused || owed || !requests || (requests.count === 0 && !quiet) || !signal('SIGSTOP')) return;
    paused = true;
    clearTimeout(limit);
    const ran = performance.now() - runningSince;
    left -= ran;
    if (span) ranInSpan += ran;
    else span = setTimeout(endSpan, pauseMaxMs);
  };
  const resume = () => {
    if (!paused) return;
    paused = false;
    signal('SIGCONT');
    runningSince = performance.now();
    limit = setTimeout(onLimit, Math.max(0, left));
  };
  const busy = () => {
    clearTimeout(quiet);
    quiet = undefined;
    pause();
  };
  const resumeWhenQuiet = () => {
    quiet = setTimeout(() => {
      quiet = undefined;
      resume();
    }, quietMs);
  };
  requests?.on('busy', busy);
  requests?.on('idle', resumeWhenQuiet);
  pause();
  return {
    end() {
      requests?.off('busy', busy);
      requests?.off('idle', resumeWhenQuiet);
      clearTimeout(quiet);
      clearTimeout(span);
      clearTimeout(owed);
      resume();
      clearTimeout(limit);
    },
  };
}
