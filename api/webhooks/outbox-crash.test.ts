import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, describe, expect, it } from 'vitest';
import { generatedAgs } from '../../bench/generated-ags.ts';
import { startServer } from '../../bench/bench-server.ts';
import type { WebhookDeliveryView } from '../../src/domain/webhooks.ts';
import { signatureHeaders, startReceiver } from '../../tests/support/webhook-receiver.ts';

// The outbox against kill -9: the real server (`node api/index.ts`, embedded PostgreSQL on disk)
// commits an import while its webhook receiver is down, is killed, and sends every event, signed,
// once it has started again and the receiver is up.

const PORT = 4600 + Math.floor(Math.random() * 90);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const BOREHOLES = 20;

async function signIn(email: string, password: string): Promise<string> {
  const response = await fetch(`${ORIGIN}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status).toBe(200);
  return response.headers.getSetCookie()[0]!.split(';')[0]!;
}

const call = (path: string, cookie: string, init: RequestInit = {}) =>
  fetch(`${ORIGIN}${path}`, { ...init, headers: { ...init.headers, cookie, origin: ORIGIN } });

/** The latest deliveries of a subscription, as the administration screen reads them. */
const deliveriesOf = async (id: string, cookie: string) =>
  ((await (await call(`/api/webhooks/${id}/deliveries`, cookie)).json()) as { items: WebhookDeliveryView[] }).items;

const exited = (child: ChildProcess) =>
  new Promise((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.once('exit', resolve),
  );

// The server under test runs on an embedded PostgreSQL of its own, as `npm start` does.
describe('webhooks after kill -9', () => {
  const root = mkdtemp(join(tmpdir(), 'geosonde-webhooks-crash-'));
  let server: ChildProcess | undefined;
  afterAll(async () => {
    if (server) {
      server.kill('SIGTERM');
      await exited(server);
    }
    await rm(await root, { recursive: true, force: true });
  });

  it('sends the events of an import committed before the crash, signed, once the server is back', async () => {
    const dataDir = join(await root, 'data');
    const env = { WEBHOOK_ALLOW_LOOPBACK: '1', NODE_ENV: 'test' };
    // A port for the receiver, left closed for now: the receiver is down.
    const probe = await startReceiver();
    const receiverPort = Number(new URL(probe.origin).port);
    await probe.close();

    server = await startServer(PORT, dataDir, env);
    const admin = await signIn('admin@geosonde.ca', 'GeoSonde-admin-1');
    const created = await call('/api/webhooks', admin, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        tenantSlug: 'montreal',
        url: `http://127.0.0.1:${receiverPort}/geosonde`,
        events: ['dataset.ingested', 'borehole.created'],
      }),
    });
    expect(created.status).toBe(201);
    const { secret, item } = (await created.json()) as { secret: string; item: { id: string } };

    const member = await signIn('geotech@montreal.ca', 'GeoSonde-montreal-1');
    const form = new FormData();
    form.append('file', new Blob([generatedAgs(BOREHOLES, 'WEBHOOK-CRASH')]), 'webhooks.ags');
    const checked = await call('/api/imports', member, { method: 'POST', body: form });
    expect(checked.status).toBe(201);
    const { id: importId } = (await checked.json()) as { id: string };
    const committed = await call(`/api/imports/${importId}/commit`, member, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(committed.status).toBe(200);

    // The worker tries, the receiver is down: every delivery waits for its next attempt.
    await expect
      .poll(
        async () =>
          (await deliveriesOf(item.id, admin)).filter((d) => d.status === 'pending' && d.attempts >= 1).length,
        {
          timeout: 15_000,
        },
      )
      .toBe(BOREHOLES + 1);
    expect((await deliveriesOf(item.id, admin))[0]!.lastError).toBe('Connexion refusée par le destinataire.');

    server.kill('SIGKILL');
    await exited(server);
    const receiver = await startReceiver(receiverPort);
    try {
      server = await startServer(PORT, dataDir, env);
      await expect
        .poll(() => new Set(receiver.received.map((r) => r.headers['webhook-id'])).size, {
          timeout: 30_000,
          interval: 250,
        })
        .toBe(BOREHOLES + 1);
      // Every request verifies; a receiver deduplicates on webhook-id (delivery is at least once).
      const byId = new Map(
        receiver.received.map((request) => [
          request.headers['webhook-id'],
          new Webhook(secret).verify(request.body, signatureHeaders(request)) as {
            type: string;
            data: { import_id: string };
          },
        ]),
      );
      const bodies = [...byId.values()];
      expect(bodies.filter((body) => body.type === 'dataset.ingested')).toHaveLength(1);
      expect(new Set(bodies.filter((b) => b.type === 'borehole.created').map((b) => JSON.stringify(b.data))).size).toBe(
        BOREHOLES,
      );
      expect(bodies.every((body) => body.data.import_id === importId)).toBe(true);
      // Each delivery is marked delivered in the database that survived the kill.
      const again = await signIn('admin@geosonde.ca', 'GeoSonde-admin-1');
      await expect
        .poll(async () => (await deliveriesOf(item.id, again)).every((d) => d.status === 'delivered'))
        .toBe(true);
    } finally {
      await receiver.close();
    }
  }, 120_000);
});
