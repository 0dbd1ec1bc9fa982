import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookDeliveryView, WebhookView } from '../../src/domain/webhooks.ts';
import { readFixture } from '../../tests/ags-fixtures.ts';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { testDatabaseKind } from '../../tests/support/test-database.ts';
import { signatureHeaders, startReceiver, type Received } from '../../tests/support/webhook-receiver.ts';
import { DEMO_ACCOUNTS } from '../db/seed/seed.ts';
import { fileStore } from '../files/file-store.ts';
import { emitEvent } from './outbox.ts';
import { announceExport } from '../exports/api-exports.ts';
import { startExportWorker } from '../exports/export-worker.ts';
import { startWebhookWorker, type WebhookWorker } from './worker.ts';

const [admin, montreal, stjulie] = DEMO_ACCOUNTS;
const HINDLEY = 'Hindley Mill Embankment FRA01.ags';

interface Body {
  id: string;
  type: string;
  time: string;
  data: Record<string, unknown>;
}

describe(`webhooks on ${testDatabaseKind}`, () => {
  const signingKey = randomBytes(32);
  let api: TestApp;
  let dir: string;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let worker: WebhookWorker;

  const subscribe = async (path: string, events: string[], tenantSlug = 'montreal') => {
    const response = await api.call('/api/webhooks', {
      as: admin.email,
      body: { tenantSlug, url: `${receiver.origin}${path}`, events },
    });
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()) as { secret: string; item: WebhookView };
  };
  const importFile = async (email: string, name: string, bytes: Uint8Array) => {
    const body = new FormData();
    body.append('crs', '27700');
    body.append('file', new Blob([bytes as BlobPart]), name);
    const checked = (await (await api.call('/api/imports', { as: email, body })).json()) as {
      id: string;
      status: string;
    };
    if (checked.status !== 'validated') return { id: checked.id, status: checked.status };
    const committed = await api.call(`/api/imports/${checked.id}/commit`, { as: email, body: {} });
    expect(committed.status).toBe(200);
    return { id: checked.id, status: 'committed' };
  };
  const deliveries = async (id: string) => {
    const response = await api.call(`/api/webhooks/${id}/deliveries`, { as: admin.email });
    expect(response.status).toBe(200);
    return ((await response.json()) as { items: WebhookDeliveryView[] }).items;
  };
  /** Every request checked with the library, as a receiver would: the parsed body. */
  const verified = (requests: Received[], secret: string) =>
    requests.map((request) => new Webhook(secret).verify(request.body, signatureHeaders(request)) as Body);

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'gs-webhooks-'));
    receiver = await startReceiver();
    api = await createTestApp({
      settings: { files: fileStore(dir), uploadMaxBytes: 2 * 1024 * 1024, signingKey, webhookAllowLoopback: true },
    });
    worker = startWebhookWorker(
      api.db,
      { signingKey, webhookAllowLoopback: true, webhookPollMs: 1000 },
      { loop: false },
    );
  });
  afterAll(async () => {
    await worker.stop();
    await api.close();
    await receiver.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('sends a committed import’s events, signed, to the subscriptions of its tenant only', async () => {
    const { secret, item } = await subscribe('/montreal', ['dataset.ingested', 'borehole.created']);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{44}$/);
    expect(item).toMatchObject({ tenantSlug: 'montreal', secretPrefix: secret.slice(0, 10), disabledAt: null });
    // The secret is shown once: neither the list nor the database shows it.
    const listed = await (await api.call('/api/webhooks?tenant=montreal', { as: admin.email })).text();
    expect(listed).not.toContain(secret.slice(10));
    const [stored] = await api.db.query<{ secret_sealed: string }>(
      'SELECT secret_sealed FROM webhook_subscriptions WHERE id = $1',
      [item.id],
    );
    expect(stored!.secret_sealed).not.toContain(secret.slice(6));
    const other = await subscribe('/stjulie', ['dataset.ingested', 'borehole.created'], 'stjulie');

    const imported = await importFile(montreal.email, HINDLEY, readFixture(HINDLEY));
    expect(imported.status).toBe('committed');
    // Written with the import, sent by the worker.
    expect(receiver.at('/montreal')).toHaveLength(0);
    expect(await worker.runOnce()).toBe(13);
    const bodies = verified(receiver.at('/montreal'), secret);
    expect(bodies.filter((body) => body.type === 'dataset.ingested')).toEqual([
      {
        id: expect.stringMatching(/^evt_[0-9A-Z]{24}$/) as string,
        type: 'dataset.ingested',
        time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) as string,
        data: expect.objectContaining({
          import_id: imported.id,
          tenant: 'montreal',
          file_name: HINDLEY,
          created: 12,
          updated: 0,
          unchanged: 0,
        }) as Record<string, unknown>,
      },
    ]);
    const created = bodies.filter((body) => body.type === 'borehole.created');
    expect(created.map((body) => body.data.loca_id).sort()).toHaveLength(12);
    expect(created[0]!.data).toMatchObject({ import_id: imported.id, borehole_id: expect.any(String) as string });
    // webhook-id is the event's id; another secret does not verify.
    for (const request of receiver.at('/montreal')) {
      expect(request.headers['webhook-id']).toBe((JSON.parse(request.body) as Body).id);
      expect(request.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    }
    expect(() => verified(receiver.at('/montreal').slice(0, 1), other.secret)).toThrow();
    expect(receiver.at('/stjulie')).toHaveLength(0);
    expect((await deliveries(item.id)).every((delivery) => delivery.status === 'delivered')).toBe(true);

    // The same file again: nothing changes, so no borehole event, only dataset.ingested.
    await importFile(montreal.email, HINDLEY, readFixture(HINDLEY));
    await worker.runOnce();
    const again = verified(receiver.at('/montreal'), secret).slice(13);
    expect(again.map((body) => [body.type, body.data.unchanged])).toEqual([['dataset.ingested', 12]]);
  });

  it('tells a changed borehole (borehole.updated, by an import or a restore) and a refused file (validation.failed)', async () => {
    const { secret } = await subscribe('/changes', ['borehole.updated', 'validation.failed']);
    const changed = readFixture(HINDLEY)
      .toString('latin1')
      .replace(
        '"WS03","WS","","362430.88","405269.79","","59.96"',
        '"WS03","WS","","362430.88","405269.79","","60.10"',
      );
    await importFile(montreal.email, 'Hindley v2.ags', Buffer.from(changed, 'latin1'));
    const refused = await importFile(montreal.email, 'Wigan Depot.ags', readFixture('Wigan Depot.ags'));
    expect(refused.status).toBe('refused');
    await worker.runOnce();
    const bodies = verified(receiver.at('/changes'), secret);
    expect(bodies.map((body) => body.type).sort()).toEqual(['borehole.updated', 'validation.failed']);
    expect(bodies.find((body) => body.type === 'borehole.updated')!.data).toMatchObject({ loca_id: 'WS03' });
    expect(bodies.find((body) => body.type === 'validation.failed')!.data).toMatchObject({
      import_id: refused.id,
      file_name: 'Wigan Depot.ags',
      errors: expect.any(Number) as number,
      rules: expect.arrayContaining(['AGS Format Rule 10b']) as string[],
    });
    // A version restored from the record page is a change too.
    const ws03 = bodies.find((body) => body.type === 'borehole.updated')!.data.borehole_id as string;
    const restored = await api.call(`/api/boreholes/${ws03}/versions/1/restore`, { as: montreal.email, body: {} });
    expect(restored.status).toBe(201);
    await worker.runOnce();
    expect(verified(receiver.at('/changes'), secret).at(-1)).toMatchObject({
      type: 'borehole.updated',
      data: { borehole_id: ws03, loca_id: 'WS03', tenant: 'montreal', version: 3, restored_from: 1 },
    });
  });

  it('writes an event only with the action: a transaction rolled back leaves none', async () => {
    await subscribe('/exports', ['export.ready']);
    const count = async () =>
      (await api.db.query<{ n: number }>('SELECT count(*)::int AS n FROM webhook_events'))[0]!.n;
    const before = await count();
    await expect(
      api.db.transaction(async (tx) => {
        await emitEvent(tx, 'montreal', 'export.ready', { exportId: 'exp_X' });
        throw new Error('annulé');
      }),
    ).rejects.toThrow('annulé');
    expect(await count()).toBe(before);
    // Nobody listens to export.ready in Sainte-Julie: nothing is written.
    await api.db.transaction((tx) => emitEvent(tx, 'stjulie', 'export.ready', { exportId: 'exp_Y' }));
    expect(await count()).toBe(before);
    await api.db.transaction((tx) => emitEvent(tx, 'montreal', 'export.ready', { exportId: 'exp_Z' }));
    expect(await count()).toBe(before + 1);
    await worker.runOnce();
    expect(receiver.at('/exports').map((request) => (JSON.parse(request.body) as Body).data)).toEqual([
      { exportId: 'exp_Z' },
    ]);
  });

  it('retries a failed delivery on the schedule, with the same id, recording every attempt', async () => {
    const { secret, item } = await subscribe('/flaky', ['export.ready']);
    receiver.script('/flaky', [500, 200]);
    const test = await api.call(`/api/webhooks/${item.id}/test`, { as: admin.email, body: {} });
    expect(test.status).toBe(202);
    const { eventId } = (await test.json()) as { eventId: string };
    await worker.runOnce();
    const [first] = await deliveries(item.id);
    expect(first).toMatchObject({ eventId, type: 'webhook.test', status: 'pending', attempts: 1, lastStatusCode: 500 });
    // The next attempt comes 5 s later, not before.
    const wait = Date.parse(first!.nextAttemptAt!) - Date.now();
    expect(wait).toBeGreaterThan(2_000);
    expect(wait).toBeLessThanOrEqual(6_000);
    expect(await worker.runOnce()).toBe(0);
    // Time passes.
    await api.db.query(
      `UPDATE webhook_deliveries SET next_attempt_at = now() - interval '1 second' WHERE event_id = $1`,
      [eventId],
    );
    expect(await worker.runOnce()).toBe(1);
    const [second] = await deliveries(item.id);
    expect(second).toMatchObject({ status: 'delivered', attempts: 2, lastStatusCode: 200, nextAttemptAt: null });
    expect(second!.attemptList.map((attempt) => attempt.statusCode)).toEqual([500, 200]);
    expect(second!.attemptList.every((attempt) => attempt.durationMs >= 0 && attempt.at)).toBe(true);
    const requests = receiver.at('/flaky');
    expect(requests.map((request) => request.headers['webhook-id'])).toEqual([eventId, eventId]);
    expect(requests[0]!.body).toBe(requests[1]!.body);
    expect(verified(requests, secret)[0]).toMatchObject({ type: 'webhook.test', data: { webhook_id: item.id } });
  });

  it('abandons a delivery after the last wait of its schedule', async () => {
    const { item } = await subscribe('/down', ['export.ready']);
    receiver.script('/down', [500, 503, 200]);
    const quick = startWebhookWorker(
      api.db,
      { signingKey, webhookAllowLoopback: true, webhookPollMs: 1000 },
      { loop: false, retryDelaysMs: [0] },
    );
    await api.call(`/api/webhooks/${item.id}/test`, { as: admin.email, body: {} });
    await quick.runOnce();
    await quick.stop();
    const [abandoned] = await deliveries(item.id);
    expect(abandoned).toMatchObject({ status: 'failed', attempts: 2, lastStatusCode: 503 });
    expect(receiver.at('/down')).toHaveLength(2);
  });

  it('disables a subscription whose receiver answers 410 Gone', async () => {
    const { item } = await subscribe('/gone', ['export.ready']);
    receiver.script('/gone', [410]);
    await api.db.transaction(async (tx) => {
      await emitEvent(tx, 'montreal', 'export.ready', { exportId: 'exp_1' });
      await emitEvent(tx, 'montreal', 'export.ready', { exportId: 'exp_2' });
    });
    // Sent one at a time here, so that the second is still waiting when the first gets its 410.
    await api.db.query(
      `UPDATE webhook_deliveries SET next_attempt_at = now() + interval '1 hour'
       WHERE subscription_id = $1 AND event_id IN (SELECT id FROM webhook_events WHERE body LIKE '%exp_2%')`,
      [item.id],
    );
    await worker.runOnce();
    const listed = (await (await api.call('/api/webhooks?tenant=montreal', { as: admin.email })).json()) as {
      items: WebhookView[];
    };
    expect(listed.items.find((webhook) => webhook.id === item.id)).toMatchObject({
      disabledAt: expect.any(String) as string,
      disabledReason: expect.stringContaining('410') as string,
    });
    expect((await deliveries(item.id)).map((delivery) => delivery.status)).toEqual(['failed', 'failed']);
    expect(receiver.at('/gone')).toHaveLength(1);
    // Nothing more for it: no new delivery, no test.
    await api.db.transaction((tx) => emitEvent(tx, 'montreal', 'export.ready', { exportId: 'exp_3' }));
    expect(await deliveries(item.id)).toHaveLength(2);
    const test = await api.call(`/api/webhooks/${item.id}/test`, { as: admin.email, body: {} });
    expect(test.status).toBe(409);
    await worker.runOnce();
  });

  it('takes up a delivery whose worker died once its lease has expired, not before', async () => {
    const { item } = await subscribe('/lease', ['export.ready']);
    await api.call(`/api/webhooks/${item.id}/test`, { as: admin.email, body: {} });
    // Claimed by a process that was then killed: its lease runs a minute more.
    await api.db.query(
      `UPDATE webhook_deliveries SET locked_until = now() + interval '1 minute' WHERE subscription_id = $1`,
      [item.id],
    );
    expect(await worker.runOnce()).toBe(0);
    await api.db.query(
      `UPDATE webhook_deliveries SET locked_until = now() - interval '1 second' WHERE subscription_id = $1`,
      [item.id],
    );
    expect(await worker.runOnce()).toBe(1);
    expect(receiver.at('/lease')).toHaveLength(1);
  });

  it('checks the address again at each delivery, a literal address or the addresses a name resolves to', async () => {
    const literal = (await subscribe('/checked', ['export.ready'])).item;
    const created = await api.call('/api/webhooks', {
      as: admin.email,
      body: {
        tenantSlug: 'stjulie',
        url: `${receiver.origin.replace('127.0.0.1', 'localhost')}/named`,
        events: ['export.ready'],
      },
    });
    const named = ((await created.json()) as { item: WebhookView }).item;
    expect(named.url).toContain('//localhost:');
    const strict = startWebhookWorker(
      api.db,
      { signingKey, webhookAllowLoopback: false, webhookPollMs: 1000 },
      { loop: false },
    );
    for (const webhook of [literal, named]) {
      await api.call(`/api/webhooks/${webhook.id}/test`, { as: admin.email, body: {} });
    }
    await strict.runOnce();
    await strict.stop();
    for (const webhook of [literal, named]) {
      const [refused] = await deliveries(webhook.id);
      expect(refused).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: null });
      expect(refused!.lastError).toContain('privée, locale ou réservée');
    }
    expect(receiver.at('/checked')).toHaveLength(0);
    expect(receiver.at('/named')).toHaveLength(0);
    // Allowed again (the tests' setting), the name's delivery goes through.
    await api.db.query(`UPDATE webhook_deliveries SET next_attempt_at = now() WHERE subscription_id = $1`, [named.id]);
    await worker.runOnce();
    expect(receiver.at('/named')).toHaveLength(1);
  });

  it('refuses private, loopback and plain-http addresses with a French 400 when loopback is not allowed', async () => {
    const strictApi = await createTestApp();
    try {
      for (const url of [
        'http://exemple.ca/webhooks',
        'https://127.0.0.1/webhooks',
        'https://10.0.0.1/webhooks',
        'https://169.254.169.254/latest/meta-data/',
        'https://[::1]/webhooks',
        'https://localhost/webhooks',
      ]) {
        const response = await strictApi.call('/api/webhooks', {
          as: admin.email,
          body: { tenantSlug: 'montreal', url, events: ['dataset.ingested'] },
        });
        expect(response.status, url).toBe(400);
        expect(((await response.json()) as { error: string }).error, url).toMatch(
          /^(Un webhook doit viser une adresse https|L’adresse .* est privée, locale ou réservée)/,
        );
      }
      const [row] = await strictApi.db.query<{ n: number }>('SELECT count(*)::int AS n FROM webhook_subscriptions');
      expect(row!.n).toBe(0);
    } finally {
      await strictApi.close();
    }
  });

  it('validates what it is sent, in French', async () => {
    for (const [body, message] of [
      [{ tenantSlug: 'montreal', url: `${receiver.origin}/x`, events: [] }, 'Choisissez au moins un événement'],
      [{ tenantSlug: 'montreal', url: `${receiver.origin}/x`, events: ['forage.vole'] }, 'Événement inconnu'],
      [{ tenantSlug: 'laval', url: `${receiver.origin}/x`, events: ['export.ready'] }, 'Organisation inconnue.'],
      [{ tenantSlug: 'montreal', url: '', events: ['export.ready'] }, 'Indiquez l’adresse'],
      [{ tenantSlug: 'montreal', url: 'https://moi:mdp@exemple.ca/', events: ['export.ready'] }, 'identifiant'],
    ] as const) {
      const response = await api.call('/api/webhooks', { as: admin.email, body });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toContain(message);
    }
  });

  it('is for administrators: a member or a viewer gets 403, a visitor 401', async () => {
    const { item } = await subscribe('/private', ['export.ready']);
    for (const email of [montreal.email, stjulie.email]) {
      expect((await api.call('/api/webhooks', { as: email })).status).toBe(403);
      const created = await api.call('/api/webhooks', {
        as: email,
        body: { tenantSlug: 'montreal', url: `${receiver.origin}/x`, events: ['export.ready'] },
      });
      expect(created.status).toBe(403);
      expect(((await created.json()) as { error: string }).error).toBe(
        'Cette action est réservée aux administrateurs.',
      );
      expect((await api.call(`/api/webhooks/${item.id}`, { as: email, method: 'DELETE' })).status).toBe(403);
      expect((await api.call(`/api/webhooks/${item.id}/test`, { as: email, body: {} })).status).toBe(403);
      expect((await api.call(`/api/webhooks/${item.id}/deliveries`, { as: email })).status).toBe(403);
    }
    expect((await api.call('/api/webhooks')).status).toBe(401);
  });

  it('deletes a subscription with its deliveries, recording who did in the journal', async () => {
    const { item } = await subscribe('/bye', ['export.ready']);
    await api.call(`/api/webhooks/${item.id}/test`, { as: admin.email, body: {} });
    const removed = await api.call(`/api/webhooks/${item.id}`, { as: admin.email, method: 'DELETE' });
    expect(removed.status).toBe(200);
    expect((await api.call(`/api/webhooks/${item.id}`, { as: admin.email, method: 'DELETE' })).status).toBe(404);
    expect((await api.call(`/api/webhooks/${item.id}/deliveries`, { as: admin.email })).status).toBe(404);
    expect((await api.call('/api/webhooks/pas-un-id/test', { as: admin.email, body: {} })).status).toBe(404);
    const [left] = await api.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM webhook_deliveries WHERE subscription_id = $1',
      [item.id],
    );
    expect(left!.n).toBe(0);
    await worker.runOnce();
    expect(receiver.at('/bye')).toHaveLength(0);
    const journal = await api.db.query<{ action: string; email: string; target: string }>(
      `SELECT action, email, target FROM audit_events WHERE action LIKE 'webhook.%' AND target = $1 ORDER BY id`,
      [`${receiver.origin}/bye`],
    );
    expect(journal).toEqual([
      { action: 'webhook.create', email: admin.email, target: `${receiver.origin}/bye` },
      { action: 'webhook.delete', email: admin.email, target: `${receiver.origin}/bye` },
    ]);
  });

  it('announces an export ordered through the API, once it is ready', async () => {
    const { secret } = await subscribe('/ordered', ['export.ready']);
    const made = await api.call('/api/tokens', {
      as: montreal.email,
      body: { name: 'Exports', scopes: ['read:exports', 'write:exports'] },
    });
    const { token } = (await made.json()) as { token: string };
    const v1 = (path: string, init: RequestInit = {}) =>
      api.app.request(`http://localhost${path}`, {
        ...init,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      });
    const ordered = (await (
      await v1('/v1/exports/geopackage', { method: 'POST', body: JSON.stringify({ filter: { purpose: 'geotech' } }) })
    ).json()) as { id: string };
    const settings = { files: fileStore(dir), publicOrigin: 'http://localhost', signingKey };
    const exports = startExportWorker(api.db, settings, announceExport, { loop: false });
    expect(await exports.runOnce()).toBe(1);
    await exports.stop();
    await worker.runOnce();
    expect(receiver.at('/ordered')).toHaveLength(1);
    const [event] = verified(receiver.at('/ordered'), secret);
    const ready = (await (await v1(`/v1/exports/${ordered.id}`)).json()) as Record<string, unknown>;
    expect(ready.status).toBe('ready');
    expect(event).toMatchObject({
      type: 'export.ready',
      data: {
        export_id: ordered.id,
        format: 'geopackage',
        boreholes: ready.boreholes,
        size_bytes: ready.size_bytes,
        expires_at: ready.expires_at,
      },
    });
  });
});
