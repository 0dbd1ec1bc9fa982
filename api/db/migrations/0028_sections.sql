-- Cross-sections saved by an organisation's members, each in one of its projects (issue #36): the
-- line and how it is drawn, and who saved it when. The boreholes are not stored: a section opened
-- again is drawn from the data as it stands, within what the reader may read.
CREATE TABLE sections (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_slug text NOT NULL REFERENCES tenants (slug),
  project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 120),
  line jsonb NOT NULL CHECK (jsonb_typeof(line) = 'array'),
  corridor double precision NOT NULL CHECK (corridor > 0 AND corridor <= 2000),
  exaggeration double precision CHECK (exaggeration IS NULL OR (exaggeration >= 1 AND exaggeration <= 50)),
  links boolean NOT NULL DEFAULT true,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_email text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sections_tenant_created ON sections (tenant_slug, created_at DESC);
