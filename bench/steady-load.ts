import { parentPort, workerData } from 'node:worker_threads';

// One tenant's steady load, in a thread of its own (see hostile.bench.ts): calls started at `rate`
// per second whatever the answers, each timed from when it was due, until the thread is told to stop.
// Apart from the thread that sends the hostile files, so that sending them delays no call here.

const { origin, cookie, rate, paths } = workerData as { origin: string; cookie: string; rate: number; paths: string[] };
const load = { times: [] as number[], errors5xx: 0, lost: 0 };
const pending: Promise<void>[] = [];
const start = performance.now();
let i = 0;
let running = true;
const tick = () => {
  if (!running) return;
  const due = start + (i * 1000) / rate;
  const path = paths[i % paths.length]!;
  i++;
  pending.push(
    fetch(`${origin}${path}`, { headers: { cookie } })
      .then(async (response) => {
        await response.arrayBuffer();
        if (response.status >= 500) load.errors5xx++;
        load.times.push(performance.now() - due);
      })
      .catch(() => {
        load.lost++;
      }),
  );
  setTimeout(tick, Math.max(0, start + (i * 1000) / rate - performance.now()));
};
tick();
parentPort!.once('message', () => {
  running = false;
  void Promise.all(pending).then(() => parentPort!.postMessage(load));
});
