-- Import (#15): boreholes belong to projects (AGS PROJ) of a tenant and are known there by their
-- LOCA_ID; their log is kept as the AGS groups give it; each import and each change is recorded.

CREATE TABLE projects (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_slug text NOT NULL REFERENCES tenants (slug),
  -- PROJ_ID, or the project's name for boreholes entered before projects existed.
  code text NOT NULL CHECK (length(code) <= 200),
  name text NOT NULL DEFAULT '',
  location text NOT NULL DEFAULT '',
  client text NOT NULL DEFAULT '',
  contractor text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_slug, code)
);

INSERT INTO projects (tenant_slug, code, name)
SELECT DISTINCT tenant_slug, project, project FROM boreholes;

-- `id` stays the borehole's key and its address (MTL-BH-01…); an imported borehole gets a new,
-- random one. Within a project, LOCA_ID names it: an import finds it again there, and only there.
ALTER TABLE boreholes ADD COLUMN project_id uuid REFERENCES projects (id);
ALTER TABLE boreholes ADD COLUMN loca_id text CHECK (length(loca_id) BETWEEN 1 AND 200);
UPDATE boreholes b SET project_id = p.id, loca_id = b.id
FROM projects p WHERE p.tenant_slug = b.tenant_slug AND p.code = b.project;
ALTER TABLE boreholes ALTER COLUMN project_id SET NOT NULL;
ALTER TABLE boreholes ALTER COLUMN loca_id SET NOT NULL;
ALTER TABLE boreholes ADD CONSTRAINT boreholes_loca_in_project UNIQUE (project_id, loca_id);

-- What an AGS file says and the specification's fields do not: left empty when unknown, never guessed.
ALTER TABLE boreholes ALTER COLUMN date DROP NOT NULL;
ALTER TABLE boreholes ALTER COLUMN method DROP NOT NULL;
ALTER TABLE boreholes ALTER COLUMN hole_state DROP NOT NULL;
ALTER TABLE boreholes ADD COLUMN end_date date;
ALTER TABLE boreholes ADD COLUMN loca_type text NOT NULL DEFAULT '';
ALTER TABLE boreholes ADD COLUMN ground_level double precision;
-- The coordinates as given, in their system, beside lat/lon in WGS 84.
ALTER TABLE boreholes ADD COLUMN crs text;
ALTER TABLE boreholes ADD COLUMN original_x double precision;
ALTER TABLE boreholes ADD COLUMN original_y double precision;
ALTER TABLE boreholes ADD COLUMN location_confidence text NOT NULL DEFAULT 'unknown'
  CHECK (location_confidence IN ('surveyed', 'converted', 'approximate', 'unknown'));
-- The LOCA row's other fields, by heading, so that an AGS export gives them back.
ALTER TABLE boreholes ADD COLUMN ags_extra jsonb NOT NULL DEFAULT '{}';
ALTER TABLE boreholes ADD COLUMN version integer NOT NULL DEFAULT 1 CHECK (version >= 1);
UPDATE boreholes SET crs = 'EPSG:4326', original_x = lon, original_y = lat, location_confidence = 'surveyed'
WHERE lat IS NOT NULL AND lon IS NOT NULL;

-- GEOL: the layers of the log. The former horizons become layers, top = the thicknesses above.
CREATE TABLE geol (
  borehole_id text NOT NULL REFERENCES boreholes (id) ON DELETE CASCADE,
  position integer NOT NULL CHECK (position >= 0),
  top double precision NOT NULL CHECK (top >= 0),
  base double precision CHECK (base > top),
  description text NOT NULL,
  legend text NOT NULL DEFAULT '',
  geology text NOT NULL DEFAULT '',
  -- Folded copy for the lithology filter (see 0004); filled by the application.
  search_description text,
  extra jsonb NOT NULL DEFAULT '{}',
  PRIMARY KEY (borehole_id, position)
);

INSERT INTO geol (borehole_id, position, top, base, description, search_description)
SELECT borehole_id, position,
       COALESCE(sum(thickness) OVER (PARTITION BY borehole_id ORDER BY position
                                     ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0),
       sum(thickness) OVER (PARTITION BY borehole_id ORDER BY position),
       material, search_material
FROM horizons;

DROP TABLE horizons;

-- ISPT: standard penetration tests.
CREATE TABLE ispt (
  borehole_id text NOT NULL REFERENCES boreholes (id) ON DELETE CASCADE,
  position integer NOT NULL CHECK (position >= 0),
  top double precision NOT NULL CHECK (top >= 0),
  n_value double precision,
  extra jsonb NOT NULL DEFAULT '{}',
  PRIMARY KEY (borehole_id, position)
);

-- The other groups of a log (samples, water strikes and standing levels, core, hole depths,
-- details): their depth, and every field by heading.
CREATE TABLE log_rows (
  borehole_id text NOT NULL REFERENCES boreholes (id) ON DELETE CASCADE,
  grp text NOT NULL CHECK (grp IN ('SAMP', 'WSTG', 'WSTD', 'CORE', 'HDPH', 'DETL')),
  position integer NOT NULL CHECK (position >= 0),
  top double precision,
  base double precision,
  fields jsonb NOT NULL,
  PRIMARY KEY (borehole_id, grp, position)
);

-- Imports: the file kept (under DATA_DIR/files, like documents), its report, what it wrote.
CREATE TABLE imports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_slug text NOT NULL REFERENCES tenants (slug),
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  file_name text NOT NULL CHECK (length(file_name) BETWEEN 1 AND 255),
  size_bytes bigint NOT NULL CHECK (size_bytes >= 0),
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  storage_key text NOT NULL UNIQUE CHECK (storage_key ~ '^[0-9a-f]{32}$'),
  crs text,
  status text NOT NULL CHECK (status IN ('refused', 'validated', 'committed')),
  report jsonb NOT NULL,
  project_id uuid REFERENCES projects (id),
  -- { created, updated, unchanged } once committed.
  result jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  committed_at timestamptz
);
CREATE INDEX imports_tenant_newest ON imports (tenant_slug, created_at DESC);

-- Every version of a borehole but the current one: what it was before a change, who changed
-- it, when, and by which import. Nothing is overwritten without leaving its previous values here.
CREATE TABLE borehole_versions (
  borehole_id text NOT NULL REFERENCES boreholes (id) ON DELETE CASCADE,
  version integer NOT NULL CHECK (version >= 1),
  import_id uuid REFERENCES imports (id),
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- The borehole as it was in this version (its fields and its log), and the fields that changed after.
  snapshot json NOT NULL,
  changed text[] NOT NULL,
  PRIMARY KEY (borehole_id, version)
);

-- The groups of an imported file that GéoSonde does not model, as they came, by project.
CREATE TABLE project_groups (
  project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (name ~ '^[A-Z0-9]{4}$'),
  import_id uuid REFERENCES imports (id),
  headings jsonb NOT NULL,
  units jsonb NOT NULL,
  types jsonb NOT NULL,
  rows jsonb NOT NULL,
  PRIMARY KEY (project_id, name)
);
