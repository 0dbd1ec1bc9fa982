-- The borehole record (#17): a restored version says which one it brought back, and a record may be
-- shared with a person without an account by a link that lasts a chosen time and can be revoked.
ALTER TABLE borehole_versions ADD COLUMN restored_from integer CHECK (restored_from >= 1);

-- A share link's token is shown once, when it is made; only its SHA-256 is kept, like a password.
CREATE TABLE share_links (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  borehole_id text NOT NULL REFERENCES boreholes (id) ON DELETE CASCADE,
  token_sha256 text NOT NULL UNIQUE CHECK (token_sha256 ~ '^[0-9a-f]{64}$'),
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL CHECK (expires_at > created_at),
  revoked_at timestamptz,
  revoked_by uuid REFERENCES users (id) ON DELETE SET NULL
);
CREATE INDEX share_links_borehole ON share_links (borehole_id, created_at DESC);
