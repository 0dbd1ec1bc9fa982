import { describe, expect, it } from 'vitest';
import { HashingBusy, turns } from './turns.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('turns', () => {
  it('runs at most `running` at once, in arrival order, and refuses past `queued`', async () => {
    const limited = turns({ running: 2, queued: 3 });
    let now = 0;
    let most = 0;
    const order: number[] = [];
    const work = (id: number) => async () => {
      now += 1;
      most = Math.max(most, now);
      await pause(10);
      order.push(id);
      now -= 1;
      return id;
    };
    const accepted = [1, 2, 3, 4, 5].map((id) => limited(work(id)));
    await expect(limited(work(6))).rejects.toBeInstanceOf(HashingBusy);
    expect(await Promise.all(accepted)).toEqual([1, 2, 3, 4, 5]);
    expect(most).toBe(2);
    expect(order).toEqual([1, 2, 3, 4, 5]);
    // Once the queue has drained, work is taken again.
    expect(await limited(work(7))).toBe(7);
  });

  it('frees the slot of work that fails', async () => {
    const limited = turns({ running: 1, queued: 1 });
    await expect(limited(() => Promise.reject(new Error('échec')))).rejects.toThrow('échec');
    expect(await limited(() => Promise.resolve('suite'))).toBe('suite');
  });
});
