-- Webhooks: an organisation's subscriptions (an https address, the events it listens to, a
-- signing secret), and a transactional outbox. An event is written in the transaction of the
-- action it tells of (an import, an export…), with one delivery per subscription listening to it:
-- the event exists if and only if the action committed. A worker of any API process claims due
-- deliveries (FOR UPDATE SKIP LOCKED, with a lease: one left by a process that died is taken up
-- again after `locked_until`), posts them signed, and records every attempt.
CREATE TABLE webhook_subscriptions (
  id uuid PRIMARY KEY,
  tenant_slug text NOT NULL REFERENCES tenants (slug),
  url text NOT NULL CHECK (url ~ '^https?://' AND length(url) <= 2048),
  events text[] NOT NULL CHECK (cardinality(events) >= 1),
  -- The secret (whsec_…) is needed again to sign: kept encrypted (api/webhooks/secret-box.ts).
  secret_sealed text NOT NULL,
  secret_prefix text NOT NULL,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Set when the receiver answered 410 Gone: nothing more is sent.
  disabled_at timestamptz,
  disabled_reason text
);
CREATE INDEX webhook_subscriptions_tenant ON webhook_subscriptions (tenant_slug, created_at DESC);

CREATE TABLE webhook_events (
  id text PRIMARY KEY CHECK (id ~ '^evt_[0-9A-Z]{24}$'),
  tenant_slug text NOT NULL REFERENCES tenants (slug),
  type text NOT NULL,
  -- The JSON body, as sent: the same bytes on every attempt.
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_events_created ON webhook_events (created_at);

CREATE TABLE webhook_deliveries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  event_id text NOT NULL REFERENCES webhook_events (id) ON DELETE CASCADE,
  subscription_id uuid NOT NULL REFERENCES webhook_subscriptions (id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz,
  last_status_code integer,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  UNIQUE (event_id, subscription_id)
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_subscription ON webhook_deliveries (subscription_id, created_at DESC);

CREATE TABLE webhook_attempts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  delivery_id uuid NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
  at timestamptz NOT NULL DEFAULT now(),
  -- The HTTP status received, or the reason there was none (refused address, timeout…).
  status_code integer,
  error text,
  duration_ms integer NOT NULL
);
CREATE INDEX webhook_attempts_delivery ON webhook_attempts (delivery_id, at);
