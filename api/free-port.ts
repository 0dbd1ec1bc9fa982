import { createServer } from 'node:net';

/**
 * A TCP port of 127.0.0.1 that nothing listens on now (the system picks it): for the embedded
 * PostgreSQL, and for the tests that start a real server.
 *
 * @example serve({ fetch: app.fetch, port: await freePort(), hostname: '127.0.0.1' })
 */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}
