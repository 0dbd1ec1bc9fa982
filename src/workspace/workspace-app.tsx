import './workspace.css';
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useMemo } from 'react';
import type { WorkspaceScreen } from '../lib/after-login.ts';
import { $session, type User } from '../stores/session.ts';
import { ClientTopNav } from './features/layout/client-topnav.tsx';
import { ScreenNav } from './features/layout/screen-nav.tsx';
import { CARDS_PER_PAGE } from './features/map/results-panel.tsx';
import { ImportScreen } from './features/import/import-screen.tsx';
import { AdminScreen } from './features/admin/admin-screen.tsx';
import { ApiAccessScreen } from './features/api-access/api-access-screen.tsx';
import { ListScreen } from './list-screen.tsx';
import { readQuery, writeQuery } from './lib/query.ts';
import { shownTenant } from './lib/shown-tenant.ts';
import { themeStyle } from './lib/theme-style.ts';
import { useReports } from './lib/use-api-list.ts';
import { useRememberedView } from './lib/use-remembered-view.ts';
import { selectedIn, withSelected } from './lib/selection-param.ts';
import { useSelection } from './lib/use-selection.ts';
import { useSelectionInAddress } from './lib/use-selection-in-address.ts';
import { PAGE_SIZE, useTableWalk } from './lib/use-table-page.ts';
import { useUrlQuery } from './lib/use-url-query.ts';

// The sections' and surfaces' screens load with their own code, only when opened.
const SectionsScreen = lazy(() =>
  import('./features/sections/sections-screen.tsx').then((module) => ({ default: module.SectionsScreen })),
);
const SurfacesScreen = lazy(() =>
  import('./features/surfaces/surfaces-screen.tsx').then((module) => ({ default: module.SurfacesScreen })),
);
// three.js comes with the 3D view alone: the map and the home page never load it.
const View3dScreen = lazy(() =>
  import('./features/view3d/view3d-screen.tsx').then((module) => ({ default: module.View3dScreen })),
);

export interface WorkspaceAppProps {
  screen: WorkspaceScreen;
}

/** The signed-in workspace (map, database or reports): its rows from the API, its state in the URL. */
export function WorkspaceApp({ screen, user }: WorkspaceAppProps & { user: User }) {
  const [search, setSearch] = useUrlQuery();
  const query = useMemo(() => readQuery(search), [search]);
  const tenant = shownTenant(user, query.tenant);
  const reports = screen === 'reports';
  // Coupes, Surfaces, Importer, Accès API and Administration list no boreholes: no filters, no selection.
  const ownScreen =
    screen === 'import' ||
    screen === 'api' ||
    screen === 'admin' ||
    screen === 'sections' ||
    screen === 'surfaces' ||
    screen === 'view3d';
  // The boreholes stay on the server: the database reads them a page of 100 at a time, the map's
  // cards a page of 200 (its dots come by view, see BoreholeMap); a selection may hold any of them.
  const database = screen === 'database';
  const results = useTableWalk(reports || ownScreen ? null : search, database ? PAGE_SIZE : CARDS_PER_PAGE);
  const library = useReports(reports ? search : null);
  const selection = useSelection(null, () => selectedIn(window.location.search));
  useRememberedView(screen, query, tenant.slug, setSearch);
  useSelectionInAddress(selection.selected, !(results.loading || reports || ownScreen));

  const runSearch = (next: string) => {
    selection.reset();
    setSearch(next);
  };
  // Réinitialiser clears every filter; the organisation shown stays.
  const reset = () => runSearch(writeQuery({ tenant: query.tenant, filters: {}, rest: new URLSearchParams() }));
  const viewAs = (slug: string) =>
    runSearch(writeQuery({ ...query, filters: {}, rest: new URLSearchParams(), tenant: slug }));

  return (
    <div className="workspace" style={themeStyle(tenant)} data-tenant={tenant.slug} data-screen={screen}>
      <ClientTopNav tenant={tenant} user={user} onViewAs={user.role === 'admin' ? viewAs : undefined} />
      <ScreenNav screen={screen} search={withSelected(search, selection.selected)} role={user.role} />
      <main id="main" tabIndex={-1} className={`workspace__body workspace__body--${screen}`}>
        {screen === 'admin' ? (
          <AdminScreen user={user} />
        ) : screen === 'api' ? (
          <ApiAccessScreen role={user.role} />
        ) : screen === 'sections' ? (
          <Suspense fallback={<p role="status">Ouverture des coupes…</p>}>
            <SectionsScreen organisation={tenant.label} user={user} />
          </Suspense>
        ) : screen === 'surfaces' ? (
          <Suspense fallback={<p role="status">Ouverture des surfaces…</p>}>
            <SurfacesScreen tenant={tenant} />
          </Suspense>
        ) : screen === 'view3d' ? (
          <Suspense fallback={<p role="status">Ouverture de la vue 3D…</p>}>
            <View3dScreen />
          </Suspense>
        ) : screen === 'import' ? (
          <ImportScreen canImport={user.role !== 'viewer'} />
        ) : (
          <ListScreen
            screen={screen}
            search={search}
            tenant={tenant}
            user={user}
            results={results}
            library={library}
            selection={selection}
            onSearch={runSearch}
            onReset={reset}
            onOrder={setSearch}
          />
        )}
      </main>
    </div>
  );
}

/** The workspace once the session is known. */
export function SignedInWorkspace({ screen }: WorkspaceAppProps) {
  const session = useStore($session);
  return session.status === 'signed-in' ? <WorkspaceApp screen={screen} user={session.user} /> : null;
}
