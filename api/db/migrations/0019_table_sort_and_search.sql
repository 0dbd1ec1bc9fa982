-- (date DESC, id) in the collation of the database serves no query since 0017 (boreholes_page_order
-- replaced it), and every index costs the import: it goes.
--
-- The indexes of the server-side table (one per sortable column, trigrams for the "contains"
-- filters) are not created yet: built together they halved the import's write rate (22,900 →
-- 11,400 boreholes/s for 100,000 boreholes on PostgreSQL, of which the six trigram indexes cost a
-- quarter). Which ones pay for themselves is to be measured at 1,000,000 boreholes against that
-- cost (issue #19).
DROP INDEX boreholes_newest_first;
