-- A log read from a document and checked by a person (issue #20) is written into its borehole as a
-- new version. The version says where its values came from: the document (kept by name, so that
-- the provenance outlives the document) and, as for any version, who checked it and when.
ALTER TABLE borehole_versions ADD COLUMN report_id text REFERENCES reports (id) ON DELETE SET NULL;
ALTER TABLE borehole_versions ADD COLUMN document_title text;

-- What the person validated, beside what was read: the corrections OCR needed, kept for measure.
ALTER TABLE document_jobs ADD COLUMN checked jsonb;
ALTER TABLE document_jobs ADD COLUMN checked_by uuid REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE document_jobs ADD COLUMN checked_at timestamptz;
