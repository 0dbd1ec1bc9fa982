-- The map (api/db/borehole-map-repo.ts, issue #19).
--
-- 1. Its points: the boreholes of a viewport, read through this index on the position (the range
--    on the longitude, the latitude checked in the index) instead of a scan of the whole table.
--    The v1 API's `bbox` uses it too.
CREATE INDEX boreholes_map_position ON boreholes (lon, lat);

-- 2. Its clusters come from positions cached in each API process per scope and search. A cache
--    stays valid while the number of rows of this table has not changed: one row per statement
--    that writes what a map search reads (boreholes; geol for the lithology filter; reports for
--    "has a PDF"). Rows, not a counter: a row inserted by a transaction is seen only once it
--    commits, and concurrent writers insert without waiting for each other, where updating one
--    counter would serialise them. Statement triggers: an import's COPY adds one row, not one per
--    borehole.
CREATE TABLE borehole_map_changes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  changed_at timestamptz NOT NULL DEFAULT now()
);

CREATE FUNCTION note_borehole_map_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO borehole_map_changes DEFAULT VALUES;
  RETURN NULL;
END;
$$;

CREATE TRIGGER boreholes_map_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON boreholes
  FOR EACH STATEMENT EXECUTE FUNCTION note_borehole_map_change();
CREATE TRIGGER geol_map_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON geol
  FOR EACH STATEMENT EXECUTE FUNCTION note_borehole_map_change();
CREATE TRIGGER reports_map_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON reports
  FOR EACH STATEMENT EXECUTE FUNCTION note_borehole_map_change();
