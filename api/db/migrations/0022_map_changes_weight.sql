-- borehole_map_changes (0021) gained a row per write statement for good, and every map request
-- counted them all. A row now weighs the notes it stands for: a search's generation is the sum of
-- the weights, and the API folds the rows into one of their total weight once there are many
-- (api/db/borehole-map-repo.ts). Folding keeps the sum, so no cache is read again for it, and the
-- sum only ever grows, so no cache can take a later state for the one it read.
ALTER TABLE borehole_map_changes ADD COLUMN weight bigint NOT NULL DEFAULT 1;
