import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState, type CSSProperties } from 'react';
import { LAST_ROUTE_KEY } from '../domain/after-login.ts';
import type { Borehole } from '../domain/borehole.ts';
import type { BoreholeFilters } from '../domain/filters.ts';
import { isTenantSlug, resolveTenant } from '../domain/tenants.ts';
import { $session } from '../stores/session.ts';
import { databaseExports } from './features/exports/database-exports.ts';
import { ExportMenu } from './features/exports/export-menu.tsx';
import { FilterPanel } from './features/filters/filter-panel.tsx';
import { BoreholeMap } from './features/map/borehole-map.tsx';
import { ResultsPanel } from './features/results/results-panel.tsx';
import { BoreholeTable } from './features/table/borehole-table.tsx';
import { readQuery, writeQuery, type WorkspaceQuery } from './lib/query.ts';
import { useBoreholes } from './lib/use-boreholes.ts';

export type WorkspaceScreen = 'map' | 'database';
/** Where the workspace remembers the tenant shown (cleared at sign-in and sign-out). */
const TENANT_KEY = 'client:tenant';

export interface WorkspaceAppProps {
  screen: WorkspaceScreen;
}

/** Keeps the URL's query in state; the back button restores an earlier search. */
function useUrlQuery(): [string, (search: string) => void] {
  const [search, setSearch] = useState(() => window.location.search);
  useEffect(() => {
    const onPop = () => setSearch(window.location.search);
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const push = (next: string) => {
    if (next === window.location.search) return;
    history.pushState(null, '', `${window.location.pathname}${next}${window.location.hash}`);
    setSearch(next);
  };
  return [search, push];
}

/** The signed-in workspace (map or database), its rows from the API, its state in the URL. */
export function WorkspaceApp({ screen }: WorkspaceAppProps) {
  const session = useStore($session);
  const user = session.status === 'signed-in' ? session.user : null;
  const [search, setSearch] = useUrlQuery();
  const query = useMemo(() => readQuery(search), [search]);
  const tenant = resolveTenant({ param: query.tenant, email: user?.email, role: user?.role });
  const results = useBoreholes(search);
  const [chosen, setSelected] = useState<ReadonlySet<string>>(new Set());
  // The selection only ever holds rows that are shown.
  const selected = useMemo<ReadonlySet<string>>(() => {
    const visible = new Set(results.rows.map((row) => row.id));
    return new Set([...chosen].filter((id) => visible.has(id)));
  }, [chosen, results.rows]);
  const [active, setActive] = useState<string | null>(null);
  // The exports hold the selection if any, else every result.
  const exported = selected.size ? results.rows.filter((row) => selected.has(row.id)) : results.rows;

  // Remember the screen and the tenant; put the tenant back in the URL when it is missing.
  useEffect(() => {
    localStorage.setItem(LAST_ROUTE_KEY, screen);
    if (isTenantSlug(query.tenant)) localStorage.setItem(TENANT_KEY, query.tenant);
    else {
      const stored = localStorage.getItem(TENANT_KEY);
      const slug = isTenantSlug(stored) ? stored : tenant.slug !== 'neutral' ? tenant.slug : null;
      if (slug) {
        const next = writeQuery({ ...query, tenant: slug });
        history.replaceState(null, '', `${window.location.pathname}${next}${window.location.hash}`);
        setSearch(next);
      }
    }
  }, [screen, query, tenant.slug, setSearch]);

  const search_ = (filters: BoreholeFilters) => {
    setSelected(new Set());
    setActive(null);
    setSearch(writeQuery({ ...query, filters }));
  };
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
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
  const themeStyle = Object.fromEntries(
    Object.entries(tenant.theme).map(([name, value]) => [
      `--tenant-${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`,
      value,
    ]),
  ) as CSSProperties;

  return (
    <div className="workspace" style={themeStyle} data-tenant={tenant.slug}>
      <nav className="workspace__bar" aria-label="Espace de Travail">
        <strong className="workspace__tenant">{tenant.label}</strong>
        {(
          [
            ['map', 'Carte'],
            ['database', 'Base de Données'],
            ['reports', 'Rapports'],
          ] as const
        ).map(([name, label]) => (
          <a key={name} href={`/client/${name}${search}`} aria-current={name === screen ? 'page' : undefined}>
            {label}
          </a>
        ))}
      </nav>
      {results.error && (
        <p className="auth-card__error" role="alert">
          {results.error}
        </p>
      )}
      <div className={`workspace__body workspace__body--${screen}`}>
        <FilterPanel
          key={search}
          filters={query.filters}
          total={results.total}
          loading={results.loading}
          onSearch={search_}
        />
        {screen === 'map' ? (
          <>
            <BoreholeMap
              rows={results.rows}
              preset={tenant.mapPreset}
              selected={selected}
              active={active}
              onDotClick={onDotClick}
              colours={{ dot: tenant.theme.primary, selected: tenant.theme.accent }}
            />
            <ResultsPanel
              rows={results.rows}
              total={results.total}
              active={active}
              selected={selected}
              linkQuery={writeQuery(withIds(selected))}
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
                Base de données — {results.total} résultat{results.total > 1 ? 's' : ''}, {selected.size} sélectionné
                {selected.size > 1 ? 's' : ''}
              </h2>
              <button className="button" type="button" onClick={() => search_({})}>
                Réinitialiser
              </button>
              <ExportMenu count={exported.length} formats={() => databaseExports(exported)} />
              <a
                className="button"
                aria-disabled={selected.size === 0}
                href={selected.size ? `/client/map${writeQuery(withIds(selected))}` : undefined}
              >
                Voir sur la carte
              </a>
              <a
                className="button"
                aria-disabled={selected.size === 0}
                href={selected.size ? `/client/reports${writeQuery(withIds(selected))}` : undefined}
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
      </div>
    </div>
  );
}
