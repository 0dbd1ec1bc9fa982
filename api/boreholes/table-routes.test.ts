import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOREHOLE_TYPES, DRILLING_METHODS, PURPOSES, type Borehole } from '../../src/domain/borehole.ts';
import { filterBoreholes, parseFilters } from '../../src/domain/filters.ts';
import { TENANTS, type DataScope } from '../../src/domain/tenants.ts';
import { foldText } from '../../src/domain/text.ts';
import { SORT_COLUMNS, type SortColumn } from './table-repo.ts';
import { listBoreholes, upsertBorehole, type NewBorehole } from './repo.ts';
import { DEMO_ACCOUNTS } from '../db/seed/seed.ts';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { testDatabaseKind } from '../../tests/support/test-database.ts';
import { tableCursorOf } from './table-routes.ts';

const [admin, montreal, stjulie] = DEMO_ACCOUNTS;
const VIEWER = 'lecteur@montreal.ca';

interface TablePage {
  items: Borehole[];
  total: number | null;
  next_cursor: string | null;
}

/**
 * Boreholes made to tie: few dates, depths and towns, some without a date, a method or
 * coordinates, and text with LIKE's own characters.
 */
function tiedBoreholes(count: number): NewBorehole[] {
  const towns = ['Montréal', 'MONTREAL', 'Sainte-Julie', 'Lévis', 'Île-Perrot'];
  return Array.from({ length: count }, (_, i) => ({
    id: `TIE-${String((i * 37) % count).padStart(3, '0')}`,
    tenantSlug: (['montreal', 'stjulie', 'admin'] as const)[i % 3]!,
    project: i % 11 === 0 ? `Lot 50% sable_fin ${i % 2}` : `Projet ${['A', 'b', 'É'][i % 3]}`,
    site: `Site ${i % 4}`,
    muni: towns[i % towns.length]!,
    date: i % 9 === 0 ? null : `2024-0${1 + (i % 3)}-1${i % 2}`,
    purpose: PURPOSES[i % PURPOSES.length]!,
    type: BOREHOLE_TYPES[i % BOREHOLE_TYPES.length]!,
    method: i % 7 === 0 ? null : DRILLING_METHODS[i % DRILLING_METHODS.length]!,
    holeState: null,
    depth: [3, 7.5, 12][i % 3]!,
    lat: i % 8 === 0 ? null : 45.5 + (i % 5) / 100,
    lon: i % 8 === 0 ? null : -73.6 + (i % 4) / 100,
    addr: i % 6 === 0 ? '' : `${i % 10} rue Québec`,
    screenTop: null,
    screenBottom: null,
    waterDepth: null,
    has_chem: i % 2 === 0,
    horizons: [{ material: 'Argile grise', thickness: 1 }],
  }));
}

/** The sort key the table uses for a column, computed by the domain's own functions. */
function keyOf(row: Borehole, sort: SortColumn): string | number | null {
  switch (sort) {
    case 'project':
      return foldText(row.project);
    case 'site':
      return foldText(row.site);
    case 'municipality':
      return foldText(row.muni);
    case 'address':
      return foldText(row.addr);
    default:
      return row[sort];
  }
}

/** The expected order: the key in the direction, empty keys last, ties by id in the same direction. */
function sortedLikeTable(rows: Borehole[], sort: SortColumn, dir: 'asc' | 'desc'): string[] {
  const sign = dir === 'asc' ? 1 : -1;
  const compare = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
  return [...rows]
    .sort((a, b) => {
      const [ka, kb] = [keyOf(a, sort), keyOf(b, sort)];
      if (ka === null || kb === null) {
        if (ka !== kb) return ka === null ? 1 : -1;
      } else if (ka !== kb) return sign * compare(ka, kb);
      return sign * compare(a.id, b.id);
    })
    .map((row) => row.id);
}

describe(`GET /api/boreholes/table on ${testDatabaseKind}`, () => {
  let t: TestApp;
  let everything: Borehole[];

  const get = (path: string, as?: string) => t.call(path, as ? { as } : {});
  /**
   * Every page of a search, following next_cursor; the ids in order and the totals seen: the first
   * page's, and null on the others (a page after the first is not counted again).
   */
  const walk = async (query: string, as: string) => {
    const ids: string[] = [];
    const totals = new Set<number | null>();
    let cursor: string | null = null;
    do {
      const response = await get(`/api/boreholes/table?${query}${cursor ? `&cursor=${cursor}` : ''}`, as);
      expect(response.status).toBe(200);
      const page = (await response.json()) as TablePage;
      ids.push(...page.items.map((item) => item.id));
      totals.add(page.total);
      cursor = page.next_cursor;
    } while (cursor && ids.length < 1000);
    return { ids, totals: [...totals].filter((total) => total !== null), uncounted: totals.has(null) };
  };
  const expected = (query: string, scope: DataScope, sort: SortColumn, dir: 'asc' | 'desc') => {
    const filters = parseFilters(new URLSearchParams(query));
    if (!filters.ok) throw new Error(filters.error);
    return sortedLikeTable(filterBoreholes(everything, filters.filters, scope), sort, dir);
  };

  beforeAll(async () => {
    t = await createTestApp();
    await t.db.transaction(async (tx) => {
      for (const borehole of tiedBoreholes(90)) await upsertBorehole(tx, borehole);
    });
    await t.addAccount(VIEWER, 'viewer', 'Lecteur');
    everything = (await listBoreholes(t.db, { scope: { type: 'all' }, filters: {} })).items;
  });
  afterAll(() => t.close());

  it('needs a session', async () => {
    expect((await get('/api/boreholes/table')).status).toBe(401);
    expect((await get('/api/boreholes/table/count')).status).toBe(401);
  });

  it.each(SORT_COLUMNS.flatMap((sort) => (['asc', 'desc'] as const).map((dir) => [sort, dir] as const)))(
    'walks every row once, in order, sorted by %s %s',
    async (sort, dir) => {
      const { ids, totals, uncounted } = await walk(`sort=${sort}&dir=${dir}&limit=13`, admin.email);
      expect(ids).toEqual(sortedLikeTable(everything, sort, dir));
      expect(totals).toEqual([everything.length]);
      expect(uncounted).toBe(true);
    },
  );

  it('breaks ties by id, so that rows of one key never repeat nor go missing across pages', async () => {
    const { ids } = await walk('sort=depth&dir=asc&limit=4', admin.email);
    const byId = new Map(everything.map((row) => [row.id, row]));
    for (let i = 1; i < ids.length; i++) {
      const [a, b] = [byId.get(ids[i - 1]!)!, byId.get(ids[i]!)!];
      if (a.depth === b.depth) expect(a.id < b.id).toBe(true);
    }
    expect(new Set(ids).size).toBe(everything.length);
  });

  it.each([
    ['sort=municipality&dir=asc&purpose=hydro', montreal.email, TENANTS.montreal.dataScope],
    ['sort=date&municipality=montreal&limit=5', montreal.email, TENANTS.montreal.dataScope],
    ['sort=lat&dir=desc&has_geodata=1&limit=6', stjulie.email, TENANTS.stjulie.dataScope],
    ['sort=project&project=%25&limit=2', admin.email, { type: 'all' } as const],
    ['sort=project&project=_fin&limit=2', admin.email, { type: 'all' } as const],
    ['sort=method&dir=desc&depthMin=5&dateFrom=2024-02-01&limit=3', admin.email, { type: 'all' } as const],
    ['sort=id&tenant=stjulie&limit=7', admin.email, TENANTS.stjulie.dataScope],
  ])('applies the filters and the scope (%s)', async (query, email, scope) => {
    const params = new URLSearchParams(query);
    const sort = params.get('sort') as SortColumn;
    const dir = (params.get('dir') ?? (sort === 'date' ? 'desc' : 'asc')) as 'asc' | 'desc';
    const want = expected(query, scope, sort, dir);
    expect(want.length).toBeGreaterThan(0);
    const { ids, totals } = await walk(query, email);
    expect(ids).toEqual(want);
    expect(totals).toEqual([want.length]);
    const count = (await (await get(`/api/boreholes/table/count?${query}`, email)).json()) as { total: number };
    expect(count.total).toBe(want.length);
  });

  it("never shows another tenant's rows, whatever the URL says", async () => {
    const others = everything.filter((row) => row.tenantSlug !== 'montreal').map((row) => row.id);
    for (const query of ['tenant=stjulie', `ids=MTL-BH-01,${others.slice(0, 20).join(',')}`, 'tenant=admin&sort=id']) {
      const { ids } = await walk(`${query}&limit=50`, montreal.email);
      const tenants = new Set(ids.map((id) => everything.find((row) => row.id === id)!.tenantSlug));
      expect([...tenants]).toEqual(['montreal']);
    }
    const count = (await (await get('/api/boreholes/table/count?tenant=stjulie', montreal.email)).json()) as {
      total: number;
    };
    expect(count.total).toBe(everything.filter((row) => row.tenantSlug === 'montreal').length);
  });

  it('lets a viewer read the table of its tenant', async () => {
    const { ids } = await walk('sort=depth&dir=desc&limit=20', VIEWER);
    expect(ids).toEqual(expected('', TENANTS.montreal.dataScope, 'depth', 'desc'));
  });

  it('answers newest first by default, 100 rows a page', async () => {
    const page = (await (await get('/api/boreholes/table', admin.email)).json()) as TablePage & { sort: string };
    expect(page).toMatchObject({ sort: 'date', dir: 'desc', total: everything.length });
    expect(page.items.map((item) => item.id)).toEqual(sortedLikeTable(everything, 'date', 'desc').slice(0, 100));
    expect(page.items[0]).toHaveProperty('horizons');
    // The workspace asks the count apart: total=false leaves it out, the page the same.
    const uncounted = (await (await get('/api/boreholes/table?total=false', admin.email)).json()) as TablePage;
    expect(uncounted.total).toBeNull();
    expect(uncounted.items.map((item) => item.id)).toEqual(page.items.map((item) => item.id));
  });

  const otherSort = tableCursorOf('depth', 'asc', { key: 3, id: 'TIE-001' });
  it.each([
    ['sort=colour', 'sort=colour', 'Colonne de tri inconnue : valeurs admises id, project'],
    ['sort=depth&dir=up', 'sort=depth&dir=up', 'dir vaut asc ou desc.'],
    ['limit=0', 'limit=0', 'limit vaut au moins 1.'],
    ['limit=501', 'limit=501', 'limit vaut au plus 500.'],
    ['limit=abc', 'limit=abc', 'limit doit être un nombre.'],
    ['cursor=pas-un-curseur', 'cursor=pas-un-curseur', 'Curseur invalide'],
    ['a cursor of 3,000 characters', `cursor=${'A'.repeat(3000)}`, 'Curseur invalide'],
    [
      'a cursor whose key is not a depth',
      `cursor=${tableCursorOf('depth', 'asc', { key: 'trois', id: 'TIE-001' })}&sort=depth&dir=asc`,
      'Curseur invalide',
    ],
    [
      'a cursor with a day that does not exist',
      `cursor=${tableCursorOf('date', 'desc', { key: '2024-02-30', id: 'TIE-001' })}`,
      'Curseur invalide',
    ],
    [
      'a cursor of another direction',
      `cursor=${otherSort}&sort=depth&dir=desc`,
      'Ce curseur appartient à un autre tri',
    ],
    ['a cursor of another column', `cursor=${otherSort}&sort=date`, 'Ce curseur appartient à un autre tri'],
    ['depthMin=abc', 'depthMin=abc', 'Une profondeur doit être un nombre.'],
    ['total=oui', 'total=oui', 'total vaut true ou false.'],
  ])('answers %s with a 400 in French', async (_label, query, message) => {
    const response = await get(`/api/boreholes/table?${query}`, admin.email);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toContain(message);
  });

  it('refuses bad filters on the count too', async () => {
    const response = await get('/api/boreholes/table/count?purpose=mining', admin.email);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toContain('But inconnu');
  });
});
