import { parseFilters, toSearchParams, type BoreholeFilters } from '../../domain/filters.ts';

/** The workspace's state in the URL: the filters, the ids and the tenant shown. */
export interface WorkspaceQuery {
  filters: BoreholeFilters;
  tenant: string | null;
  /** The URL's other parameters (advanced filters), kept as they are. */
  rest: URLSearchParams;
}

/** Reads the workspace's query string; invalid filter values are dropped. */
export function readQuery(search: string): WorkspaceQuery {
  const params = new URLSearchParams(search);
  const parsed = parseFilters(params);
  const filters = parsed.ok ? parsed.filters : {};
  const rest = new URLSearchParams();
  const known = new Set(['tenant', ...toSearchParams(filters).keys()]);
  for (const [name, value] of params) if (!known.has(name) && value.trim() && !(name in filters)) rest.set(name, value);
  return { filters, tenant: params.get('tenant'), rest };
}

/** Writes the query string back: booleans as 1, blanks dropped, the tenant first. */
export function writeQuery({ filters, tenant, rest }: WorkspaceQuery): string {
  const params = new URLSearchParams();
  if (tenant) params.set('tenant', tenant);
  for (const [name, value] of toSearchParams(filters)) params.set(name, value);
  for (const [name, value] of rest) if (!params.has(name)) params.set(name, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The query narrowed to some ids; with none, its filters as they are. */
export function withIds(query: WorkspaceQuery, ids: Iterable<string>): WorkspaceQuery {
  const list = [...ids];
  return { ...query, filters: { ...query.filters, ...(list.length ? { ids: list } : {}) } };
}
