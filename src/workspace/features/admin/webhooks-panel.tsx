import './webhooks.css';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { formatMoment } from '../../../domain/format.ts';
import { TENANT_SLUGS } from '../../../domain/tenants.ts';
import type { NewWebhook, WebhookView } from '../../../domain/webhooks.ts';
import { apiJson, errorMessage } from '../../../lib/api.ts';
import { ConfirmDialog } from '../../lib/confirm-dialog.tsx';
import { ScrollTable } from '../../lib/scroll-table.tsx';
import { tenantLabel, webhookEventLabel } from './admin-labels.ts';
import { WebhookDeliveries } from './webhook-deliveries.tsx';
import { WebhookForm, WebhookSecret } from './webhook-form.tsx';

/**
 * Webhooks of one organisation: subscribe an address to events (its signing secret shown once),
 * send a test, read the latest deliveries, delete after a confirmation.
 */
export function WebhooksPanel() {
  const ids = useId();
  const [tenant, setTenant] = useState('montreal');
  const [items, setItems] = useState<WebhookView[]>([]);
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  const [secret, setSecret] = useState<NewWebhook | null>(null);
  const [deleting, setDeleting] = useState<WebhookView | null>(null);
  const [shown, setShown] = useState<{ id: string; version: number } | null>(null);

  // Only the latest reading is shown: another organisation's answer may come after this one's.
  const latest = useRef(0);
  const load = useCallback(() => {
    const reading = ++latest.current;
    return apiJson<{ items: WebhookView[] }>(`/api/webhooks?tenant=${tenant}`).then(
      (page) => reading === latest.current && setItems(page.items),
      (failure: unknown) =>
        reading === latest.current && setError(errorMessage(failure, 'Les webhooks n’ont pas pu être lus.')),
    );
  }, [tenant]);
  useEffect(() => void load(), [load]);

  const say = (done: string, failed = '') => {
    setMessage(done);
    setError(failed);
  };

  const created = async (made: NewWebhook) => {
    setSecret(made);
    say('');
    await load();
  };

  const test = async (webhook: WebhookView) => {
    say('');
    try {
      await apiJson(`/api/webhooks/${webhook.id}/test`, { method: 'POST' });
      say(`Test envoyé à ${webhook.url} : son état s’affiche dans les livraisons.`);
      setShown((current) => ({ id: webhook.id, version: (current?.version ?? 0) + 1 }));
    } catch (failure) {
      say('', errorMessage(failure, 'Le test n’a pas pu être envoyé.'));
    }
  };

  const remove = async (webhook: WebhookView) => {
    setDeleting(null);
    say('');
    try {
      await apiJson(`/api/webhooks/${webhook.id}`, { method: 'DELETE' });
      say(`Abonnement ${webhook.url} supprimé.`);
      if (shown?.id === webhook.id) setShown(null);
      if (secret?.item.id === webhook.id) setSecret(null);
      await load();
    } catch (failure) {
      say('', errorMessage(failure, 'L’abonnement n’a pas pu être supprimé.'));
    }
  };

  const shownWebhook = items.find((item) => item.id === shown?.id);
  return (
    <section className="admin__panel" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>Webhooks</h2>
      <p className="webhooks__intro">
        GéoSonde avertit un autre système quand quelque chose arrive dans une organisation : il envoie l’événement en
        JSON, signé selon Standard Webhooks, à l’adresse https choisie, et réessaie pendant un peu plus d’une journée si
        elle ne répond pas.
      </p>
      <label className="field admin__filter">
        Organisation
        <select
          value={tenant}
          onChange={(event) => {
            setTenant(event.target.value);
            setShown(null);
          }}
        >
          {TENANT_SLUGS.map((slug) => (
            <option key={slug} value={slug}>
              {tenantLabel(slug)}
            </option>
          ))}
        </select>
      </label>
      <WebhookForm tenant={tenant} onCreated={created} onError={(text) => say('', text)} />
      {secret && <WebhookSecret made={secret} />}
      {message && <p role="status">{message}</p>}
      {error && (
        <p role="alert" className="admin__error">
          {error}
        </p>
      )}
      {items.length === 0 ? (
        <p>Aucun webhook pour {tenantLabel(tenant)}.</p>
      ) : (
        <ScrollTable
          label="Tableau des webhooks"
          caption={`Webhooks de ${tenantLabel(tenant)}`}
          frameClass="admin__scroll"
          tableClass="admin__table"
          rows={items}
          rowKey={(webhook) => webhook.id}
          rowData={(webhook) => ({ 'data-url': webhook.url })}
          columns={[
            {
              heading: 'Adresse',
              cellClass: 'webhooks__url',
              cell: (webhook) => (
                <>
                  {webhook.url}
                  <br />
                  <code title="Début du secret">{webhook.secretPrefix}…</code>
                </>
              ),
            },
            { heading: 'Événements', cell: (webhook) => webhook.events.map(webhookEventLabel).join(', ') },
            {
              heading: 'État',
              cell: (webhook) =>
                webhook.disabledAt ? (
                  <>
                    <span className="webhooks__state webhooks__state--failed">Désactivé</span>
                    {webhook.disabledReason && <small className="webhooks__reason">{webhook.disabledReason}</small>}
                  </>
                ) : (
                  <span className="webhooks__state webhooks__state--delivered">Actif</span>
                ),
            },
            {
              heading: 'Créé',
              cell: (webhook) =>
                `${formatMoment(Date.parse(webhook.createdAt) / 1000)}${webhook.createdBy ? ` par ${webhook.createdBy}` : ''}`,
            },
            {
              heading: 'Actions',
              hiddenHeading: true,
              cellClass: 'webhooks__actions',
              cell: (webhook) => (
                <>
                  {!webhook.disabledAt && (
                    <button className="button" type="button" onClick={() => void test(webhook)}>
                      Envoyer un test
                    </button>
                  )}
                  <button
                    className="button"
                    type="button"
                    aria-expanded={shown?.id === webhook.id}
                    onClick={() => setShown(shown?.id === webhook.id ? null : { id: webhook.id, version: 0 })}
                  >
                    Livraisons
                  </button>
                  <button className="button" type="button" onClick={() => setDeleting(webhook)}>
                    Supprimer
                  </button>
                </>
              ),
            },
          ]}
        />
      )}
      {shownWebhook && shown && <WebhookDeliveries webhook={shownWebhook} version={shown.version} />}
      <ConfirmDialog
        question={
          deleting && {
            title: 'Supprimer ce webhook ?',
            text: `${deleting.url} ne recevra plus rien, et ses livraisons en attente sont abandonnées. La suppression est inscrite au journal.`,
            confirm: 'Supprimer',
          }
        }
        onConfirm={() => deleting && void remove(deleting)}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}
