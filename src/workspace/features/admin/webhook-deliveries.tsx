import { useCallback, useEffect, useId, useState } from 'react';
import { formatMoment } from '../../../domain/format.ts';
import { WEBHOOK_TEST_EVENT, type WebhookDeliveryView, type WebhookView } from '../../../domain/webhooks.ts';
import { apiJson, errorMessage } from '../../../lib/api.ts';
import { ScrollTable } from '../../lib/scroll-table.tsx';
import { DELIVERY_STATES, webhookEventLabel } from './admin-labels.ts';

export interface WebhookDeliveriesProps {
  webhook: WebhookView;
  /** Changes when a test was just asked for: the list is read again. */
  version: number;
}

/** While a delivery is about to be tried, the list is read again this often at most. */
const REFRESH_MS = 3_000;

const moment = (iso: string) => formatMoment(Date.parse(iso) / 1000);

/** The latest 50 deliveries of a subscription: state, HTTP code, attempts, next try. */
export function WebhookDeliveries({ webhook, version }: WebhookDeliveriesProps) {
  const ids = useId();
  const [items, setItems] = useState<WebhookDeliveryView[] | null>(null);
  const [error, setError] = useState('');

  const load = useCallback(
    () =>
      apiJson<{ items: WebhookDeliveryView[] }>(`/api/webhooks/${webhook.id}/deliveries`).then(
        (page) => {
          setItems(page.items);
          setError('');
        },
        (failure: unknown) => setError(errorMessage(failure, 'Les livraisons n’ont pas pu être lues.')),
      ),
    [webhook.id],
  );
  useEffect(() => void load(), [load, version]);
  // A delivery about to be tried (a test just sent, a retry in a few seconds) shows its outcome on its own.
  useEffect(() => {
    const due = (items ?? [])
      .filter((item) => item.status === 'pending' && item.nextAttemptAt)
      .map((item) => Date.parse(item.nextAttemptAt!));
    if (due.length === 0) return;
    const wait = Math.max(REFRESH_MS, Math.min(...due) - Date.now() + 1_000);
    if (wait > 60_000) return;
    const timer = setTimeout(() => void load(), wait);
    return () => clearTimeout(timer);
  }, [items, load]);

  return (
    <section className="webhooks__deliveries" aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`}>Dernières livraisons</h3>
      <p className="webhooks__target">{webhook.url}</p>
      <button className="button webhooks__refresh" type="button" onClick={() => void load()}>
        Actualiser
      </button>
      {error && (
        <p role="alert" className="admin__error">
          {error}
        </p>
      )}
      {items?.length === 0 && <p>Aucune livraison pour l’instant : « Envoyer un test » en fait une.</p>}
      {items && items.length > 0 && (
        <ScrollTable
          label="Tableau des livraisons"
          caption="Les 50 dernières livraisons, les plus récentes d’abord"
          frameClass="admin__scroll"
          tableClass="admin__table"
          rows={items}
          rowKey={(item) => item.id}
          rowData={(item) => ({ 'data-event': item.eventId })}
          columns={[
            {
              heading: 'Événement',
              cell: (item) => (
                <>
                  {item.type === WEBHOOK_TEST_EVENT ? 'Test' : webhookEventLabel(item.type)} <code>{item.eventId}</code>
                </>
              ),
            },
            { heading: 'Émis', cell: (item) => moment(item.createdAt) },
            {
              heading: 'État',
              cell: (item) => (
                <span className={`webhooks__state webhooks__state--${item.status}`}>
                  {DELIVERY_STATES[item.status]}
                </span>
              ),
            },
            { heading: 'Code HTTP', cell: (item) => item.lastStatusCode ?? '—' },
            { heading: 'Tentatives', cell: (item) => item.attempts },
            { heading: 'Prochain essai', cell: (item) => (item.nextAttemptAt ? moment(item.nextAttemptAt) : '—') },
            { heading: 'Détail', cell: (item) => <DeliveryDetail item={item} /> },
          ]}
        />
      )}
    </section>
  );
}

/** A delivery's last error, and each of its attempts on demand. */
function DeliveryDetail({ item }: { item: WebhookDeliveryView }) {
  return (
    <>
      {item.lastError ?? ''}
      {item.attemptList.length > 0 && (
        <details className="webhooks__attempts">
          <summary>Voir les tentatives</summary>
          <ol>
            {item.attemptList.map((attempt, index) => (
              <li key={`${attempt.at}-${index}`}>
                {moment(attempt.at)} : {attempt.statusCode ?? attempt.error} ({attempt.durationMs} ms)
              </li>
            ))}
          </ol>
        </details>
      )}
    </>
  );
}
