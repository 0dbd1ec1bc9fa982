import { resolveTenant } from '../domain/tenants.ts';

/** Where the workspace remembers its last screen (map or database). */
export const LAST_ROUTE_KEY = 'client:lastRoute';

/** The workspace's screens, under /client/. */
export const WORKSPACE_SCREENS = [
  'map',
  'database',
  'reports',
  'sections',
  'surfaces',
  'view3d',
  'import',
  'api',
  'admin',
] as const;

/** One of the workspace's screens. */
export type WorkspaceScreen = (typeof WORKSPACE_SCREENS)[number];

/** The screen to reopen from a stored value: a known screen, else the map. */
export const lastScreen = (stored: string | null | undefined): WorkspaceScreen =>
  WORKSPACE_SCREENS.find((screen) => screen === stored) ?? 'map';
/** Where the session guard leaves the path to come back to. */
export const FROM_KEY = 'gs:auth:from';

const PROTECTED = /^\/(client|softwareinst)(\/|\?|#|$)/;

/** True for a path the sign-in may send back to: a page of this site behind the guard. */
export function isReturnPath(path: string | null | undefined): path is string {
  return typeof path === 'string' && PROTECTED.test(path) && !path.startsWith('//');
}

/**
 * The page to open after signing in: the protected page the visitor had asked for, else the
 * workspace's last screen for the user's tenant (`/client/map?tenant=stjulie`), else /client.
 *
 * @example afterLoginPath({ from: null, user: { email: 'a@montreal.ca', role: 'member' } }) // '/client/map?tenant=montreal'
 */
export function afterLoginPath({
  from,
  user,
  lastRoute,
}: {
  from: string | null;
  user: { email: string; role: string };
  lastRoute?: string | null;
}): string {
  if (isReturnPath(from)) return from;
  const tenant = resolveTenant({ email: user.email, role: user.role });
  if (tenant.slug === 'neutral') return '/client';
  return `/client/${lastScreen(lastRoute)}?tenant=${tenant.slug}`;
}
