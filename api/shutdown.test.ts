import { createHash } from 'node:crypto';
import { request } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from '../bench/bench-server.ts';

const PORT = 4700 + Math.floor(Math.random() * 90);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const member = { email: 'geotech@montreal.ca', password: 'GeoSonde-montreal-1' };

async function signIn(): Promise<string> {
  const response = await fetch(`${ORIGIN}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN, connection: 'close' },
    body: JSON.stringify(member),
  });
  expect(response.status).toBe(200);
  return response.headers.getSetCookie()[0]!.split(';')[0]!;
}

/** Whether the server still takes a new connection. */
const answers = () =>
  fetch(`${ORIGIN}/api/health`, { headers: { connection: 'close' } }).then(
    () => true,
    () => false,
  );

describe('a stop (SIGTERM) while a request is in flight', () => {
  const root = mkdtemp(join(tmpdir(), 'geosonde-stop-'));
  afterAll(async () => rm(await root, { recursive: true, force: true }));

  it('refuses new connections, lets the upload finish, then exits 0 with the document kept', async () => {
    const dataDir = join(await root, 'data');
    let server = await startServer(PORT, dataDir);
    const cookie = await signIn();
    const pdf = Buffer.from(`%PDF-1.4\nJournal envoyé pendant l’arrêt ${Date.now()}\n${'x'.repeat(200_000)}\n`);
    const boundary = 'limite-geosonde-arret';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="arret.pdf"\r\n` +
        'Content-Type: application/pdf\r\n\r\n',
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const body = Buffer.concat([head, pdf, tail]);

    const upload = request(`${ORIGIN}/api/reports?borehole=MTL-BH-02`, {
      method: 'POST',
      headers: {
        cookie,
        origin: ORIGIN,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': body.length,
      },
    });
    const answered = new Promise<{ status: number; text: string }>((resolve, reject) => {
      upload.once('response', (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode!, text }));
      });
      upload.once('error', reject);
    });
    const exited = new Promise<number | null>((done) => server.once('exit', done));

    // Half the file is sent, then the stop comes.
    upload.write(body.subarray(0, body.length / 2));
    await new Promise((resolve) => setTimeout(resolve, 500));
    server.kill('SIGTERM');
    await expect.poll(answers, { timeout: 10_000 }).toBe(false);

    // The rest comes two seconds later, well within the stop's grace (10 s).
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    upload.end(body.subarray(body.length / 2));
    const { status, text } = await answered;
    expect(status, text).toBe(201);
    const { items } = JSON.parse(text) as { items: { id: string }[] };
    expect(await exited).toBe(0);

    server = await startServer(PORT, dataDir);
    try {
      const again = await signIn();
      const reports = (await (await fetch(`${ORIGIN}/api/reports`, { headers: { cookie: again } })).json()) as {
        items: { id: string; href: string | null }[];
      };
      const kept = reports.items.find((item) => item.id === items[0]!.id);
      expect(kept?.href).toBeTruthy();
      const bytes = Buffer.from(
        await (await fetch(`${ORIGIN}${kept!.href}`, { headers: { cookie: again } })).arrayBuffer(),
      );
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(createHash('sha256').update(pdf).digest('hex'));
    } finally {
      server.kill('SIGTERM');
      await new Promise((done) => server.once('exit', done));
    }
  }, 180_000);
});
