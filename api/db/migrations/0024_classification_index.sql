-- The counts of a search at 1,000,000 boreholes (issue #19), measured on the embedded
-- PostgreSQL (26 November 2026, 2 CPUs shared with other work; docs/workspace.md, « Index du tableau »).
--
-- A count that no index answers reads the whole table: about 160 ms for any filter on a quiet
-- machine, the time of walking a million rows, whichever the filter; 230–300 ms under load for
-- « but, profondeur, municipalité ». The classification filters (purpose, type, method) are the
-- lists a user sets first, and a range of depths often comes with them: this index leads with
-- them and carries, after its keys, the other columns a count or a tenant's scope reads (date,
-- tenant, folded town, position), so that such a count reads the index alone (once the table's
-- pages are marked visible by VACUUM, which autovacuum does after an import): 26 ms for the
-- three filters above (180 ms by the table), 27 ms within Montréal's scope. PostgreSQL 18 also
-- skips through the leading columns a search leaves free (by method: 39 ms). It costs the
-- imports a tenth of their time or so (docs/workspace.md).
CREATE INDEX boreholes_classification ON boreholes (purpose, type, method, depth)
  INCLUDE (date, tenant_slug, search_muni, lat, lon);
