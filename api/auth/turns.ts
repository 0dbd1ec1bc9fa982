/** Refusal of work while too many already wait their turn: the API answers 503. */
export class HashingBusy extends Error {
  constructor() {
    super('GéoSonde est très sollicité : réessayez dans quelques secondes.');
  }
}

/** The lane of a browser that has signed into the account before: served before every other. */
export const KNOWN_DEVICE = 'known-device';

/**
 * A queue that runs at most `running` pieces of work at once and holds at most `queued` more;
 * past that, `HashingBusy` is thrown at once. Waiting work stands in lanes (a client's network, say):
 * the lanes take turns, so that a burst from one network, or from many, delays its own lane and
 * not the others' by more than one piece each; the KNOWN_DEVICE lane goes first. A waiting piece is
 * handed the slot of the one that ends, so the count never goes over.
 *
 * @example const limited = turns({ running: 1, queued: 10 }); await limited(() => hash(password), '203.0.113');
 */
export function turns({ running: max, queued }: { running: number; queued: number }) {
  let running = 0;
  let waitingCount = 0;
  // Insertion order is the turn: a lane served goes to the back.
  const lanes = new Map<string, (() => void)[]>();

  const handOn = () => {
    const lane = lanes.has(KNOWN_DEVICE) ? KNOWN_DEVICE : lanes.keys().next().value;
    if (lane === undefined) {
      running -= 1;
      return;
    }
    const waiting = lanes.get(lane)!;
    const next = waiting.shift()!;
    lanes.delete(lane);
    if (waiting.length > 0) lanes.set(lane, waiting);
    waitingCount -= 1;
    next();
  };

  return async function inTurn<T>(work: () => Promise<T>, lane = ''): Promise<T> {
    if (running < max) running += 1;
    else if (waitingCount >= queued) throw new HashingBusy();
    else {
      waitingCount += 1;
      await new Promise<void>((resolve) => {
        const waiting = lanes.get(lane) ?? [];
        waiting.push(resolve);
        lanes.set(lane, waiting);
      });
    }
    try {
      return await work();
    } finally {
      handOn();
    }
  };
}
