import { execFile } from 'node:child_process';
import { createServer } from 'node:net';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

/** Starts `api/index.ts` and expects it to stop at once: its exit code and its error output. */
async function failedStart(env: Record<string, string>) {
  const failure = (await run(process.execPath, ['api/index.ts'], {
    env: { ...process.env, HOST: '127.0.0.1', DATABASE_URL: '', ...env },
    timeout: 60_000,
  }).catch((error: unknown) => error)) as { code: number; stderr: string };
  return { code: failure.code, lines: failure.stderr.trim().split('\n') };
}

describe('a start that cannot happen says why in one French line', () => {
  it('when the port is taken, before the database starts', async () => {
    const holder = createServer();
    await new Promise<void>((done) => holder.listen(0, '127.0.0.1', done));
    const { port } = holder.address() as { port: number };
    try {
      const { code, lines } = await failedStart({ PORT: String(port), DATA_DIR: '/sys/geosonde-jamais-cree' });
      expect(code).toBe(1);
      expect(lines).toEqual([
        `Le port ${port} est déjà utilisé (un autre GéoSonde ?) : arrêtez-le, ou choisissez un autre port avec PORT=…`,
      ]);
    } finally {
      holder.close();
    }
  });

  it('when the data folder cannot be written', async () => {
    // Linux's /sys refuses new folders, even to root.
    const probe = createServer();
    await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
    const { port } = probe.address() as { port: number };
    await new Promise((done) => probe.close(done));
    const { code, lines } = await failedStart({ PORT: String(port), DATA_DIR: '/sys/geosonde-test' });
    expect(code).toBe(1);
    expect(lines).toEqual([
      'Le dossier de données n’est pas accessible en écriture (/sys/geosonde-test) : vérifiez ses droits ou choisissez un autre DATA_DIR.',
    ]);
  });
});
