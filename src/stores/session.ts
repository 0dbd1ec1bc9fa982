import { atom } from 'nanostores';
import { apiJson } from '../lib/api.ts';
import type { Role } from '../domain/roles.ts';
import { TENANT_KEY } from '../lib/storage-keys.ts';

/** The signed-in user as `GET /api/me` returns it. */
export interface User {
  email: string;
  role: Role;
  tenantSlug: string;
  displayName: string | null;
}

export type SessionState =
  | { status: 'checking' }
  | { status: 'signed-in'; user: User }
  /** `byUser`: the user signed out on purpose (nothing to come back to). */
  | { status: 'signed-out'; byUser?: boolean };

/** The session, shared by the header and every island of the page. */
export const $session = atom<SessionState>({ status: 'checking' });

const DEV_AUTH_KEY = 'gs:dev-auth';
let loading: Promise<SessionState> | null = null;

const settle = (user: User | null): SessionState => {
  const state: SessionState = user ? { status: 'signed-in', user } : { status: 'signed-out' };
  $session.set(state);
  return state;
};

/** Asks the server who is signed in, once per page; a failed check leaves the visitor signed out. */
export function loadSession(): Promise<SessionState> {
  loading ??= apiJson<User | null>('/api/me').then(settle, () => settle(null));
  return loading;
}

/** Signs in (login, then me) and returns the user. Throws the API's error. */
export async function signIn(email: string, password: string): Promise<User | null> {
  await apiJson('/api/login', { method: 'POST', body: { email, password } });
  localStorage.removeItem(TENANT_KEY);
  const user = await apiJson<User | null>('/api/me');
  settle(user);
  return user;
}

/** Creates the account with an invitation; the server signs it in. Throws the API's error. */
export async function register(payload: {
  email: string;
  password: string;
  token: string;
  displayName?: string;
}): Promise<User | null> {
  await apiJson('/api/register', { method: 'POST', body: payload });
  localStorage.removeItem(TENANT_KEY);
  const user = await apiJson<User | null>('/api/me');
  settle(user);
  return user;
}

/** Signs out: clears the local flag, calls logout (a failure is ignored) and forgets the user. */
export async function signOut(): Promise<void> {
  localStorage.removeItem(DEV_AUTH_KEY);
  localStorage.removeItem(TENANT_KEY);
  try {
    await apiJson('/api/logout', { method: 'POST' });
  } catch {
    // The server session ends on its own; the visitor is signed out here either way.
  }
  $session.set({ status: 'signed-out', byUser: true });
}
