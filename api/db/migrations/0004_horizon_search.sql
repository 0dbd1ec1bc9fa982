-- The lithology filter matches a horizon's material loosely: a folded copy (lower case, no
-- accents), written by the application with the filters' own function. Rows stored before this
-- migration are folded once by `migrate` (see foldStoredMaterials).
ALTER TABLE horizons ADD COLUMN search_material text;
