import { useId, useState } from 'react';
import { WEBHOOK_EVENT_TYPES, type NewWebhook } from '../../../domain/webhooks.ts';
import { apiJson, errorMessage } from '../../../lib/api.ts';
import { webhookEventLabel } from './admin-labels.ts';

export interface WebhookFormProps {
  /** The organisation the subscription is made for. */
  tenant: string;
  onCreated: (made: NewWebhook) => void | Promise<void>;
  onError: (message: string) => void;
}

/** A new subscription: the receiving address and the events it wants. */
export function WebhookForm({ tenant, onCreated, onError }: WebhookFormProps) {
  const ids = useId();
  const [busy, setBusy] = useState(false);

  const submit = async (form: HTMLFormElement) => {
    const data = new FormData(form);
    setBusy(true);
    try {
      const made = await apiJson<NewWebhook>('/api/webhooks', {
        method: 'POST',
        body: { tenantSlug: tenant, url: (data.get('url') as string).trim(), events: data.getAll('events') },
      });
      form.reset();
      await onCreated(made);
    } catch (failure) {
      onError(errorMessage(failure, 'L’abonnement n’a pas pu être créé.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="webhooks__form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit(event.currentTarget);
      }}
    >
      <label className="field">
        Adresse de réception
        <input
          name="url"
          type="url"
          required
          maxLength={2048}
          autoComplete="off"
          spellCheck={false}
          placeholder="https://exemple.ca/webhooks/geosonde"
          aria-describedby={`${ids}-url`}
        />
        <span id={`${ids}-url`} className="field__hint">
          Une adresse https publique : les adresses privées ou locales sont refusées.
        </span>
      </label>
      <fieldset className="webhooks__events">
        <legend>Événements à envoyer</legend>
        {WEBHOOK_EVENT_TYPES.map((type) => (
          <label key={type} className="webhooks__event">
            <input type="checkbox" name="events" value={type} defaultChecked={type === 'dataset.ingested'} />
            <span>
              {webhookEventLabel(type)} <code>{type}</code>
            </span>
          </label>
        ))}
      </fieldset>
      <button className="button button--primary" type="submit" disabled={busy}>
        {busy ? 'Vérification de l’adresse…' : 'Créer l’abonnement'}
      </button>
    </form>
  );
}

/** The secret of a subscription just made, shown this once, with a button that copies it. */
export function WebhookSecret({ made }: { made: NewWebhook }) {
  return (
    <div className="admin__link" role="status">
      <p>
        Abonnement créé pour {made.item.url}. Ce secret n’est montré qu’une fois : copiez-le dans la configuration du
        destinataire, qui s’en sert pour vérifier la signature de chaque envoi.
      </p>
      <input readOnly value={made.secret} aria-label="Secret de signature" onFocus={(event) => event.target.select()} />
      <button className="button" type="button" onClick={() => void navigator.clipboard?.writeText(made.secret)}>
        Copier le secret
      </button>
    </div>
  );
}
