-- Accounts: sessions, invitations, password resets and the attempts that rate limiting counts.
-- Every token is stored only as its SHA-256 hash (hex).

CREATE TABLE sessions (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);

CREATE INDEX sessions_user ON sessions (user_id);

CREATE TABLE invitations (
  token_hash text PRIMARY KEY,
  tenant_slug text NOT NULL REFERENCES tenants (slug),
  role text NOT NULL CHECK (role IN ('admin', 'member', 'viewer')),
  -- When set, only this address may use the invitation.
  email text CHECK (email = lower(email)),
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  used_by uuid REFERENCES users (id) ON DELETE SET NULL
);

CREATE TABLE password_resets (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

CREATE TABLE auth_attempts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email text NOT NULL,
  ip text NOT NULL,
  succeeded boolean NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX auth_attempts_email ON auth_attempts (email, at);
CREATE INDEX auth_attempts_ip ON auth_attempts (ip, at);
