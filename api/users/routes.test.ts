import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../db/seed/seed.ts';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { testDatabaseKind } from '../../tests/support/test-database.ts';

const [admin, montreal, stjulie] = DEMO_ACCOUNTS;
const PASSWORD = 'Un-mot-de-passe-solide-9';

interface Account {
  id: string;
  email: string;
  role: string;
  tenantSlug: string;
  disabled: boolean;
  lastSignIn: string | null;
}
interface Invitation {
  id: string;
  email: string | null;
  state: string;
  createdBy: string | null;
}
interface AuditRow {
  id: number;
  action: string;
  email: string | null;
  target: string | null;
  tenantSlug: string | null;
  detail: Record<string, unknown>;
}

describe(`administration on ${testDatabaseKind}`, () => {
  let t: TestApp;
  const json = async <T>(response: Response) => (await response.json()) as T;
  const invite = async (email: string, tenantSlug = 'montreal', role = 'member') =>
    json<{ token: string }>(await t.call('/api/invitations', { as: admin.email, body: { email, tenantSlug, role } }));
  const register = (email: string, token: string) =>
    t.call('/api/register', { body: { email, password: PASSWORD, token, displayName: 'Nouvelle recrue' } });
  const login = (email: string, password = PASSWORD) => t.call('/api/login', { body: { email, password } });
  const accounts = async (tenant = 'montreal') =>
    (await json<{ items: Account[] }>(await t.call(`/api/admin/users?tenant=${tenant}`, { as: admin.email }))).items;
  const audit = async (query = '') =>
    json<{ items: AuditRow[]; next: number | null }>(await t.call(`/api/admin/audit${query}`, { as: admin.email }));

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is for administrators only', async () => {
    for (const path of ['/api/admin/users', '/api/admin/audit', '/api/invitations']) {
      expect((await t.call(path)).status).toBe(401);
      for (const who of [montreal.email, stjulie.email]) {
        const refused = await t.call(path, { as: who });
        expect(refused.status).toBe(403);
        expect(await refused.json()).toEqual({ error: 'Cette action est réservée aux administrateurs.' });
      }
    }
    const id = (await accounts())[0]!.id;
    expect(
      (await t.call(`/api/admin/users/${id}`, { as: montreal.email, method: 'PATCH', body: { role: 'admin' } })).status,
    ).toBe(403);
    expect((await accounts()).find((a) => a.id === id)!.role).toBe('member');
  });

  it('lists an organisation’s accounts with their last sign-in', async () => {
    await login(montreal.email, montreal.password);
    const listed = await accounts();
    expect(listed.map((a) => a.email)).toContain(montreal.email);
    expect(listed.every((a) => a.tenantSlug === 'montreal')).toBe(true);
    expect(listed.find((a) => a.email === montreal.email)!.lastSignIn).toMatch(/^\d{4}-\d\d-\d\dT/);
    const bad = await t.call('/api/admin/users?tenant=nulle-part', { as: admin.email });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'Organisation inconnue.' });
  });

  it('changes a role and disables an account: its session ends, sign-in is refused, all recorded', async () => {
    const email = 'recrue@montreal.ca';
    const { token } = await invite(email);
    expect((await register(email, token)).status).toBe(201);
    const session = (await login(email)).headers.get('set-cookie')!.split(';')[0]!;
    const me = await json<{ email: string }>(await t.call('/api/me', { headers: { cookie: session } }));
    expect(me.email).toBe(email);
    const id = (await accounts()).find((a) => a.email === email)!.id;

    const promoted = await t.call(`/api/admin/users/${id}`, {
      as: admin.email,
      method: 'PATCH',
      body: { role: 'viewer' },
    });
    expect(await json<Account>(promoted)).toMatchObject({ role: 'viewer', disabled: false });
    const disabled = await t.call(`/api/admin/users/${id}`, {
      as: admin.email,
      method: 'PATCH',
      body: { disabled: true },
    });
    expect(await json<Account>(disabled)).toMatchObject({ disabled: true });
    expect(await (await t.call('/api/me', { headers: { cookie: session } })).json()).toBeNull();
    const refused = await login(email);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      error: 'Ce compte est désactivé. Adressez-vous à l’administrateur de votre organisation.',
    });
    expect(refused.headers.get('set-cookie')).toBeNull();
    // A wrong password learns nothing more than for anyone.
    expect((await login(email, 'pas-le-bon-mot-de-passe')).status).toBe(401);

    await t.call(`/api/admin/users/${id}`, { as: admin.email, method: 'PATCH', body: { disabled: false } });
    expect((await login(email)).status).toBe(200);
    const { items } = await audit('?tenant=montreal');
    const mine = items.filter((row) => row.target === email).map((row) => [row.action, row.detail]);
    expect(mine.slice(0, 3)).toEqual([
      ['user.enable', {}],
      ['user.disable', {}],
      ['user.role', { before: 'member', after: 'viewer' }],
    ]);
  });

  it('refuses to change itself, unknown accounts and fields, without a 500', async () => {
    const self = (await accounts('admin')).find((a) => a.email === admin.email)!.id;
    const cases: [string, unknown, number, string][] = [
      [
        self,
        { role: 'member' },
        409,
        'Vous ne pouvez pas changer votre propre rôle ni désactiver votre propre compte.',
      ],
      ['00000000-0000-4000-8000-000000000000', { role: 'viewer' }, 404, 'Compte introuvable.'],
      ['pas-un-id', { role: 'viewer' }, 400, 'Compte introuvable.'],
      [self, { role: 'roi' }, 400, 'Rôle inconnu : admin, member ou viewer.'],
      [self, { email: 'x@y.ca' }, 400, 'Seuls « role » et « disabled » peuvent changer.'],
      [self, {}, 400, 'Indiquez le rôle ou l’état.'],
    ];
    for (const [id, body, status, error] of cases) {
      const response = await t.call(`/api/admin/users/${id}`, { as: admin.email, method: 'PATCH', body });
      expect([response.status, await response.json()]).toEqual([status, { error }]);
    }
  });

  it('revokes an invitation not used yet: it can no longer register', async () => {
    const email = 'revoquee@stjulie.ca';
    const { token } = await invite(email, 'stjulie');
    const listed = (await json<{ items: Invitation[] }>(await t.call('/api/invitations', { as: admin.email }))).items;
    const invitation = listed.find((item) => item.email === email)!;
    expect(invitation).toMatchObject({ state: 'pending', createdBy: admin.email });
    const revoked = await t.call(`/api/invitations/${invitation.id}`, { as: admin.email, method: 'DELETE' });
    expect([revoked.status, await revoked.json()]).toEqual([200, { revoked: invitation.id }]);
    const again = await t.call(`/api/invitations/${invitation.id}`, { as: admin.email, method: 'DELETE' });
    expect([again.status, await again.json()]).toEqual([409, { error: 'Cette invitation est déjà révoquée.' }]);
    const refused = await register(email, token);
    expect([refused.status, await refused.json()]).toEqual([
      400,
      { error: 'Cette invitation a été révoquée. Demandez-en une nouvelle à l’administrateur de votre organisation.' },
    ]);
    const states = (await json<{ items: Invitation[] }>(await t.call('/api/invitations', { as: admin.email }))).items;
    expect(states.find((item) => item.id === invitation.id)!.state).toBe('revoked');
    const { items } = await audit('?action=invitation.revoke');
    expect(items[0]).toMatchObject({ tenantSlug: 'stjulie', email: admin.email, target: email });
  });

  it('records sign-ins, uploads and reported exports, and pages the journal', async () => {
    const body = new FormData();
    body.append('file', new Blob(['%PDF-1.4\n% journal\n']), 'journal.pdf');
    expect((await t.call('/api/reports?borehole=MTL-BH-04', { as: montreal.email, body })).status).toBe(201);
    const reported = await t.call('/api/exports', {
      as: montreal.email,
      body: { format: 'XLSX', what: 'boreholes', count: 15, tenant: 'stjulie' },
    });
    expect(reported.status).toBe(204);
    const bad = await t.call('/api/exports', {
      as: montreal.email,
      body: { format: 'DOCX', what: 'boreholes', count: 1, tenant: 'montreal' },
    });
    expect([bad.status, await bad.json()]).toEqual([400, { error: 'Format d’export inconnu.' }]);
    expect(
      (await t.call('/api/exports', { body: { format: 'CSV', what: 'boreholes', count: 1, tenant: 'montreal' } }))
        .status,
    ).toBe(401);

    const { items } = await audit('?tenant=montreal');
    const upload = items.find((row) => row.action === 'document.upload')!;
    expect(upload).toMatchObject({ email: montreal.email, detail: { borehole: 'MTL-BH-04', title: 'journal' } });
    // A member's export counts in its own organisation, whatever it claims.
    expect(items.find((row) => row.action === 'export')).toMatchObject({
      email: montreal.email,
      target: 'XLSX',
      detail: { what: 'boreholes', count: 15 },
    });
    expect(items.some((row) => row.action === 'sign-in' && row.email === montreal.email)).toBe(true);

    const all = await audit();
    expect(all.items.length).toBeLessThanOrEqual(50);
    const ids = all.items.map((row) => row.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    if (all.next !== null) {
      const older = await audit(`?before=${all.next}`);
      expect(older.items.every((row) => row.id < all.next!)).toBe(true);
    }
    const badCursor = await t.call('/api/admin/audit?before=abc', { as: admin.email });
    expect([badCursor.status, await badCursor.json()]).toEqual([400, { error: 'Curseur invalide.' }]);
  });
});
