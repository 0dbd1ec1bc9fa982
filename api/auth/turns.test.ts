import { describe, expect, it } from 'vitest';
import { HashingBusy, KNOWN_DEVICE, turns } from './turns.ts';

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

  it('lets the lanes take turns, and a known browser go first, under a burst from one network', async () => {
    const limited = turns({ running: 1, queued: 100 });
    const started: string[] = [];
    const work = (name: string) => async () => {
      started.push(name);
      await pause(2);
    };
    // Forty sign-ins from one network, then one from another, then a browser known to its account.
    const burst = Array.from({ length: 40 }, (_, i) => limited(work(`burst ${i}`), '203.0.113'));
    const other = limited(work('other'), '198.51.100');
    const known = limited(work('known'), KNOWN_DEVICE);
    await Promise.all([...burst, other, known]);
    // The first of the burst was running; the known browser is next, the other network after one more.
    expect(started.slice(0, 4)).toEqual(['burst 0', 'known', 'burst 1', 'other']);
  });
});

describe('networkOf', () => {
  it('groups IPv4 by /24 and IPv6 by /48', async () => {
    const { networkOf } = await import('../request-info.ts');
    expect(networkOf('203.0.113.45')).toBe('203.0.113');
    expect(networkOf('::ffff:203.0.113.45')).toBe('203.0.113');
    expect(networkOf('2001:db8:1:2::7')).toBe('2001:db8:1');
    expect(networkOf('2001:0db8:0001:ffff:1:2:3:4')).toBe('2001:db8:1');
    expect(networkOf('2001:db8::1')).toBe('2001:db8:0');
    expect(networkOf('::1')).toBe('0:0:0');
    expect(networkOf('fe80::1%eth0')).toBe('fe80:0:0');
    expect(networkOf('local')).toBe('local');
  });
});
