-- The current version of a borehole is what the tables hold; its row in borehole_versions says who
-- wrote it, when and by which import, with no snapshot (NULL). When an import changes the borehole,
-- the snapshot of the version it replaces is written from the tables: every version but the current
-- one keeps its snapshot, as 0006 describes, and an import no longer writes each borehole twice.
ALTER TABLE borehole_versions ALTER COLUMN snapshot DROP NOT NULL;
