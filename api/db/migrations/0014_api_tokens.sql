-- The public API (#18): bearer tokens made by members and administrators in « Accès API ». A token
-- acts for its owner: it reads what the owner's account may read today, never more, and stops when
-- the account is disabled. Only the token's SHA-256 is kept; its first characters help recognise it.
CREATE TABLE api_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  prefix text NOT NULL,
  token_sha256 text NOT NULL UNIQUE CHECK (token_sha256 ~ '^[0-9a-f]{64}$'),
  scopes text[] NOT NULL CHECK (cardinality(scopes) >= 1),
  -- Addresses or CIDR ranges, as the owner wrote them; empty: from anywhere.
  allowed_ips text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL CHECK (expires_at > created_at),
  last_used_at timestamptz,
  last_client text,
  revoked_at timestamptz,
  -- The token a rotation made in its place; the old one then expires after a grace period.
  replaced_by uuid REFERENCES api_tokens (id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED,
  -- The rate limit's bucket: how many calls it holds, as of when it was last counted. In the
  -- database, so that every API process draws from the same bucket.
  bucket double precision,
  bucket_at timestamptz
);
CREATE INDEX api_tokens_user ON api_tokens (user_id, created_at DESC);
