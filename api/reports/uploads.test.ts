import fc from 'fast-check';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, SESSION_COOKIE } from '../auth/sessions.ts';
import type { Database } from '../db/database.ts';
import { corePhotoPng } from '../db/seed/sample-files.ts';
import { DEMO_ACCOUNTS } from '../db/seed/seed.ts';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { testDatabaseKind } from '../../tests/support/test-database.ts';
import { fileStore } from '../files/file-store.ts';

const [admin, montreal, stjulie] = DEMO_ACCOUNTS;
const KEY = Buffer.from('une-clé-de-test-assez-longue-pour-signer-les-liens');
const SAME_ORIGIN = { origin: 'http://localhost', host: 'localhost' };
const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
const PNG = corePhotoPng({ id: 'T', horizons: [] } as never);
const LIMIT = 64 * 1024;

interface Answer {
  error?: string;
  items?: { id: string; bhId: string; title: string; kind: string; size: number; status: string; href: string }[];
  notices?: string[];
}

/** Every file under a folder, recursively: what the store holds on disk. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

describe(`uploads of reports and logs on ${testDatabaseKind}`, () => {
  let db: Database;
  let dir: string;
  let app: TestApp['app'];
  let cookies = new Map<string, string>();

  const form = (...files: [string, Uint8Array, string?][]) => {
    const body = new FormData();
    for (const [name, bytes, field = 'file'] of files) body.append(field, new Blob([bytes as BlobPart]), name);
    return body;
  };
  const upload = async (
    borehole: string,
    email: string | null,
    body: BodyInit,
    headers: Record<string, string> = {},
  ) => {
    const response = await app.request(`/api/reports?borehole=${encodeURIComponent(borehole)}`, {
      method: 'POST',
      headers: { ...SAME_ORIGIN, ...(email ? { cookie: cookies.get(email)! } : {}), ...headers },
      body,
    });
    return { status: response.status, body: (await response.json()) as Answer };
  };
  /** What must not change when an upload is refused: the rows and the files on disk. */
  const storage = async () => ({
    rows: (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM reports'))[0]!.n,
    files: (await filesUnder(dir)).length,
  });

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'geosonde-uploads-'));
    ({ db, app, cookies } = await createTestApp({
      settings: { files: fileStore(dir), signingKey: KEY, uploadMaxBytes: LIMIT },
    }));
    const [viewer] = await db.query<{ id: string }>(
      `INSERT INTO users (email, password_hash, display_name, role, tenant_slug)
       VALUES ('lecteur@montreal.ca', 'x', 'Lecteur', 'viewer', 'montreal') RETURNING id`,
    );
    const token = await createSession(db, viewer!.id, { idleMinutes: 30, absoluteHours: 12 });
    cookies.set('lecteur@montreal.ca', `${SESSION_COOKIE}=${token}`);
  });
  afterAll(async () => {
    await db.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps the files, lists them as processing and serves them through their signed link', async () => {
    const before = await storage();
    const answer = await upload(
      'MTL-BH-01',
      montreal.email,
      form(['../../etc/Journal_de forage\t final.pdf', PDF], ['photo carotte.PNG', PNG]),
    );
    expect(answer.status).toBe(201);
    const items = answer.body.items!;
    const byTitle = [...items].sort((a, b) => a.title.localeCompare(b.title, 'fr'));
    expect(byTitle.map(({ bhId, title, kind, size, status }) => ({ bhId, title, kind, size, status }))).toEqual([
      { bhId: 'MTL-BH-01', title: 'Journal de forage final', kind: 'pdf', size: PDF.length, status: 'processing' },
      { bhId: 'MTL-BH-01', title: 'photo carotte', kind: 'image', size: PNG.length, status: 'processing' },
    ]);
    expect(await storage()).toEqual({ rows: before.rows + 2, files: before.files + 2 });
    const names = await filesUnder(dir);
    expect(names.every((name) => /[0-9a-f]{2}\/[0-9a-f]{32}$/.test(name))).toBe(true);

    const library = (await (
      await app.request('/api/reports?ids=MTL-BH-01', { headers: { cookie: cookies.get(montreal.email)! } })
    ).json()) as Answer;
    expect(
      library
        .items!.filter((item) => item.status === 'processing')
        .map((item) => item.id)
        .sort(),
    ).toEqual(items.map((item) => item.id).sort());
    const pdf = items.find((item) => item.kind === 'pdf')!;
    const file = await app.request(pdf.href, { headers: { cookie: cookies.get(admin.email)! } });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PDF);
    const other = await app.request(pdf.href, { headers: { cookie: cookies.get(stjulie.email)! } });
    expect(other.status).toBe(404);
  });

  it('does not keep the same file twice on one borehole, and says which document holds it', async () => {
    const bytes = new Uint8Array([...PDF, ...new TextEncoder().encode(' exemplaire unique')]);
    const first = await upload('MTL-BH-04', montreal.email, form(['rapport.pdf', bytes]));
    expect(first.status).toBe(201);
    const before = await storage();
    const again = await upload('MTL-BH-04', montreal.email, form(['rapport (copie).pdf', bytes]));
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(
      '« rapport (copie).pdf » est déjà joint à MTL-BH-04 (« rapport ») : il n’est pas ajouté une seconde fois.',
    );
    expect(await storage()).toEqual(before);
    // With another file: that one is kept, the copy is named in the notices.
    const mixed = await upload('MTL-BH-04', montreal.email, form(['copie.pdf', bytes], ['photo.png', PNG]));
    expect(mixed.status).toBe(201);
    expect(mixed.body.items!.map((item) => item.title)).toEqual(['photo']);
    expect(mixed.body.notices).toEqual([
      '« copie.pdf » est déjà joint à MTL-BH-04 (« rapport ») : il n’est pas ajouté une seconde fois.',
    ]);
    expect(await storage()).toEqual({ rows: before.rows + 1, files: before.files + 1 });
    // Another borehole may hold the same file.
    expect((await upload('MTL-BH-05', montreal.email, form(['rapport.pdf', bytes]))).status).toBe(201);
  });

  it('accepts a file of exactly the size limit and refuses one byte more', async () => {
    const exact = new Uint8Array(LIMIT).fill(0x20);
    exact.set(PDF);
    const accepted = await upload('MTL-BH-01', montreal.email, form(['exact.pdf', exact]));
    expect(accepted.status).toBe(201);
    expect(accepted.body.items![0]!.size).toBe(LIMIT);
    const before = await storage();
    const over = await upload('MTL-BH-01', montreal.email, form(['plus.pdf', new Uint8Array([...exact, 0x20])]));
    expect(over.status).toBe(413);
    expect(await storage()).toEqual(before);
  });

  it('writes a new file under a temporary name, renamed once its row is committed', async () => {
    const staged: string[] = [];
    const store = fileStore(dir);
    const watched = await createTestApp({
      settings: {
        signingKey: KEY,
        uploadMaxBytes: LIMIT,
        files: {
          ...store,
          async commit(key) {
            // At this point the row exists and the file is still staged.
            staged.push(...(await filesUnder(dir)).filter((name) => name.endsWith(`${key}.part`)));
            const [row] = await watched.db.query('SELECT id FROM reports WHERE storage_key = $1', [key]);
            expect(row).toBeDefined();
            await store.commit(key);
          },
        },
      },
    });
    try {
      const response = await watched.call('/api/reports?borehole=MTL-BH-01', {
        as: montreal.email,
        body: form(['journal.pdf', PDF]),
      });
      expect(response.status).toBe(201);
      expect(staged).toHaveLength(1);
      expect((await filesUnder(dir)).filter((name) => name.endsWith('.part'))).toEqual([]);
    } finally {
      await watched.close();
    }
  });

  it('answers 507 with a French sentence when the disk is full, and keeps nothing', async () => {
    // A store whose disk is full for real: the kernel's /dev/full answers every write with ENOSPC.
    const store = fileStore(dir);
    const full = await createTestApp({
      settings: {
        signingKey: KEY,
        uploadMaxBytes: LIMIT,
        files: {
          ...store,
          async stage(source) {
            await pipeline(Readable.from(source), createWriteStream('/dev/full'));
            throw new Error('unreachable');
          },
        },
      },
    });
    try {
      const before = await storage();
      const rowsBefore = await full.db.query('SELECT id FROM reports');
      const response = await full.call('/api/reports?borehole=MTL-BH-01', {
        as: montreal.email,
        body: form(['journal.pdf', PDF]),
      });
      expect(response.status).toBe(507);
      expect(await response.json()).toEqual({
        error:
          'Espace disque insuffisant sur le serveur : rien n’a été enregistré. Réessayez plus tard ou prévenez l’administrateur.',
      });
      expect(await full.db.query('SELECT id FROM reports')).toEqual(rowsBefore);
      expect(await storage()).toEqual(before);
    } finally {
      await full.close();
    }
  });

  it('recognises a document by its content, not its name', async () => {
    const answer = await upload('MTL-BH-02', admin.email, form(['scan signé été.pdf', PNG]));
    expect(answer.status).toBe(201);
    expect(answer.body.items![0]).toMatchObject({ kind: 'image', title: 'scan signé été' });
  });

  const refusals: [string, () => Promise<{ status: number; body: Answer }>, number, RegExp][] = [
    ['no session', () => upload('MTL-BH-01', null, form(['a.pdf', PDF])), 401, /Connectez-vous/],
    [
      'a read-only account',
      () => upload('MTL-BH-01', 'lecteur@montreal.ca', form(['a.pdf', PDF])),
      403,
      /lecture seule/,
    ],
    ['another tenant’s borehole', () => upload('SJ-BH-01', montreal.email, form(['a.pdf', PDF])), 404, /introuvable/],
    ['an unknown borehole', () => upload('XX-1', admin.email, form(['a.pdf', PDF])), 404, /introuvable/],
    ['no borehole', () => upload('', admin.email, form(['a.pdf', PDF])), 400, /Indiquez le forage/],
    [
      'a text file named .pdf',
      () => upload('MTL-BH-01', montreal.email, form(['a.pdf', new TextEncoder().encode('bonjour tout le monde')])),
      415,
      /ni un PDF/,
    ],
    [
      'a large text file named .pdf, then a good one',
      () =>
        upload(
          'MTL-BH-01',
          montreal.email,
          form(['long.pdf', new Uint8Array(LIMIT - 10).fill(0x20)], ['bon.pdf', PDF]),
        ),
      415,
      /long\.pdf/,
    ],
    [
      'an empty file',
      () => upload('MTL-BH-01', montreal.email, form(['vide.pdf', new Uint8Array(0)])),
      400,
      /est vide/,
    ],
    [
      'a file over the limit',
      () => upload('MTL-BH-01', montreal.email, form(['gros.pdf', new Uint8Array([...PDF, ...new Uint8Array(LIMIT)])])),
      413,
      /taille maximale de 0,1 Mo/,
    ],
    [
      'a good file then a bad one',
      () =>
        upload(
          'MTL-BH-01',
          montreal.email,
          form(['bon.pdf', PDF], ['mauvais.png', new TextEncoder().encode('GIF89a........')]),
        ),
      415,
      /mauvais\.png/,
    ],
    [
      'a file in another field',
      () => upload('MTL-BH-01', montreal.email, form(['a.pdf', PDF, 'document'])),
      400,
      /Champ inattendu/,
    ],
    ['no file at all', () => upload('MTL-BH-01', montreal.email, new FormData()), 400, /Aucun fichier/],
    [
      'JSON instead of multipart',
      () => upload('MTL-BH-01', montreal.email, '{}', { 'content-type': 'application/json' }),
      415,
      /multipart/,
    ],
    [
      'a multipart body cut short',
      () =>
        upload(
          'MTL-BH-01',
          montreal.email,
          '--b\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4 tronqué',
          { 'content-type': 'multipart/form-data; boundary=b' },
        ),
      400,
      /mal formé/,
    ],
    [
      'a cross-site form',
      () => upload('MTL-BH-01', montreal.email, form(['a.pdf', PDF]), { origin: 'https://ailleurs.example' }),
      403,
      /ne vient pas de GéoSonde/,
    ],
  ];
  for (const [what, send, status, message] of refusals) {
    it(`refuses ${what} with ${status}, a French message, and no trace`, async () => {
      const before = await storage();
      const answer = await send();
      expect(answer.status).toBe(status);
      expect(answer.body.error).toMatch(message);
      expect(await storage()).toEqual(before);
    });
  }

  it('answers 1,000 malformed uploads with a 4xx, never a 5xx, and keeps storage unchanged', async () => {
    const before = await storage();
    const part = fc.record({
      header: fc.oneof(
        fc.constant('Content-Disposition: form-data; name="file"; filename="x.pdf"'),
        fc.constant('Content-Disposition: form-data; name="file"'),
        fc.constant('Content-Disposition: form-data; name="borehole"'),
        fc.string({ maxLength: 80 }),
      ),
      body: fc.oneof(
        fc.uint8Array({ maxLength: 300 }),
        fc.string({ maxLength: 200 }).map((s) => new TextEncoder().encode(s)),
      ),
    });
    const request = fc.record({
      boundary: fc.oneof(fc.constant('b0und'), fc.string({ minLength: 0, maxLength: 90 })),
      declared: fc.oneof(
        fc.constant('multipart/form-data; boundary='),
        fc.constant('multipart/form-data'),
        fc.string({ maxLength: 40 }),
      ),
      parts: fc.array(part, { maxLength: 4 }),
      tail: fc.oneof(fc.constant('--\r\n'), fc.constant(''), fc.string({ maxLength: 10 })),
      borehole: fc.oneof(fc.constant('MTL-BH-01'), fc.string({ maxLength: 70 })),
    });
    const encoder = new TextEncoder();
    await fc.assert(
      fc.asyncProperty(request, async ({ boundary, declared, parts, tail, borehole }) => {
        const chunks: Uint8Array[] = [];
        for (const p of parts) {
          chunks.push(encoder.encode(`--${boundary}\r\n${p.header}\r\n\r\n`), p.body, encoder.encode('\r\n'));
        }
        chunks.push(encoder.encode(`--${boundary}${tail}`));
        const body = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
        chunks.reduce((offset, c) => (body.set(c, offset), offset + c.length), 0);
        const contentType = declared.endsWith('=') ? `${declared}${boundary}` : declared;
        let status: number;
        try {
          ({ status } = await upload(borehole, montreal.email, body, { 'content-type': contentType }));
        } catch (error) {
          // A content type that HTTP itself refuses never reaches the server.
          if (error instanceof TypeError) return;
          throw error;
        }
        expect(status).toBeGreaterThanOrEqual(400);
        expect(status).toBeLessThan(500);
      }),
      { numRuns: 1000 },
    );
    expect(await storage()).toEqual(before);
  }, 120_000);
});
