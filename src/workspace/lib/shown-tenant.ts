import { isTenantSlug, resolveTenant, TENANTS, type TenantConfig } from '../../domain/tenants.ts';
import { TENANT_KEY } from '../../lib/storage-keys.ts';
import type { User } from '../../stores/session.ts';

/**
 * The organisation shown: a member always sees its own (the server scopes its data the same way);
 * an administrator sees the one of the URL, else the one stored, else all.
 */
export function shownTenant(user: User, param: string | null): TenantConfig {
  if (user.role !== 'admin' && isTenantSlug(user.tenantSlug)) return TENANTS[user.tenantSlug];
  const stored = localStorage.getItem(TENANT_KEY);
  return resolveTenant({ param: isTenantSlug(param) ? param : stored, email: user.email, role: user.role });
}
