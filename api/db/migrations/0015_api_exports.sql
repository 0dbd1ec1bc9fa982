-- Exports ordered through the public API (#18): a durable queue. A row is the order; a worker of
-- any API process claims it (a lease: a process that dies mid-way leaves it to another after
-- `locked_until`), writes the file, then marks it ready in the transaction that announces it.
CREATE TABLE api_exports (
  id text PRIMARY KEY CHECK (id ~ '^exp_[0-9A-Z]{16}$'),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_id uuid REFERENCES api_tokens (id) ON DELETE SET NULL,
  format text NOT NULL CHECK (format IN ('geopackage')),
  filter jsonb NOT NULL,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'ready', 'failed', 'expired')),
  attempts integer NOT NULL DEFAULT 0,
  locked_until timestamptz,
  storage_key text,
  size_bytes bigint,
  boreholes integer,
  documents integer,
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  -- When its file is removed (a week after it is ready).
  expires_at timestamptz
);
CREATE INDEX api_exports_user ON api_exports (user_id, created_at DESC);
CREATE INDEX api_exports_due ON api_exports (created_at) WHERE status IN ('queued', 'running');
