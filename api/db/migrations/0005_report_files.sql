-- Documents are real files: stored under a random key (`storage_key`) with their checked media
-- type; an upload stays 'processing' until processed. `href` remains for documents kept elsewhere.
ALTER TABLE reports ADD COLUMN storage_key text UNIQUE CHECK (storage_key ~ '^[0-9a-f]{32}$');
ALTER TABLE reports ADD COLUMN mime text
  CHECK (mime IN ('application/pdf', 'image/png', 'image/jpeg', 'image/tiff'));
ALTER TABLE reports ADD COLUMN status text NOT NULL DEFAULT 'ready' CHECK (status IN ('processing', 'ready'));
ALTER TABLE reports ADD CONSTRAINT reports_file_has_type CHECK ((storage_key IS NULL) = (mime IS NULL));
