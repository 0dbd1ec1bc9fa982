import { useCallback, useEffect, useId, useState } from 'react';
import { formatMoment } from '../../../domain/format.ts';
import { WEBHOOK_TEST_EVENT, type WebhookDeliveryView, type WebhookView } from '../../../domain/webhooks.ts';
import { apiJson, errorMessage } from '../../../lib/api.ts';
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
        // The table holds no control: when it is wider than the panel, its frame takes the focus so
        // that a keyboard can scroll it.
        <div className="admin__scroll" tabIndex={0} role="group" aria-label="Tableau des livraisons">
          <table className="admin__table">
            <caption className="sr-only">Les 50 dernières livraisons, les plus récentes d’abord</caption>
            <thead>
              <tr>
                <th scope="col">Événement</th>
                <th scope="col">Émis</th>
                <th scope="col">État</th>
                <th scope="col">Code HTTP</th>
                <th scope="col">Tentatives</th>
                <th scope="col">Prochain essai</th>
                <th scope="col">Détail</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.id} data-event={item.eventId}>
                  <td>
                    {item.type === WEBHOOK_TEST_EVENT ? 'Test' : webhookEventLabel(item.type)}{' '}
                    <code>{item.eventId}</code>
                  </td>
                  <td>{moment(item.createdAt)}</td>
                  <td>
                    <span className={`webhooks__state webhooks__state--${item.status}`}>
                      {DELIVERY_STATES[item.status]}
                    </span>
                  </td>
                  <td>{item.lastStatusCode ?? '—'}</td>
                  <td>{item.attempts}</td>
                  <td>{item.nextAttemptAt ? moment(item.nextAttemptAt) : '—'}</td>
                  <td>
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
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
