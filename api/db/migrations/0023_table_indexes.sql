-- The indexes of the database screen at 1,000,000 boreholes (issue #19), chosen by measurement
-- against what each costs the imports (26 November 2026, 2 CPUs shared with other work; docs/workspace.md,
-- « Index du tableau »).
--
-- Every index slows the writes. Writing 100,000 generated boreholes into PostgreSQL (bench:import)
-- took 3.4–3.7 s without this migration; 4.8 s with a sort index on each of nine columns; 5.2–6.9 s
-- with trigrams for the six "contains" filters as well (half the rate). Issue #15 holds imports at
-- 20,000 boreholes/s or more (31,300 without these indexes on a quiet machine), so the indexes go
-- where a search of a million boreholes would otherwise read them all and where users go first.
-- These cost 4.6–5.1 s against 3.7 s in the same conditions: about 24,000 boreholes/s when quiet.
--
-- 1. Sorts, key then id in byte order, walked forwards or backwards (api/db/borehole-table-repo.ts):
--    depth (the measure of a borehole) and project (the job). The date has its index since 0020,
--    the longitude the map's (lon, lat) of 0021, the id its primary key (below). Without an index,
--    a sort by site, municipality, purpose, type, method, address or latitude over all of a
--    million boreholes takes about half a second; within a search that keeps fewer rows it is as
--    quick as the others (125,000 rows of one town: under 100 ms).
CREATE INDEX boreholes_sort_depth ON boreholes (depth, id COLLATE "C");
CREATE INDEX boreholes_sort_project ON boreholes (search_project COLLATE "C", id COLLATE "C");

-- The id's own order is the primary key's where the database's collation is C (the embedded
-- server, PGlite); elsewhere (Debian's C.UTF-8, for one) it needs an index of its own.
DO $$
BEGIN
  IF (SELECT datcollate FROM pg_database WHERE datname = current_database()) NOT IN ('C', 'POSIX') THEN
    CREATE INDEX boreholes_sort_id ON boreholes (id COLLATE "C");
  END IF;
END;
$$;

-- 2. "Contains": trigrams of the folded id and project (lower case, no accents), the two filters
--    that look for one borehole or one job among a million (« 4242 »: 575 ms → 5 ms for a page).
--    LIKE '%…%' reads them for a pattern of three characters or more. The other "contains" filters
--    (site, town, address, lithology) keep a scan: quick for a word that many rows hold, about a
--    quarter of a second at a million for one that none holds. pg_trgm is
--    a trusted extension, which the owner of the database may create; where the role may not, the
--    filters work as before, by a scan.
-- The extension lives in a schema of its own, whatever schema the application's tables are in
-- (the tests give each file one, which they drop): the indexes name the operator class where it is.
DO $$
BEGIN
  CREATE SCHEMA IF NOT EXISTS extensions;
  CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA extensions;
EXCEPTION WHEN insufficient_privilege OR feature_not_supported OR undefined_file OR unique_violation THEN
  RAISE NOTICE 'pg_trgm indisponible : les filtres « contient » liront la table.';
END;
$$;
DO $$
DECLARE
  trigrams text := (SELECT quote_ident(n.nspname) || '.gin_trgm_ops' FROM pg_opclass c
                    JOIN pg_namespace n ON n.oid = c.opcnamespace WHERE c.opcname = 'gin_trgm_ops' LIMIT 1);
BEGIN
  IF trigrams IS NOT NULL THEN
    EXECUTE format('CREATE INDEX boreholes_contains_id ON boreholes USING gin (search_id %s)', trigrams);
    EXECUTE format('CREATE INDEX boreholes_contains_project ON boreholes USING gin (search_project %s)', trigrams);
  END IF;
END;
$$;
