import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../bench/bench-server.ts';
import { createEmptyDatabase } from '../tests/support/test-database.ts';

// Two real servers (`node api/index.ts`), each with its own DATA_DIR, on one PostgreSQL database:
// sessions, sign-in failures and the assistant's questions live in the database, so what one
// process knows the other knows too; they share SIGNING_SECRET and the documents' folder.

const BASE_PORT = 4800 + Math.floor(Math.random() * 80) * 2;
const member = { email: 'geotech@montreal.ca', password: 'GeoSonde-montreal-1' };

/** One of the two servers: its origin, and a call to it as a same-origin page would make. */
function serverAt(port: number) {
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    call: (path: string, init: RequestInit = {}) =>
      fetch(`${origin}${path}`, {
        ...init,
        headers: { 'content-type': 'application/json', origin, ...init.headers },
      }),
  };
}

const exited = (child: ChildProcess) =>
  new Promise((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.once('exit', resolve),
  );

/** Stops a server: SIGTERM, then SIGKILL if it is still there after 5 s. */
async function stop(child: ChildProcess | undefined) {
  if (!child) return;
  child.kill('SIGTERM');
  const cut = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited(child);
  clearTimeout(cut);
}

// On a database of the tests' server: an embedded one belongs to a single process.
describe('two API processes on one PostgreSQL database', () => {
  let database: Awaited<ReturnType<typeof createEmptyDatabase>> | undefined;
  const root = mkdtemp(join(tmpdir(), 'geosonde-multi-'));
  const a = serverAt(BASE_PORT);
  const b = serverAt(BASE_PORT + 1);
  const children: ChildProcess[] = [];
  let env: NodeJS.ProcessEnv = {};
  let [dirA, dirB] = ['', ''];

  beforeAll(async () => {
    database = await createEmptyDatabase();
    // The same database and signing secret for both; each its own data folder.
    // Documents are processed by a worker process of its own (the last test), not by the servers.
    env = {
      DATABASE_URL: database.url,
      GS_DEMO: '1',
      SIGNING_SECRET: randomBytes(24).toString('base64url'),
      DOCUMENT_WORKER: '0',
    };
    // One after the other: the first one migrates and writes the demo data. The documents'
    // folder is shared, as a common volume would be (docs/operations.md, « Plusieurs processus »).
    [dirA, dirB] = [join(await root, 'a'), join(await root, 'b')];
    await mkdir(join(dirA, 'files'), { recursive: true });
    await mkdir(dirB);
    await symlink(join(dirA, 'files'), join(dirB, 'files'));
    children.push(await startServer(BASE_PORT, dirA, env));
    children.push(await startServer(BASE_PORT + 1, dirB, env));
  }, 60_000);

  afterAll(async () => {
    await Promise.all(children.map(stop));
    await database?.drop();
    await rm(await root, { recursive: true, force: true });
  }, 30_000);

  it('accepts on one process the session made on the other, and its signed document links', async () => {
    const login = await a.call('/api/login', { method: 'POST', body: JSON.stringify(member) });
    expect(login.status).toBe(200);
    const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;

    const me = await b.call('/api/me', { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email: member.email, tenantSlug: 'montreal' });

    const library = await a.call('/api/reports?ids=MTL-BH-01', { headers: { cookie } });
    const { items } = (await library.json()) as { items: { kind: string; href: string | null }[] };
    const href = items.find((item) => item.href?.startsWith('/api/files/'))!.href!;
    const file = await b.call(href, { headers: { cookie } });
    expect(file.status).toBe(200);
    expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(0);
    // A link whose signature is not the deployment's is refused there as well.
    expect((await b.call(href.replace(/sig=[^&]+/, `sig=${'A'.repeat(43)}`), { headers: { cookie } })).status).toBe(
      403,
    );
  });

  it('keeps an idle connection open longer than clients keep theirs', async () => {
    // Node's 5 s made a kept-alive request race the server's close (« socket hang up » in CI).
    const response = await a.call('/api/health');
    expect(response.headers.get('keep-alive')).toBe('timeout=65');
  });

  it('counts wrong passwords sent to either process together', async () => {
    const wrong = JSON.stringify({ email: 'urbanisme@ville.sainte-julie.qc.ca', password: 'pas-le-bon-mot' });
    const statuses: number[] = [];
    let last: Response | undefined;
    for (const server of [a, b, a, b, a, b]) {
      last = await server.call('/api/login', { method: 'POST', body: wrong });
      statuses.push(last.status);
    }
    // Five failures in a row are free; the sixth waits, on whichever process it reaches.
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await a.call('/api/login', { method: 'POST', body: wrong })).status).toBe(429);
  });

  it('leaves documents to `npm run worker`, a process of its own that reads them and stops cleanly', async () => {
    const login = await a.call('/api/login', { method: 'POST', body: JSON.stringify(member) });
    const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;
    const log = await a.call('/api/boreholes/MTL-BH-04/log.pdf', { headers: { cookie } });
    const form = new FormData();
    form.append('file', new Blob([await log.arrayBuffer()]), 'journal MTL-BH-04.pdf');
    const sent = await fetch(`${b.origin}/api/reports?borehole=MTL-BH-04`, {
      method: 'POST',
      headers: { cookie, origin: b.origin },
      body: form,
    });
    expect(sent.status).toBe(201);
    const id = ((await sent.json()) as { items: { id: string }[] }).items[0]!.id;
    const status = async () => {
      const library = await a.call('/api/reports?ids=MTL-BH-04', { headers: { cookie } });
      return ((await library.json()) as { items: { id: string; status: string }[] }).items.find(
        (item) => item.id === id,
      )!.status;
    };
    // With DOCUMENT_WORKER=0 the servers leave it waiting.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(await status()).toBe('processing');

    const worker = spawn(process.execPath, ['scripts/worker.ts'], {
      env: { ...process.env, ...env, DATA_DIR: dirB },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    worker.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    worker.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      let now = 'processing';
      for (let wait = 0; now === 'processing' && wait < 120; wait++) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        now = await status();
      }
      expect([now, output]).toEqual(['review', expect.stringContaining('Traitement des documents démarré')]);
    } finally {
      worker.kill('SIGTERM');
    }
    const [code] = (await once(worker, 'exit')) as [number | null];
    expect([code, output]).toEqual([0, expect.stringContaining('SIGTERM reçu')]);
  }, 90_000);

  it('counts the assistant’s 30 questions a minute across both processes', async () => {
    const question = JSON.stringify({ query: 'forage' });
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      statuses.push((await (i % 2 ? b : a).call('/ask', { method: 'POST', body: question })).status);
    }
    expect(statuses.every((status) => status === 200)).toBe(true);
    const refused = await b.call('/ask', { method: 'POST', body: question });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: string }).error).toMatch(/^Trop de questions à la fois/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
