-- Who added a document: a member may replace or delete the documents it added (administrators
-- any document). Documents listed before this column, or by an import, have no uploader.
ALTER TABLE reports ADD COLUMN uploaded_by uuid REFERENCES users (id) ON DELETE SET NULL;

-- Files whose document was deleted or replaced. The key is written here in the same transaction
-- as the change, the file is removed once it commits, then the line; a crash in between is
-- finished at the next start. A file is thus never removed while a row still names it.
CREATE TABLE file_removals (
  storage_key text PRIMARY KEY CHECK (storage_key ~ '^[0-9a-f]{32}$'),
  at timestamptz NOT NULL DEFAULT now()
);
