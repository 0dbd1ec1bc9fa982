-- The database screen sorts and pages on the server (api/db/borehole-table-repo.ts): one index per
-- sortable column, on the column's sort key then the id in byte order, so that a page of any sort,
-- however deep, is a walk of its rows in an index (read backwards for a descending sort). They also
-- serve the range filters (date, depth) and the map's box (lat, lon).
CREATE INDEX boreholes_sort_id ON boreholes (id COLLATE "C");
CREATE INDEX boreholes_sort_project ON boreholes (search_project COLLATE "C", id COLLATE "C");
CREATE INDEX boreholes_sort_site ON boreholes (search_site COLLATE "C", id COLLATE "C");
CREATE INDEX boreholes_sort_muni ON boreholes (search_muni COLLATE "C", id COLLATE "C");
CREATE INDEX boreholes_sort_date ON boreholes (date, id COLLATE "C");
CREATE INDEX boreholes_sort_purpose ON boreholes (purpose COLLATE "C", id COLLATE "C");
CREATE INDEX boreholes_sort_type ON boreholes (type COLLATE "C", id COLLATE "C");
CREATE INDEX boreholes_sort_method ON boreholes (method COLLATE "C", id COLLATE "C");
CREATE INDEX boreholes_sort_depth ON boreholes (depth, id COLLATE "C");
CREATE INDEX boreholes_sort_addr ON boreholes (search_addr COLLATE "C", id COLLATE "C");
CREATE INDEX boreholes_sort_lat ON boreholes (lat, id COLLATE "C");
CREATE INDEX boreholes_sort_lon ON boreholes (lon, id COLLATE "C");
-- The screen filter (a well's screen between two depths).
CREATE INDEX boreholes_screen ON boreholes (screen_bottom, screen_top);
-- (date DESC, id) in the collation of the database serves no query since 0017: boreholes_sort_date
-- and boreholes_page_order replace it.
DROP INDEX boreholes_newest_first;

-- The "contains" filters compare folded text (search_* columns, written with foldText) with LIKE
-- '%…%': trigram indexes (pg_trgm) serve them from three characters on. PostgreSQL ships pg_trgm
-- (Debian's contrib, the embedded server's binaries) and PGlite loads it (api/db/database.ts); a
-- server where it cannot be created keeps working, its filters read the table.
DO $$
DECLARE
  ops text;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    BEGIN
      -- In public, not the first schema of the search path: the tests' schemas are dropped.
      CREATE EXTENSION pg_trgm SCHEMA public;
    EXCEPTION WHEN OTHERS THEN
      RAISE NOTICE 'pg_trgm indisponible (%), filtres texte sans index.', SQLERRM;
      RETURN;
    END;
  END IF;
  SELECT format('%I.gin_trgm_ops', n.nspname) INTO ops
  FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm';
  EXECUTE format('CREATE INDEX boreholes_trgm_id ON boreholes USING gin (search_id %s)', ops);
  EXECUTE format('CREATE INDEX boreholes_trgm_project ON boreholes USING gin (search_project %s)', ops);
  EXECUTE format('CREATE INDEX boreholes_trgm_site ON boreholes USING gin (search_site %s)', ops);
  EXECUTE format('CREATE INDEX boreholes_trgm_muni ON boreholes USING gin (search_muni %s)', ops);
  EXECUTE format('CREATE INDEX boreholes_trgm_addr ON boreholes USING gin (search_addr %s)', ops);
  EXECUTE format('CREATE INDEX geol_trgm_description ON geol USING gin (search_description %s)', ops);
END
$$;
