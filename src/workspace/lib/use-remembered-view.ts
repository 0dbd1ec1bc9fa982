import { useEffect } from 'react';
import { LAST_ROUTE_KEY, type WorkspaceScreen } from '../../lib/after-login.ts';
import { TENANT_KEY } from '../../lib/storage-keys.ts';
import { writeQuery, type WorkspaceQuery } from './query.ts';

/**
 * Remembers the screen and the tenant; puts the tenant in the URL when it is missing or not the
 * shown one.
 */
export function useRememberedView(
  screen: WorkspaceScreen,
  query: WorkspaceQuery,
  tenantSlug: string,
  setSearch: (search: string, replace?: boolean) => void,
) {
  useEffect(() => {
    localStorage.setItem(LAST_ROUTE_KEY, screen);
    if (tenantSlug === 'neutral') return;
    localStorage.setItem(TENANT_KEY, tenantSlug);
    if (query.tenant !== tenantSlug) setSearch(writeQuery({ ...query, tenant: tenantSlug }), true);
  }, [screen, query, tenantSlug, setSearch]);
}
