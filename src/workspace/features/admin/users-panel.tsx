import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { formatMoment } from '../../../domain/format.ts';
import { ROLES, type Role } from '../../../domain/roles.ts';
import { TENANT_SLUGS } from '../../../domain/tenants.ts';
import { apiJson, errorMessage } from '../../../lib/api.ts';
import { ConfirmDialog } from '../../lib/confirm-dialog.tsx';
import { ScrollTable } from '../../lib/scroll-table.tsx';
import { ROLE_LABELS, tenantLabel } from './admin-labels.ts';

interface Account {
  id: string;
  email: string;
  displayName: string | null;
  role: Role;
  tenantSlug: string;
  disabled: boolean;
  lastSignIn: string | null;
}

/** The accounts of one organisation: role changed in place, disabled or enabled after a confirmation. */
export function UsersPanel({ self }: { self: string }) {
  const ids = useId();
  const [tenant, setTenant] = useState('montreal');
  const [items, setItems] = useState<Account[]>([]);
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  const [toggling, setToggling] = useState<Account | null>(null);

  // Only the latest reading is shown: another organisation's answer may come after this one's.
  const latest = useRef(0);
  const load = useCallback(() => {
    const reading = ++latest.current;
    return apiJson<{ items: Account[] }>(`/api/admin/users?tenant=${tenant}`).then(
      ({ items }) => reading === latest.current && setItems(items),
      (failure: unknown) =>
        reading === latest.current && setError(errorMessage(failure, 'Les comptes n’ont pas pu être lus.')),
    );
  }, [tenant]);
  useEffect(() => void load(), [load]);

  const change = async (account: Account, body: { role?: Role; disabled?: boolean }, done: string) => {
    setError('');
    setMessage('');
    try {
      await apiJson(`/api/admin/users/${account.id}`, { method: 'PATCH', body });
      setMessage(done);
    } catch (failure) {
      setError(errorMessage(failure, 'Le compte n’a pas pu être modifié.'));
    }
    await load();
  };

  return (
    <section className="admin__panel" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>Utilisateurs</h2>
      <label className="field admin__filter">
        Organisation
        <select value={tenant} onChange={(event) => setTenant(event.target.value)}>
          {TENANT_SLUGS.map((slug) => (
            <option key={slug} value={slug}>
              {tenantLabel(slug)}
            </option>
          ))}
        </select>
      </label>
      {message && <p role="status">{message}</p>}
      {error && (
        <p role="alert" className="admin__error">
          {error}
        </p>
      )}
      <ScrollTable
        label="Tableau des comptes"
        caption={`Comptes de ${tenantLabel(tenant)}`}
        frameClass="admin__scroll"
        tableClass="admin__table"
        rows={items}
        rowKey={(account) => account.id}
        rowData={(account) => ({ 'data-email': account.email })}
        columns={[
          { heading: 'Nom', cell: (account) => account.displayName ?? '—' },
          { heading: 'Courriel', cell: (account) => account.email },
          {
            heading: 'Rôle',
            cell: (account) => (
              <select
                className="control"
                aria-label={`Rôle de ${account.email}`}
                value={account.role}
                disabled={account.email === self}
                onChange={(event) => {
                  const role = event.target.value as Role;
                  void change(account, { role }, `${account.email} : ${ROLE_LABELS[role]}.`);
                }}
              >
                {ROLES.map((role) => (
                  <option key={role} value={role}>
                    {ROLE_LABELS[role]}
                  </option>
                ))}
              </select>
            ),
          },
          { heading: 'État', cell: (account) => (account.disabled ? 'Désactivé' : 'Actif') },
          {
            heading: 'Dernière connexion',
            cell: (account) => (account.lastSignIn ? formatMoment(Date.parse(account.lastSignIn) / 1000) : 'Jamais'),
          },
          {
            heading: 'Action',
            hiddenHeading: true,
            cell: (account) =>
              account.email !== self && (
                <button className="button" type="button" onClick={() => setToggling(account)}>
                  {account.disabled ? 'Réactiver' : 'Désactiver'}
                </button>
              ),
          },
        ]}
      />
      <ConfirmDialog
        question={
          toggling &&
          (toggling.disabled
            ? {
                title: 'Réactiver ce compte ?',
                text: `${toggling.email} pourra de nouveau se connecter, avec son rôle actuel.`,
                confirm: 'Réactiver',
              }
            : {
                title: 'Désactiver ce compte ?',
                text: `${toggling.email} est déconnecté sur-le-champ et ne pourra plus se connecter. Ses documents restent. Le changement est inscrit au journal.`,
                confirm: 'Désactiver',
              })
        }
        onConfirm={() => {
          if (!toggling) return;
          const account = toggling;
          setToggling(null);
          void change(
            account,
            { disabled: !account.disabled },
            `${account.email} : compte ${account.disabled ? 'réactivé' : 'désactivé'}.`,
          );
        }}
        onClose={() => setToggling(null)}
      />
    </section>
  );
}
