-- GéoSonde initial schema: tenants, users, boreholes with their horizons, reports.
-- Runs unchanged on PGlite and on PostgreSQL (13 or later).

CREATE TABLE tenants (
  slug text PRIMARY KEY CHECK (slug ~ '^[a-z][a-z0-9-]{1,31}$'),
  label text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL UNIQUE CHECK (email = lower(email) AND email LIKE '%_@_%'),
  password_hash text NOT NULL,
  display_name text,
  role text NOT NULL CHECK (role IN ('admin', 'member', 'viewer')),
  tenant_slug text NOT NULL REFERENCES tenants (slug),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE boreholes (
  id text PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 64),
  tenant_slug text NOT NULL REFERENCES tenants (slug),
  project text NOT NULL,
  site text NOT NULL,
  muni text NOT NULL,
  date date NOT NULL,
  purpose text NOT NULL CHECK (purpose IN ('hydro', 'geotech', 'environmental', 'open_hole')),
  type text NOT NULL CHECK (type IN ('monitoring_well', 'open_hole', 'piezometer', 'test_hole')),
  method text NOT NULL CHECK (method IN ('rotary', 'hollow_stem_auger', 'sonic', 'coring')),
  hole_state text NOT NULL CHECK (hole_state IN ('open_hole', 'cased', 'screened')),
  depth double precision NOT NULL CHECK (depth >= 0),
  lat double precision CHECK (lat BETWEEN -90 AND 90),
  lon double precision CHECK (lon BETWEEN -180 AND 180),
  addr text NOT NULL DEFAULT '',
  screen_top double precision CHECK (screen_top >= 0),
  screen_bottom double precision CHECK (screen_bottom >= screen_top),
  has_hydro boolean NOT NULL DEFAULT false,
  has_geodata boolean NOT NULL DEFAULT false,
  has_chem boolean NOT NULL DEFAULT false,
  has_core boolean NOT NULL DEFAULT false,
  -- Folded copies (lower case, no accents) written by the application with the same function
  -- the filters use, so that SQL and JavaScript compare the same text whatever the collation.
  search_id text NOT NULL,
  search_project text NOT NULL,
  search_site text NOT NULL,
  search_muni text NOT NULL,
  search_addr text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX boreholes_newest_first ON boreholes (date DESC, id);
CREATE INDEX boreholes_tenant ON boreholes (tenant_slug);

CREATE TABLE horizons (
  borehole_id text NOT NULL REFERENCES boreholes (id) ON DELETE CASCADE,
  position integer NOT NULL CHECK (position >= 0),
  material text NOT NULL,
  thickness double precision NOT NULL CHECK (thickness > 0),
  PRIMARY KEY (borehole_id, position)
);

CREATE TABLE reports (
  id text PRIMARY KEY,
  borehole_id text NOT NULL REFERENCES boreholes (id) ON DELETE CASCADE,
  title text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('pdf', 'image')),
  date date NOT NULL,
  size_bytes bigint NOT NULL CHECK (size_bytes >= 0),
  href text,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX reports_borehole ON reports (borehole_id);
