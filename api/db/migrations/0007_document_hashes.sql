-- A document's SHA-256, so that importing the same AGS submission again does not list its
-- attachments twice. Null for documents stored before it (and for those kept elsewhere).
ALTER TABLE reports ADD COLUMN sha256 text CHECK (sha256 ~ '^[0-9a-f]{64}$');
CREATE INDEX reports_borehole_sha256 ON reports (borehole_id, sha256);
