// The crash test (`npm run test:crash`): the real server on the embedded database, writes sent
// without pause (invitations, registrations, uploads, replacements and deletions of documents,
// imports), then `kill -9` at a random moment once every kind of write has been confirmed in the
// round, a restart, and a check that every write that answered 2xx is there and nothing partial is.
// Each account signs in once: its session, in the database, survives the kills.
// Usage: npm run test:crash [-- --rounds 20 --keep]
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { generatedAgs } from '../bench/generated-ags.ts';

const { values } = parseArgs({
  options: { rounds: { type: 'string', default: '20' }, keep: { type: 'boolean', default: false } },
});
const ROUNDS = Number(values.rounds);
const PORT = 4700 + randomInt(200);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const dataDir = await mkdtemp(join(tmpdir(), 'geosonde-crash-'));

interface Account {
  email: string;
  password: string;
}
interface Upload {
  id: string;
  sha256: string;
}
interface Import {
  id: string;
  sha256: string;
  boreholes: number;
  committed: boolean;
}
const acknowledged = {
  invitations: [] as string[],
  accounts: [] as Account[],
  uploads: [] as Upload[],
  imports: [] as Import[],
};
const attempted = { invitations: 0, registrations: 0, uploads: 0, imports: 0, changes: 0 };
/**
 * The documents that are replaced then deleted, by id: the contents they may hold (the old one
 * too while a replacement has not answered) and whether they must, may or must not be gone.
 */
const changed = new Map<string, { contents: string[]; gone: 'no' | 'maybe' | 'yes' }>();
const confirmedChanges = { replaced: 0, deleted: 0 };
/** What the current round confirmed, by kind: the kill waits until each has at least one. */
const KINDS = [
  'invitations',
  'inscriptions',
  'envois',
  'remplacements',
  'suppressions',
  'imports vérifiés',
  'imports écrits',
] as const;
type Kind = (typeof KINDS)[number];
let roundConfirmed = new Map<Kind, number>();
const confirmed = (kind: Kind) => roundConfirmed.set(kind, (roundConfirmed.get(kind) ?? 0) + 1);
/** The session cookies of the administrator and the member, opened once after the first start. */
const sessions = { admin: '', member: '' };
/** Boreholes of every import found committed, by import (an import cut by the kill may be one). */
const committedImports = new Map<string, number>();

function startServer(): ChildProcess {
  const child = spawn(process.execPath, ['api/index.ts'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      TRUST_PROXY: '1',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  child.once('exit', (code, signal) => {
    if (signal !== 'SIGKILL' && code !== 0) console.error(`Le serveur s’est arrêté (code ${code}) :\n${errors}`);
  });
  return child;
}

const exited = (child: ChildProcess) =>
  new Promise((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.once('exit', resolve),
  );

/** Milliseconds from the spawn until /api/health answers 200 (fails after 60 s). */
async function untilReady(child: ChildProcess, started: number): Promise<number> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Le serveur ne redémarre pas (code ${child.exitCode}).`);
    try {
      if ((await fetch(`${ORIGIN}/api/health`)).ok) return performance.now() - started;
    } catch {
      // Not listening yet.
    }
    if (performance.now() - started > 60_000) throw new Error('Le serveur ne répond pas après 60 s.');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function call(path: string, init: RequestInit & { cookie?: string } = {}) {
  const headers = new Headers(init.headers);
  headers.set('origin', ORIGIN);
  if (init.cookie) headers.set('cookie', init.cookie);
  return fetch(`${ORIGIN}${path}`, { ...init, headers });
}

/** Signs in like a browser would, waiting when the server says it is busy (503, 429 + Retry-After). */
async function signIn(account: Account): Promise<string | null> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const response = await call('/api/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(account),
    });
    if (response.ok)
      return response.headers
        .getSetCookie()
        .map((cookie) => cookie.split(';')[0])
        .join('; ');
    if (response.status !== 503 && response.status !== 429) return null;
    const wait = Math.min(Number(response.headers.get('retry-after')) || 1, 5);
    await new Promise((resolve) => setTimeout(resolve, wait * 1000));
  }
  return null;
}

async function mustSignIn(account: Account): Promise<string> {
  const cookie = await signIn(account);
  if (!cookie) throw new Error(`Connexion impossible : ${account.email}`);
  return cookie;
}

const admin = { email: 'admin@geosonde.ca', password: 'GeoSonde-admin-1' };
const member = { email: 'geotech@montreal.ca', password: 'GeoSonde-montreal-1' };

/** Invites then registers accounts until `stop` says so; records what answered 2xx. */
async function registrations(round: number, writer: number, stop: () => boolean) {
  const cookie = sessions.admin;
  for (let n = 0; !stop(); n++) {
    const email = `r${round}-${writer}-${n}-${randomBytes(3).toString('hex')}@exemple.ca`;
    attempted.invitations++;
    const invited = await call('/api/invitations', {
      method: 'POST',
      cookie,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ tenantSlug: 'stjulie', role: 'member', email, days: 7 }),
    });
    if (invited.status !== 201) throw new Error(`Invitation : ${invited.status}`);
    const { token } = (await invited.json()) as { token: string };
    acknowledged.invitations.push(email);
    confirmed('invitations');
    const account = { email, password: `Mot-de-passe-${n}` };
    attempted.registrations++;
    // Registrations cut by a kill count as failed attempts of their address: each one its own.
    const registered = await call('/api/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.${round}.${writer}.${n & 255}` },
      body: JSON.stringify({ ...account, token }),
    });
    if (registered.status !== 201) throw new Error(`Inscription : ${registered.status}`);
    acknowledged.accounts.push(account);
    confirmed('inscriptions');
  }
}

/** Uploads PDF documents of 10 Ko to 4 Mo until `stop` says so; records what answered 201. */
async function uploads(stop: () => boolean) {
  const cookie = sessions.member;
  while (!stop()) {
    const bytes = new Uint8Array(randomInt(10_000, 4_000_000));
    bytes.set(randomBytes(bytes.length));
    bytes.set(new TextEncoder().encode('%PDF-1.4\n'));
    const form = new FormData();
    form.append('file', new Blob([bytes], { type: 'application/pdf' }), `journal-${bytes.length}.pdf`);
    attempted.uploads++;
    const response = await call('/api/reports?borehole=MTL-BH-01', { method: 'POST', cookie, body: form });
    if (response.status !== 201) throw new Error(`Envoi : ${response.status}`);
    const { items } = (await response.json()) as { items: { id: string }[] };
    acknowledged.uploads.push({ id: items[0]!.id, sha256: createHash('sha256').update(bytes).digest('hex') });
    confirmed('envois');
  }
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const pdfOf = (size: number): Uint8Array<ArrayBuffer> => {
  const bytes = new Uint8Array(size);
  bytes.set(randomBytes(size));
  bytes.set(new TextEncoder().encode('%PDF-1.4\n'));
  return bytes;
};

/**
 * Adds a document to MTL-BH-03, replaces its file, then deletes it, until `stop` says so;
 * records each step that answered.
 */
async function changes(stop: () => boolean) {
  const cookie = sessions.member;
  const send = (bytes: Uint8Array<ArrayBuffer>) => {
    const form = new FormData();
    form.append('file', new Blob([bytes], { type: 'application/pdf' }), `coupe-${bytes.length}.pdf`);
    return form;
  };
  while (!stop()) {
    const first = pdfOf(randomInt(10_000, 1_000_000));
    attempted.changes++;
    const added = await call('/api/reports?borehole=MTL-BH-03', { method: 'POST', cookie, body: send(first) });
    if (added.status !== 201) throw new Error(`Envoi : ${added.status}`);
    const { items } = (await added.json()) as { items: { id: string }[] };
    const id = items[0]!.id;
    const state = { contents: [sha256(first)], gone: 'no' as 'no' | 'maybe' | 'yes' };
    changed.set(id, state);
    const second = pdfOf(randomInt(10_000, 1_000_000));
    state.contents.push(sha256(second));
    attempted.changes++;
    const replaced = await call(`/api/reports/${id}/file`, { method: 'PUT', cookie, body: send(second) });
    if (replaced.status !== 200) throw new Error(`Remplacement : ${replaced.status}`);
    state.contents = [sha256(second)];
    confirmedChanges.replaced++;
    confirmed('remplacements');
    state.gone = 'maybe';
    attempted.changes++;
    const deleted = await call(`/api/reports/${id}`, { method: 'DELETE', cookie });
    if (deleted.status !== 200) throw new Error(`Suppression : ${deleted.status}`);
    state.gone = 'yes';
    confirmedChanges.deleted++;
    confirmed('suppressions');
  }
}

/** Replaced documents hold one of the contents they may; deleted ones are gone, the others not. */
async function verifyChanges(cookie: string) {
  const library = (await (await call('/api/reports?ids=MTL-BH-03', { cookie })).json()) as {
    items: { id: string; href: string | null }[];
  };
  const listed = new Map(library.items.map((item) => [item.id, item.href]));
  for (const [id, state] of changed) {
    const href = listed.get(id);
    if (state.gone === 'yes' && href !== undefined) throw new Error(`Document supprimé revenu : ${id}`);
    if (state.gone === 'no' && href === undefined) throw new Error(`Document perdu : ${id}`);
    if (href === undefined) continue;
    const response = await call(href!, { cookie });
    if (!response.ok) throw new Error(`Document illisible (${response.status}) : ${id}`);
    const digest = sha256(new Uint8Array(await response.arrayBuffer()));
    if (!state.contents.includes(digest)) throw new Error(`Document altéré : ${id}`);
  }
}

/**
 * Imports AGS files of 20 to 400 boreholes, each its own project, until `stop` says so: checked
 * (201: the file is kept), then committed (200: every borehole written).
 */
async function imports(round: number, stop: () => boolean) {
  const cookie = sessions.member;
  for (let n = 0; !stop(); n++) {
    const count = randomInt(20, 400);
    const bytes = new TextEncoder().encode(
      generatedAgs(count, `CRASH-${round}-${n}-${randomBytes(3).toString('hex')}`),
    );
    const form = new FormData();
    form.append('file', new Blob([bytes]), `essai-${round}-${n}.ags`);
    attempted.imports++;
    const checked = await call('/api/imports', { method: 'POST', cookie, body: form });
    if (checked.status !== 201) throw new Error(`Import : ${checked.status}`);
    const { id } = (await checked.json()) as { id: string };
    const entry = { id, sha256: createHash('sha256').update(bytes).digest('hex'), boreholes: count, committed: false };
    acknowledged.imports.push(entry);
    confirmed('imports vérifiés');
    const committed = await call(`/api/imports/${id}/commit`, {
      method: 'POST',
      cookie,
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    if (committed.status !== 200) throw new Error(`Import (écriture) : ${committed.status}`);
    entry.committed = true;
    confirmed('imports écrits');
  }
}

/** Montréal's boreholes, as the API counts them. */
async function montrealBoreholes(cookie: string): Promise<number> {
  const response = await call('/api/boreholes?tenant=montreal&limit=1', { cookie });
  return ((await response.json()) as { total: number }).total;
}

/**
 * Every acknowledged import is listed with its file intact, every acknowledged commit is
 * committed, and the boreholes are those of the committed imports exactly: none of an import whose
 * commit the kill cut (it stays « vérifié », to commit again), all of one that committed.
 */
async function verifyImports(cookie: string, baseline: number) {
  const { items } = (await (await call('/api/imports', { cookie })).json()) as {
    items: { id: string; status: string; result: { created: number } | null }[];
  };
  const listed = new Map(items.map((item) => [item.id, item]));
  for (const item of items) if (item.status === 'committed') committedImports.set(item.id, item.result!.created);
  for (const entry of acknowledged.imports.slice(-50)) {
    const item = listed.get(entry.id);
    if (!item) throw new Error(`Import perdu : ${entry.id}`);
    if (entry.committed && item.status !== 'committed') throw new Error(`Import confirmé mais défait : ${entry.id}`);
    if (item.status === 'committed' && committedImports.get(entry.id) !== entry.boreholes) {
      throw new Error(`Import incomplet : ${entry.id}`);
    }
    const file = await call(`/api/imports/${entry.id}/file`, { cookie });
    const digest = createHash('sha256')
      .update(new Uint8Array(await file.arrayBuffer()))
      .digest('hex');
    if (digest !== entry.sha256) throw new Error(`Fichier d’import altéré : ${entry.id}`);
  }
  const expected = baseline + [...committedImports.values()].reduce((sum, count) => sum + count, 0);
  const found = await montrealBoreholes(cookie);
  if (found !== expected) throw new Error(`Forages : ${found} trouvés, ${expected} attendus`);
}

/** Every acknowledged write is there; no temporary file is left; every listed document opens. */
async function verify(newAccounts: Account[], baseline: number) {
  const adminCookie = sessions.admin;
  const invitations = (await (await call('/api/invitations', { cookie: adminCookie })).json()) as {
    items: { email: string; usedBy: string | null }[];
  };
  const byEmail = new Map(invitations.items.map((item) => [item.email, item]));
  for (const email of acknowledged.invitations) {
    if (!byEmail.has(email)) throw new Error(`Invitation perdue : ${email}`);
  }
  for (const account of acknowledged.accounts) {
    if (byEmail.get(account.email)?.usedBy !== account.email) throw new Error(`Compte perdu : ${account.email}`);
  }
  for (const account of newAccounts) {
    if (!(await signIn(account))) throw new Error(`Connexion refusée après redémarrage : ${account.email}`);
  }
  const cookie = sessions.member;
  await verifyImports(cookie, baseline);
  await verifyChanges(cookie);
  const library = (await (await call('/api/reports?ids=MTL-BH-01', { cookie })).json()) as {
    items: { id: string; href: string | null }[];
  };
  const listed = new Map(library.items.map((item) => [item.id, item.href]));
  const expected = new Map(acknowledged.uploads.map((upload) => [upload.id, upload.sha256]));
  for (const [id, href] of listed) {
    if (!href) throw new Error(`Document sans fichier : ${id}`);
    const response = await call(href, { cookie });
    if (!response.ok) throw new Error(`Document illisible (${response.status}) : ${id}`);
    const digest = createHash('sha256')
      .update(new Uint8Array(await response.arrayBuffer()))
      .digest('hex');
    if (expected.has(id) && expected.get(id) !== digest) throw new Error(`Document altéré : ${id}`);
  }
  for (const id of expected.keys()) if (!listed.has(id)) throw new Error(`Document perdu : ${id}`);
  const leftovers = (await readdir(join(dataDir, 'files'), { recursive: true })).filter((name) =>
    name.endsWith('.part'),
  );
  if (leftovers.length) throw new Error(`Fichiers temporaires restés : ${leftovers.join(', ')}`);
}

const startTimes: number[] = [];
let server = startServer();
console.log(
  `Premier démarrage (base neuve et données de démo) : ${Math.round(await untilReady(server, performance.now()))} ms`,
);
sessions.admin = await mustSignIn(admin);
sessions.member = await mustSignIn(member);
const baseline = await montrealBoreholes(sessions.member);

/** Waits until the round has confirmed every kind of write; fails after 60 s without one. */
async function everyKindConfirmed(round: number, failed: () => unknown) {
  const started = performance.now();
  for (;;) {
    const missing = KINDS.filter((kind) => !roundConfirmed.get(kind));
    if (missing.length === 0) return;
    if (failed()) return;
    if (performance.now() - started > 60_000) {
      throw new Error(`Tour ${round} : aucune écriture confirmée en 60 s pour ${missing.join(', ')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
try {
  for (let round = 1; round <= ROUNDS; round++) {
    let stopped = false;
    const stop = () => stopped;
    const accountsBefore = acknowledged.accounts.length;
    roundConfirmed = new Map();
    let failure: unknown;
    const writers = [
      registrations(round, 0, stop),
      registrations(round, 1, stop),
      uploads(stop),
      uploads(stop),
      changes(stop),
      imports(round, stop),
    ].map((writer) =>
      writer.catch((error: Error) => {
        // Requests cut by the kill fail; anything else before it is a real failure.
        if (!stopped) {
          failure ??= error;
          throw error;
        }
      }),
    );
    // The kill falls at a random moment, once each kind of write has answered at least once.
    await everyKindConfirmed(round, () => failure);
    await new Promise((resolve) => setTimeout(resolve, randomInt(0, 2_000)));
    stopped = true;
    server.kill('SIGKILL');
    await Promise.all(writers);
    await exited(server);
    const started = performance.now();
    server = startServer();
    const ready = await untilReady(server, started);
    startTimes.push(ready);
    await verify(acknowledged.accounts.slice(accountsBefore), baseline);
    const ofRound = KINDS.map((kind) => `${roundConfirmed.get(kind) ?? 0} ${kind}`).join(', ');
    console.log(
      `Tour ${round}/${ROUNDS} (${ofRound}) : redémarré en ${Math.round(ready)} ms ; ` +
        `${acknowledged.invitations.length} invitations, ${acknowledged.accounts.length} comptes, ` +
        `${acknowledged.uploads.length} documents (${confirmedChanges.replaced} remplacés, ` +
        `${confirmedChanges.deleted} supprimés), ${acknowledged.imports.length} imports ` +
        `(${committedImports.size} écrits) confirmés, tous retrouvés`,
    );
  }
} finally {
  server.kill('SIGTERM');
  await exited(server);
  if (!values.keep) await rm(dataDir, { recursive: true, force: true });
}

const sorted = [...startTimes].sort((a, b) => a - b);
const commits = acknowledged.imports.filter((entry) => entry.committed).length;
const acknowledgedCount =
  acknowledged.invitations.length +
  acknowledged.accounts.length +
  acknowledged.uploads.length +
  acknowledged.imports.length +
  commits +
  confirmedChanges.replaced +
  confirmedChanges.deleted;
const attemptedCount =
  attempted.invitations + attempted.registrations + attempted.uploads + attempted.imports * 2 + attempted.changes;
console.log(
  `\n${ROUNDS} tours de kill -9 : ${acknowledgedCount} écritures confirmées (${acknowledged.invitations.length} invitations, ` +
    `${acknowledged.accounts.length} inscriptions, ${acknowledged.uploads.length} envois, ` +
    `${confirmedChanges.replaced} remplacements, ${confirmedChanges.deleted} suppressions, ` +
    `${acknowledged.imports.length} imports vérifiés dont ${commits} écrits), ${acknowledgedCount} retrouvées ` +
    `(environ ${attemptedCount} tentées). ` +
    `Redémarrage : médiane ${Math.round(sorted[Math.floor(sorted.length / 2)]!)} ms, max ${Math.round(sorted.at(-1)!)} ms.`,
);
// The run is over: end here rather than wait for what the event loop may still hold. One CI run hung
// after this line (idle, one socket left) while the same script ended on its own in the run before.
process.exit(0);
