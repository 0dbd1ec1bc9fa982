import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAudit } from '../audit/repo.ts';
import { finishFileRemovals } from './repo.ts';
import { corePhotoPng } from '../db/seed/sample-files.ts';
import { DEMO_ACCOUNTS } from '../db/seed/seed.ts';
import { fileStore, type FileStore } from '../files/file-store.ts';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { testDatabaseKind } from '../../tests/support/test-database.ts';

const [admin, montreal, stjulie] = DEMO_ACCOUNTS;
const COLLEAGUE = 'collegue@montreal.ca';
const VIEWER = 'lecteur@montreal.ca';
const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
const PNG = corePhotoPng({ id: 'R', horizons: [] } as never);

interface Item {
  id: string;
  bhId: string;
  title: string;
  kind: string;
  size: number;
  status: string;
  href: string;
  canChange: boolean;
}

/** Every file the store holds on disk. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

describe(`replacing and deleting documents on ${testDatabaseKind}`, () => {
  let t: TestApp;
  let dir: string;
  let files: FileStore;

  const form = (...parts: [string, Uint8Array][]) => {
    const body = new FormData();
    for (const [name, bytes] of parts) body.append('file', new Blob([bytes as BlobPart]), name);
    return body;
  };
  const upload = async (borehole: string, as: string, name: string, bytes: Uint8Array) => {
    const response = await t.call(`/api/reports?borehole=${borehole}`, { as, body: form([name, bytes]) });
    expect(response.status).toBe(201);
    return ((await response.json()) as { items: Item[] }).items[0]!;
  };
  const library = async (as: string, ids: string) =>
    ((await (await t.call(`/api/reports?ids=${ids}`, { as })).json()) as { items: Item[] }).items;
  const remove = (id: string, as?: string) =>
    t.call(`/api/reports/${encodeURIComponent(id)}`, { as, method: 'DELETE' });
  const replace = (id: string, as: string, body: FormData) =>
    t.call(`/api/reports/${encodeURIComponent(id)}/file`, { as, method: 'PUT', body });
  /** What a refused change must leave as it was: the rows, the files and the audit. */
  const storage = async () => ({
    rows: await t.db.query('SELECT id, storage_key, sha256, status FROM reports ORDER BY id'),
    files: (await filesUnder(dir)).sort(),
    audit: (await listAudit(t.db, { tenantSlug: null, limit: 1000 })).length,
  });

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'geosonde-changes-'));
    files = fileStore(dir);
    t = await createTestApp({ settings: { files, uploadMaxBytes: 64 * 1024 } });
    for (const [email, role] of [
      [COLLEAGUE, 'member'],
      [VIEWER, 'viewer'],
    ] as const) {
      await t.addAccount(email, role, 'Collègue');
    }
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('lets who added a document, or an administrator, change it; nobody else', async () => {
    const document = await upload('MTL-BH-03', montreal.email, 'journal.pdf', PDF);
    expect(document.canChange).toBe(true);
    expect((await library(COLLEAGUE, 'MTL-BH-03')).find((item) => item.id === document.id)!.canChange).toBe(false);
    expect((await library(admin.email, 'MTL-BH-03')).every((item) => item.canChange)).toBe(true);
    // Seeded documents have no uploader: only an administrator may change them.
    expect((await library(montreal.email, 'MTL-BH-03')).filter((item) => item.canChange)).toHaveLength(1);

    const before = await storage();
    const refusals: [Response, number, string][] = [
      [await remove(document.id), 401, 'Connectez-vous pour continuer.'],
      [
        await remove(document.id, COLLEAGUE),
        403,
        'Vous ne pouvez remplacer ou supprimer que les documents que vous avez ajoutés.',
      ],
      [
        await remove(document.id, VIEWER),
        403,
        'Votre compte est en lecture seule : il ne peut pas modifier de documents.',
      ],
      [await remove(document.id, stjulie.email), 404, `Document ${document.id} introuvable dans votre organisation.`],
      [await remove('x'.repeat(81), montreal.email), 400, 'Identifiant de document invalide.'],
      [
        await replace(document.id, COLLEAGUE, form(['autre.png', PNG])),
        403,
        'Vous ne pouvez remplacer ou supprimer que les documents que vous avez ajoutés.',
      ],
      [
        await replace(document.id, stjulie.email, form(['autre.png', PNG])),
        404,
        `Document ${document.id} introuvable dans votre organisation.`,
      ],
    ];
    for (const [response, status, error] of refusals) {
      expect(response.status).toBe(status);
      if (status !== 401) expect(((await response.json()) as { error: string }).error).toBe(error);
    }
    expect(await storage()).toEqual(before);
  });

  it('replaces the file: same document, new bytes served, old file gone, recorded', async () => {
    const document = await upload('MTL-BH-05', montreal.email, 'coupe.pdf', PDF);
    const [row] = await t.db.query<{ key: string }>('SELECT storage_key AS key FROM reports WHERE id = $1', [
      document.id,
    ]);
    const oldKey = row!.key;
    const response = await replace(document.id, montreal.email, form(['coupe corrigée.png', PNG]));
    expect(response.status).toBe(200);
    const [item] = ((await response.json()) as { items: Item[] }).items;
    expect(item).toMatchObject({
      id: document.id,
      title: 'coupe',
      kind: 'image',
      size: PNG.length,
      status: 'processing',
    });
    const served = await t.call(item!.href, { as: montreal.email });
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(PNG))).toBe(true);
    expect(await filesUnder(dir)).not.toContain(oldKey);
    expect(await t.db.query('SELECT * FROM file_removals')).toEqual([]);
    const [event] = await listAudit(t.db, { tenantSlug: 'montreal', actions: ['document.replace'], limit: 1 });
    expect(event).toMatchObject({
      email: montreal.email,
      target: document.id,
      detail: {
        borehole: 'MTL-BH-05',
        before: { size: PDF.length },
        after: { size: PNG.length, name: 'coupe corrigée.png' },
      },
    });
  });

  it('refuses a replacement that is the same file, several files or an unknown type, changing nothing', async () => {
    const document = await upload('MTL-BH-06', montreal.email, 'plan.pdf', PDF);
    const before = await storage();
    const cases: [FormData, number, string][] = [
      [
        form(['plan encore.pdf', PDF]),
        409,
        '« plan encore.pdf » est identique au fichier actuel de ce document : rien n’est remplacé.',
      ],
      [
        form(['a.png', PNG], ['b.pdf', new Uint8Array([...PDF, 32])]),
        400,
        'Envoyez un seul fichier pour remplacer un document.',
      ],
      [form(['notes.txt', new TextEncoder().encode('du texte')]), 415, ''],
    ];
    for (const [body, status, error] of cases) {
      const response = await replace(document.id, montreal.email, body);
      expect(response.status).toBe(status);
      const answer = (await response.json()) as { error: string };
      if (error) expect(answer.error).toBe(error);
      else expect(answer.error).toMatch(/PDF|PNG|JPEG|TIFF/);
      expect(await storage()).toEqual(before);
    }
  });

  it('deletes the document and its file together, and records it', async () => {
    const document = await upload('MTL-BH-07', montreal.email, 'photo.png', PNG);
    const filesBefore = (await filesUnder(dir)).length;
    const response = await remove(document.id, montreal.email);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ deleted: document.id });
    expect(await library(montreal.email, 'MTL-BH-07')).not.toContainEqual(expect.objectContaining({ id: document.id }));
    expect((await filesUnder(dir)).length).toBe(filesBefore - 1);
    expect((await t.call(document.href, { as: montreal.email })).status).toBe(404);
    const [event] = await listAudit(t.db, { tenantSlug: 'montreal', actions: ['document.delete'], limit: 1 });
    expect(event).toMatchObject({
      email: montreal.email,
      target: document.id,
      detail: { title: 'photo', size: PNG.length },
    });
    expect((await remove(document.id, montreal.email)).status).toBe(404);
    // An administrator may delete a document nobody uploaded here.
    const seeded = (await library(admin.email, 'MTL-BH-01'))[0]!;
    expect((await remove(seeded.id, admin.email)).status).toBe(200);
  });

  it('finishes at start the removals a crash interrupted after their change committed', async () => {
    const key = await files.put(new Uint8Array([1, 2, 3]));
    await t.db.query('INSERT INTO file_removals (storage_key) VALUES ($1)', [key]);
    expect(await filesUnder(dir)).toContain(key);
    expect(await finishFileRemovals(t.db, files)).toBe(1);
    expect(await filesUnder(dir)).not.toContain(key);
    expect(await t.db.query('SELECT * FROM file_removals')).toEqual([]);
  });
});
