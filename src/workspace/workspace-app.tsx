import './workspace.css';
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState, type CSSProperties } from 'react';
import { LAST_ROUTE_KEY } from '../domain/after-login.ts';
import { TENANT_KEY } from '../domain/storage-keys.ts';
import type { Borehole } from '../domain/borehole.ts';
import { countOf } from '../domain/format.ts';
import { isTenantSlug, resolveTenant, TENANTS, type TenantConfig } from '../domain/tenants.ts';
import { $session, type User } from '../stores/session.ts';
import { databaseExports } from './features/exports/database-exports.ts';
import { ExportMenu } from './features/exports/export-menu.tsx';
import { Filters } from './features/filters/filters.tsx';
import { ClientTopNav } from './features/layout/client-topnav.tsx';
import { ReportsLibrary } from './features/reports/reports-library.tsx';
import { BoreholeMap } from './features/map/borehole-map.tsx';
import { ResultsPanel } from './features/results/results-panel.tsx';
import { BoreholeTable } from './features/table/borehole-table.tsx';
import { readQuery, writeQuery, type WorkspaceQuery } from './lib/query.ts';
import { useBoreholes, useReports } from './lib/use-api-list.ts';
import { toggled } from './lib/selection.ts';

export type WorkspaceScreen = 'map' | 'database' | 'reports';

const SCREENS = [
  ['map', 'Carte'],
  ['database', 'Base de Données'],
  ['reports', 'Rapports'],
] as const;

export interface WorkspaceAppProps {
  screen: WorkspaceScreen;
}

/** Keeps the URL's query in state; the back button restores an earlier search. */
function useUrlQuery(): [string, (search: string, replace?: boolean) => void] {
  const [search, setSearch] = useState(() => window.location.search);
  useEffect(() => {
    const onPop = () => setSearch(window.location.search);
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const go = (next: string, replace = false) => {
    if (next === window.location.search) return;
    const url = `${window.location.pathname}${next}${window.location.hash}`;
    if (replace) history.replaceState(null, '', url);
    else history.pushState(null, '', url);
    setSearch(next);
  };
  return [search, go];
}

/**
 * The organisation shown: a member always sees its own (the server scopes its data the same way);
 * an administrator sees the one of the URL, else the one stored, else all.
 */
function shownTenant(user: User, param: string | null): TenantConfig {
  if (user.role !== 'admin' && isTenantSlug(user.tenantSlug)) return TENANTS[user.tenantSlug];
  const stored = localStorage.getItem(TENANT_KEY);
  return resolveTenant({ param: isTenantSlug(param) ? param : stored, email: user.email, role: user.role });
}

/** The tenant's theme as CSS custom properties: `primaryStrong` → `--tenant-primary-strong`. */
const themeStyle = (tenant: TenantConfig) =>
  Object.fromEntries(
    Object.entries(tenant.theme).map(([name, value]) => [
      `--tenant-${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`,
      value,
    ]),
  ) as CSSProperties;

/** The signed-in workspace (map or database): its rows from the API, its state in the URL. */
export function WorkspaceApp({ screen, user }: WorkspaceAppProps & { user: User }) {
  const [search, setSearch] = useUrlQuery();
  const query = useMemo(() => readQuery(search), [search]);
  const tenant = shownTenant(user, query.tenant);
  const results = useBoreholes(screen === 'reports' ? null : search);
  const library = useReports(screen === 'reports' ? search : null);
  const shown = screen === 'reports' ? library : results;
  const [chosen, setSelected] = useState<ReadonlySet<string>>(new Set());
  // The selection only ever holds rows that are shown.
  const selected = useMemo<ReadonlySet<string>>(() => {
    const visible = new Set(results.rows.map((row) => row.id));
    return new Set([...chosen].filter((id) => visible.has(id)));
  }, [chosen, results.rows]);
  const [active, setActive] = useState<string | null>(null);
  // The exports hold the selection if any, else every result.
  const exported = selected.size ? results.rows.filter((row) => selected.has(row.id)) : results.rows;

  // Remember the screen and the tenant; put the tenant in the URL when it is missing or not the shown one.
  useEffect(() => {
    localStorage.setItem(LAST_ROUTE_KEY, screen);
    if (tenant.slug === 'neutral') return;
    localStorage.setItem(TENANT_KEY, tenant.slug);
    if (query.tenant !== tenant.slug) setSearch(writeQuery({ ...query, tenant: tenant.slug }), true);
  }, [screen, query, tenant.slug, setSearch]);

  const runSearch = (next: string) => {
    setSelected(new Set());
    setActive(null);
    setSearch(next);
  };
  const toggle = (id: string) => setSelected((current) => toggled(current, id));
  const onDotClick = (row: Borehole, event: MouseEvent) => {
    if (event.ctrlKey || event.metaKey) return toggle(row.id);
    if (active === row.id) {
      setActive(null);
      setSelected(new Set());
      return;
    }
    setActive(row.id);
    setSelected(new Set([row.id]));
  };
  const withIds = (ids: Iterable<string>): WorkspaceQuery => {
    const list = [...ids];
    return { ...query, filters: { ...query.filters, ...(list.length ? { ids: list } : {}) } };
  };
  const selectionQuery = writeQuery(withIds(selected));
  const count = countOf(results.total, 'résultat');
  // Réinitialiser clears every filter; the organisation shown stays.
  const reset = () => runSearch(writeQuery({ tenant: query.tenant, filters: {}, rest: new URLSearchParams() }));

  return (
    <div className="workspace" style={themeStyle(tenant)} data-tenant={tenant.slug} data-screen={screen}>
      <ClientTopNav
        tenant={tenant}
        user={user}
        onViewAs={
          user.role === 'admin'
            ? (slug) => runSearch(writeQuery({ ...query, filters: {}, rest: new URLSearchParams(), tenant: slug }))
            : undefined
        }
      />
      <nav className="workspace__bar" aria-label="Espace de Travail">
        {SCREENS.map(([name, label]) => (
          <a key={name} href={`/client/${name}${search}`} aria-current={name === screen ? 'page' : undefined}>
            {label}
          </a>
        ))}
      </nav>
      <main id="main" tabIndex={-1} className={`workspace__body workspace__body--${screen}`}>
        <div className="workspace__messages">
          {shown.rows.length < shown.total && (
            <p className="workspace__notice" role="status">
              Les {shown.rows.length} {screen === 'reports' ? 'documents' : 'forages'} les plus récents sur{' '}
              {shown.total} sont affichés : affinez la recherche pour voir les autres.
            </p>
          )}
          {shown.error && (
            <p className="auth-card__error workspace__error" role="alert">
              {shown.error}
            </p>
          )}
        </div>
        <Filters
          key={`filters${search}`}
          search={search}
          onSearch={runSearch}
          onReset={reset}
          count={screen === 'reports' ? countOf(library.total, 'document') : countOf(results.total, 'forage')}
          loading={shown.loading}
          brand={tenant.label}
        />
        {screen === 'reports' ? (
          <ReportsLibrary
            // A new query, a new library: the selection resets (siblings need distinct keys).
            key={`library${search}`}
            rows={library.rows}
            total={library.total}
            mapLink={(ids) => `/client/map${writeQuery(withIds(ids))}`}
            onReset={reset}
            organisation={tenant.label}
            canUpload={user.role !== 'viewer'}
            onUploaded={library.reload}
          />
        ) : screen === 'map' ? (
          <>
            <BoreholeMap
              rows={results.rows}
              preset={tenant.mapPreset}
              selected={selected}
              active={active}
              onDotClick={onDotClick}
              onPopupClose={(id) => setActive((current) => (current === id ? null : current))}
              colours={{ dot: tenant.theme.primary, selected: tenant.theme.accent }}
            />
            <ResultsPanel
              rows={results.rows}
              total={results.total}
              active={active}
              selected={selected}
              linkQuery={selectionQuery}
              onPick={(row) => {
                setActive(row.id);
                setSelected(new Set([row.id]));
              }}
            />
          </>
        ) : (
          <section className="workspace__table" aria-labelledby="database-title">
            <div className="workspace__toolbar">
              <h2 id="database-title">
                {count} · {countOf(selected.size, 'sélectionné')}
              </h2>
              <button
                className="button"
                type="button"
                onClick={() =>
                  runSearch(writeQuery({ tenant: query.tenant, filters: {}, rest: new URLSearchParams() }))
                }
              >
                Réinitialiser
              </button>
              <ExportMenu count={exported.length} formats={() => databaseExports(exported)} />
              <a
                className="button"
                aria-disabled={selected.size === 0}
                href={selected.size ? `/client/map${selectionQuery}` : undefined}
              >
                Voir sur la carte
              </a>
              <a
                className="button"
                aria-disabled={selected.size === 0}
                href={selected.size ? `/client/reports${selectionQuery}` : undefined}
              >
                Rapports
              </a>
              <button
                className="button"
                type="button"
                disabled={selected.size === 0}
                onClick={() => setSelected(new Set())}
              >
                Effacer sélection
              </button>
            </div>
            <BoreholeTable
              rows={results.rows}
              selected={selected}
              onToggle={toggle}
              onToggleAll={() =>
                setSelected((current) =>
                  results.rows.length > 0 && results.rows.every((row) => current.has(row.id))
                    ? new Set()
                    : new Set(results.rows.map((row) => row.id)),
                )
              }
            />
          </section>
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
