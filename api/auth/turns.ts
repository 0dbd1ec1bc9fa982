/** Refusal of work while too many already wait their turn: the API answers 503. */
export class HashingBusy extends Error {
  constructor() {
    super('GéoSonde est très sollicité : réessayez dans quelques secondes.');
  }
}

/**
 * A queue that runs at most `running` pieces of work at once and holds at most `queued` more;
 * past that, `HashingBusy` is thrown at once. A waiting piece is handed the slot of the one that
 * ends, so the count never goes over.
 *
 * @example const limited = turns({ running: 1, queued: 10 }); await limited(() => hash(password));
 */
export function turns({ running: max, queued }: { running: number; queued: number }) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function inTurn<T>(work: () => Promise<T>): Promise<T> {
    if (running < max) running += 1;
    else if (waiting.length >= queued) throw new HashingBusy();
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}
