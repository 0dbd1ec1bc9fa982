/** The events a webhook subscription may listen to; the developers page documents each one. */
export const WEBHOOK_EVENT_TYPES = [
  'borehole.created',
  'borehole.updated',
  'dataset.ingested',
  'export.ready',
  'validation.failed',
  'ocr.failed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The ping of « Envoyer un test »: sent to one subscription, whatever it listens to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** Each event in the workspace's words. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'borehole.created': 'Forage créé',
  'borehole.updated': 'Forage modifié',
  'dataset.ingested': 'Import écrit',
  'export.ready': 'Export prêt',
  'validation.failed': 'Import refusé à la vérification',
  'ocr.failed': 'Document illisible au traitement',
};

/** True for a known event name. */
export const isWebhookEventType = (value: unknown): value is WebhookEventType =>
  WEBHOOK_EVENT_TYPES.includes(value as WebhookEventType);

/**
 * The waits between attempts after a failure (Standard Webhooks' usual schedule): the first
 * attempt at once, then 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h; after the eighth failure
 * the delivery is abandoned.
 */
export const WEBHOOK_RETRY_DELAYS_MS = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
] as const;

/** At most this many subscriptions per organisation. */
export const MAX_WEBHOOKS_PER_TENANT = 20;

/** The state of a delivery: waiting (first attempt or a retry), received (2xx), or given up. */
export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed';

/** One try of a delivery: the HTTP status received, or why there was none. */
export interface WebhookAttemptView {
  at: string;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

/** A delivery as the administration screen lists it (`GET /api/webhooks/:id/deliveries`). */
export interface WebhookDeliveryView {
  id: string;
  eventId: string;
  type: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  createdAt: string;
  /** When the next try is due; null once delivered or given up. */
  nextAttemptAt: string | null;
  attemptList: WebhookAttemptView[];
}

/** A subscription as the administration screen lists it (`GET /api/webhooks`): never its secret. */
export interface WebhookView {
  id: string;
  tenantSlug: string;
  url: string;
  events: WebhookEventType[];
  /** The secret's first characters (`whsec_AbCd`), enough to recognise it. */
  secretPrefix: string;
  createdAt: string;
  createdBy: string | null;
  /** Set when GéoSonde stopped sending (the receiver answered 410 Gone). */
  disabledAt: string | null;
  disabledReason: string | null;
}

/** The answer to a creation: the secret, shown this once, and the subscription's view. */
export interface NewWebhook {
  secret: string;
  item: WebhookView;
}
