-- Uploaded documents are processed (issue #20): a log is read — from its PDF text, else by OCR —
-- and waits for a person to check it. The states a document goes through:
--   processing (« En traitement ») → review (« À vérifier »: a log was read) or ready (« Traité »);
--   failed (« Échec », with the reason) when its file cannot be read.
ALTER TABLE reports DROP CONSTRAINT reports_status_check;
ALTER TABLE reports ADD CONSTRAINT reports_status_check CHECK (status IN ('processing', 'review', 'ready', 'failed'));
ALTER TABLE reports ADD COLUMN status_reason text;

-- The durable queue of that processing: one job a document, for the file it has now (a new file
-- starts the job again). A worker claims a job for a lease; one that dies leaves it to be claimed
-- again when the lease ends, so that a restart loses nothing. `reading` keeps what was read.
CREATE TABLE document_jobs (
  report_id text PRIMARY KEY REFERENCES reports (id) ON DELETE CASCADE,
  storage_key text NOT NULL,
  state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'done', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  -- A running job's lease, or when a job that failed may be tried again.
  locked_until timestamptz,
  error text,
  reading jsonb,
  queued_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX document_jobs_waiting ON document_jobs (queued_at) WHERE state IN ('queued', 'running');

-- The documents uploaded before, still « En traitement », are processed now.
INSERT INTO document_jobs (report_id, storage_key)
  SELECT id, storage_key FROM reports WHERE status = 'processing' AND storage_key IS NOT NULL;
