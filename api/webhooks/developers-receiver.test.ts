import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { DEMO_ACCOUNTS } from '../db/seed/seed.ts';
import { announceExport } from '../exports/api-exports.ts';
import { startExportWorker } from '../exports/export-worker.ts';
import { fileStore } from '../files/file-store.ts';
import { startWebhookWorker, type WebhookWorker } from './worker.ts';

// The receiver the developers page shows, run as the page writes it, must accept what our worker
// sends (and refuse a forged request): the page's code against the server's real deliveries.

const PAGE = new URL('../../content/sections/developers/03-webhooks.md', import.meta.url);
const [admin, montreal] = DEMO_ACCOUNTS;

/** The delivery the page shows: the JSON body of its `http` example. */
const exampleDelivery = (markdown: string) => {
  const request = /```http\n([\s\S]*?)```/.exec(markdown)![1]!;
  return JSON.parse(request.slice(request.indexOf('\n\n'))) as { type: string; data: Record<string, unknown> };
};

describe('the webhook receiver of /developers', () => {
  const signingKey = randomBytes(32);
  let api: TestApp;
  let worker: WebhookWorker;
  let dir: string;
  let filesDir: string;
  let markdown: string;
  let receiver: ChildProcess;
  let origin = '';
  let webhookId = '';
  const handled: { type: string; data: Record<string, unknown> }[] = [];

  beforeAll(async () => {
    api = await createTestApp({ settings: { signingKey, webhookAllowLoopback: true } });
    worker = startWebhookWorker(
      api.db,
      { signingKey, webhookAllowLoopback: true, webhookPollMs: 1000 },
      { loop: false },
    );
    filesDir = await mkdtemp(join(tmpdir(), 'gs-receiver-files-'));
    markdown = await readFile(PAGE, 'utf8');
    const code = /```js\n([\s\S]*?)```/.exec(markdown)![1]!;
    expect(code).toContain('.listen(8080)');
    // The page's code, with its `traiter` printing what it handles and a free port instead of 8080.
    const runnable = `const traiter = (type, data) => console.log(JSON.stringify({ type, data }));\n${code.replace(
      '.listen(8080)',
      '.listen(0, "127.0.0.1", function () { console.log(JSON.stringify({ port: this.address().port })); })',
    )}`;
    // Under the project's node_modules, so that `standardwebhooks` resolves as it would for a reader.
    await mkdir(join(process.cwd(), 'node_modules', '.cache'), { recursive: true });
    dir = await mkdtemp(join(process.cwd(), 'node_modules', '.cache', 'geosonde-receiver-'));
    await writeFile(join(dir, 'receiver.mjs'), runnable);
    const made = await api.call('/api/webhooks', {
      as: admin.email,
      body: { tenantSlug: 'montreal', url: 'http://127.0.0.1:1/placeholder', events: ['export.ready'] },
    });
    const { secret, item } = (await made.json()) as { secret: string; item: { id: string } };
    receiver = spawn(process.execPath, [join(dir, 'receiver.mjs')], {
      env: { ...process.env, GEOSONDE_WEBHOOK_SECRET: secret },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const lines = createInterface({ input: receiver.stdout! });
    const port = await new Promise<number>((resolve) => {
      lines.on('line', (line) => {
        const value = JSON.parse(line) as { port?: number; type?: string; data?: Record<string, unknown> };
        if (value.port) resolve(value.port);
        else handled.push(value as { type: string; data: Record<string, unknown> });
      });
    });
    origin = `http://127.0.0.1:${port}`;
    await api.db.query('UPDATE webhook_subscriptions SET url = $2 WHERE id = $1', [
      item.id,
      `${origin}/hooks/geosonde`,
    ]);
    webhookId = item.id;
  });
  afterAll(async () => {
    receiver?.kill();
    await worker.stop();
    await api.close();
    await rm(dir, { recursive: true, force: true });
    await rm(filesDir, { recursive: true, force: true });
  });

  it('accepts our signed delivery with a 2xx and handles the event once', async () => {
    const id = webhookId;
    const test = await api.call(`/api/webhooks/${id}/test`, { as: admin.email, body: {} });
    expect(test.status).toBe(202);
    await worker.runOnce();
    const deliveries = (await (await api.call(`/api/webhooks/${id}/deliveries`, { as: admin.email })).json()) as {
      items: { status: string; lastStatusCode: number }[];
    };
    expect(deliveries.items[0]).toMatchObject({ status: 'delivered', lastStatusCode: 204 });
    await expect.poll(() => handled.length).toBe(1);
    expect(handled[0]).toMatchObject({ type: 'webhook.test', data: { webhook_id: id } });
  });

  it('hands it an export.ready whose data has exactly the keys of the page’s example', async () => {
    const example = exampleDelivery(markdown);
    expect(example.type).toBe('export.ready');
    const made = await api.call('/api/tokens', {
      as: montreal.email,
      body: { name: 'Exports', scopes: ['write:exports'] },
    });
    const { token } = (await made.json()) as { token: string };
    const ordered = await api.app.request('http://localhost/v1/exports/geopackage', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ filter: { purpose: 'geotech' } }),
    });
    expect(ordered.status).toBe(202);
    const settings = { files: fileStore(filesDir), publicOrigin: 'http://localhost', signingKey };
    const exports = startExportWorker(api.db, settings, announceExport, { loop: false });
    expect(await exports.runOnce()).toBe(1);
    await exports.stop();
    await worker.runOnce();
    await expect.poll(() => handled.some((event) => event.type === 'export.ready')).toBe(true);
    const delivered = handled.find((event) => event.type === 'export.ready')!;
    expect(Object.keys(delivered.data).sort()).toEqual(Object.keys(example.data).sort());
    expect(delivered.data).not.toHaveProperty('download_url');
  });

  it('refuses a request whose signature is not ours', async () => {
    const response = await fetch(`${origin}/hooks/geosonde`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'webhook-id': 'evt_FORGED',
        'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
        'webhook-signature': `v1,${Buffer.alloc(32).toString('base64')}`,
      },
      body: JSON.stringify({ id: 'evt_FORGED', type: 'export.ready', time: new Date().toISOString(), data: {} }),
    });
    expect(response.status).toBe(401);
  });
});
