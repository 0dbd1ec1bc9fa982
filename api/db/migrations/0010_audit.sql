-- What people did, kept for the administrators: sign-ins, documents added, replaced or deleted,
-- exports, imports and changes to accounts and invitations. Rows are only ever added.
-- The e-mail is the one the account had at the time; the row outlives the account.

CREATE TABLE audit_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  tenant_slug text REFERENCES tenants (slug),
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  email text,
  action text NOT NULL,
  -- What the action was on: a document id, a borehole, an invitation, an account's e-mail…
  target text,
  detail jsonb NOT NULL DEFAULT '{}'
);

CREATE INDEX audit_events_tenant_at ON audit_events (tenant_slug, at DESC, id DESC);
CREATE INDEX audit_events_at ON audit_events (at DESC, id DESC);

-- A disabled account keeps its data but can no longer sign in; its sessions are ended.
ALTER TABLE users ADD COLUMN disabled_at timestamptz;
