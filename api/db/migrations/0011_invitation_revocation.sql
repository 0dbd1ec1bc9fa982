-- Invitations get an id (the token's hash is a secret's trace, not a name to show) and may be
-- revoked by an administrator before they are used.
ALTER TABLE invitations ADD COLUMN id uuid NOT NULL DEFAULT gen_random_uuid();
ALTER TABLE invitations ADD CONSTRAINT invitations_id UNIQUE (id);
ALTER TABLE invitations ADD COLUMN revoked_at timestamptz;
