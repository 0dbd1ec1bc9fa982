import { useCallback, useEffect, useId, useState } from 'react';
import { formatMoment } from '../../../domain/format.ts';
import { ROLES, type Role } from '../../../domain/roles.ts';
import { TENANT_SLUGS } from '../../../domain/tenants.ts';
import { apiJson, errorMessage } from '../../../lib/api.ts';
import { ConfirmDialog } from '../../lib/confirm-dialog.tsx';
import { ScrollTable } from '../../lib/scroll-table.tsx';
import { INVITATION_STATES, ROLE_LABELS, tenantLabel } from './admin-labels.ts';

interface Invitation {
  id: string;
  tenantSlug: string;
  role: Role;
  email: string | null;
  createdAt: string;
  expiresAt: string;
  usedBy: string | null;
  state: string;
}

const moment = (iso: string) => formatMoment(Date.parse(iso) / 1000);

/** Invitations: a form that creates one (its link shown once), and the list with « Révoquer ». */
export function InvitationsPanel() {
  const ids = useId();
  const [items, setItems] = useState<Invitation[]>([]);
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  const [link, setLink] = useState('');
  const [revoking, setRevoking] = useState<Invitation | null>(null);

  const load = useCallback(
    () =>
      apiJson<{ items: Invitation[] }>('/api/invitations').then(
        ({ items }) => setItems(items),
        (failure: unknown) => setError(errorMessage(failure, 'Les invitations n’ont pas pu être lues.')),
      ),
    [],
  );
  useEffect(() => void load(), [load]);

  const create = async (form: HTMLFormElement) => {
    const data = new FormData(form);
    setError('');
    setMessage('');
    try {
      const created = await apiJson<{ registerUrl: string }>('/api/invitations', {
        method: 'POST',
        body: {
          email: (data.get('email') as string | null)?.trim() || null,
          tenantSlug: data.get('tenantSlug'),
          role: data.get('role'),
          days: Number(data.get('days')),
        },
      });
      setLink(created.registerUrl);
      form.reset();
      await load();
    } catch (failure) {
      setError(errorMessage(failure, 'L’invitation n’a pas pu être créée.'));
    }
  };

  const revoke = async (invitation: Invitation) => {
    setRevoking(null);
    try {
      await apiJson(`/api/invitations/${invitation.id}`, { method: 'DELETE' });
      setMessage(`Invitation ${invitation.email ?? 'sans adresse'} révoquée.`);
      await load();
    } catch (failure) {
      setError(errorMessage(failure, 'L’invitation n’a pas pu être révoquée.'));
    }
  };

  return (
    <section className="admin__panel" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>Invitations</h2>
      <form
        className="admin__form"
        onSubmit={(event) => {
          event.preventDefault();
          void create(event.currentTarget);
        }}
      >
        <label className="field">
          Courriel (facultatif)
          <input name="email" type="email" maxLength={254} autoComplete="off" placeholder="prenom.nom@exemple.ca" />
        </label>
        <label className="field">
          Organisation
          <select name="tenantSlug" defaultValue="montreal">
            {TENANT_SLUGS.map((slug) => (
              <option key={slug} value={slug}>
                {tenantLabel(slug)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          Rôle
          <select name="role" defaultValue="member">
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          Validité (jours)
          <input name="days" type="number" min={1} max={90} defaultValue={7} required />
        </label>
        <button className="button button--primary" type="submit">
          Créer l’invitation
        </button>
      </form>
      {link && (
        <div className="admin__link" role="status">
          <p>Invitation créée. Ce lien n’est montré qu’une fois : transmettez-le à la personne invitée.</p>
          <input readOnly value={link} aria-label="Lien d’inscription" onFocus={(event) => event.target.select()} />
          <button className="button" type="button" onClick={() => void navigator.clipboard?.writeText(link)}>
            Copier le lien
          </button>
        </div>
      )}
      {message && <p role="status">{message}</p>}
      {error && (
        <p role="alert" className="admin__error">
          {error}
        </p>
      )}
      <ScrollTable
        label="Tableau des invitations"
        caption="Invitations, les plus récentes d’abord"
        frameClass="admin__scroll"
        tableClass="admin__table"
        rows={items}
        rowKey={(invitation) => invitation.id}
        rowData={(invitation) => ({ 'data-id': invitation.id })}
        columns={[
          { heading: 'Courriel', cell: (invitation) => invitation.email ?? 'toute adresse' },
          { heading: 'Organisation', cell: (invitation) => tenantLabel(invitation.tenantSlug) },
          { heading: 'Rôle', cell: (invitation) => ROLE_LABELS[invitation.role].split(' (')[0] },
          { heading: 'Créée', cell: (invitation) => moment(invitation.createdAt) },
          { heading: 'Expire', cell: (invitation) => moment(invitation.expiresAt) },
          {
            heading: 'État',
            cell: (invitation) =>
              `${INVITATION_STATES[invitation.state]}${invitation.usedBy ? ` (${invitation.usedBy})` : ''}`,
          },
          {
            heading: 'Action',
            hiddenHeading: true,
            cell: (invitation) =>
              invitation.state === 'pending' && (
                <button className="button" type="button" onClick={() => setRevoking(invitation)}>
                  Révoquer
                </button>
              ),
          },
        ]}
      />
      <ConfirmDialog
        question={
          revoking && {
            title: 'Révoquer cette invitation ?',
            text: `Le lien envoyé à ${revoking.email ?? 'la personne invitée'} ne permettra plus de s’inscrire. La révocation est inscrite au journal.`,
            confirm: 'Révoquer',
          }
        }
        onConfirm={() => revoking && void revoke(revoking)}
        onClose={() => setRevoking(null)}
      />
    </section>
  );
}
