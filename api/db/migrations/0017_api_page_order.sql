-- The public API pages boreholes by position in the order newest first (no date last), then id in
-- byte order (api/v1/borehole-pages.ts). This index is that order, so that a page, however deep,
-- is a walk of 50 index entries rather than a sort of every borehole in scope.
CREATE INDEX boreholes_page_order ON boreholes ((COALESCE(date, '-infinity'::date)) DESC, id COLLATE "C");
