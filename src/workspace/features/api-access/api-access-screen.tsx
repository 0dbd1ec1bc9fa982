import './api-access.css';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import {
  ROTATION_GRACE_HOURS,
  type ApiScope,
  type ApiTokenView,
  type NewApiToken,
} from '../../../domain/api-tokens.ts';
import { hasRole, type Role } from '../../../domain/roles.ts';
import { apiJson, errorMessage } from '../../../lib/api.ts';
import { ConfirmDialog } from '../../lib/confirm-dialog.tsx';
import { TokenForm, type TokenRequest } from './token-form.tsx';
import { TokenList } from './token-list.tsx';
import { TokenSecret, type TokenSecretProps } from './token-secret.tsx';

interface TokenPage {
  items: ApiTokenView[];
  scopes: ApiScope[];
}

/**
 * « Accès API »: the tokens of the public API (`/v1`) that act for this user. A member or an
 * administrator makes one (its secret shown once), renews it with a grace period for the old one,
 * or revokes it after a confirmation. A viewer is told the screen is not for a read-only account.
 */
export function ApiAccessScreen({ role }: { role: Role }) {
  if (!hasRole(role, 'member')) {
    return (
      <section className="api-access" aria-label="Accès API">
        <p role="alert">Votre compte est en lecture seule : il ne peut pas créer de jeton d’API.</p>
        <p>
          <a href="/client/map">Retour à la carte</a>
        </p>
      </section>
    );
  }
  return <ApiTokens />;
}

function ApiTokens() {
  const ids = useId();
  const [page, setPage] = useState<TokenPage | null>(null);
  const [made, setMade] = useState<TokenSecretProps['made'] | null>(null);
  const [formError, setFormError] = useState('');
  const [listError, setListError] = useState('');
  const [notice, setNotice] = useState('');
  const [rotating, setRotating] = useState<ApiTokenView | null>(null);
  const [graceHours, setGraceHours] = useState<number>(ROTATION_GRACE_HOURS.default);
  const [revoking, setRevoking] = useState<ApiTokenView | null>(null);
  const noticeLine = useRef<HTMLParagraphElement>(null);

  const load = useCallback(
    () =>
      apiJson<TokenPage>('/api/tokens').then(setPage, (failure: unknown) =>
        setListError(errorMessage(failure, 'Vos jetons n’ont pas pu être lus. Rechargez la page.')),
      ),
    [],
  );
  useEffect(() => void load(), [load]);
  // A revoked token's buttons are gone: focus goes to the line that says what happened.
  useEffect(() => {
    if (notice) noticeLine.current?.focus();
  }, [notice]);

  const create = async (request: TokenRequest) => {
    setFormError('');
    setNotice('');
    try {
      setMade(await apiJson<NewApiToken>('/api/tokens', { method: 'POST', body: request }));
      await load();
      return true;
    } catch (failure) {
      setFormError(errorMessage(failure, 'Le jeton n’a pas pu être créé. Réessayez.'));
      return false;
    }
  };
  const rotate = async (token: ApiTokenView) => {
    setRotating(null);
    setListError('');
    setNotice('');
    try {
      setMade(
        await apiJson<NewApiToken & { previous: ApiTokenView }>(`/api/tokens/${token.id}/rotate`, {
          method: 'POST',
          body: { graceHours },
        }),
      );
    } catch (failure) {
      setListError(errorMessage(failure, 'Le jeton n’a pas pu être renouvelé. Réessayez.'));
    }
    await load();
  };
  const revoke = async (token: ApiTokenView) => {
    setRevoking(null);
    setListError('');
    try {
      await apiJson(`/api/tokens/${token.id}`, { method: 'DELETE' });
      setMade((shown) => (shown?.item.id === token.id ? null : shown));
      setNotice(`Jeton « ${token.name} » (${token.prefix}…) révoqué : il est refusé dès maintenant.`);
    } catch (failure) {
      setListError(errorMessage(failure, 'Le jeton n’a pas pu être révoqué. Réessayez.'));
    }
    await load();
  };

  return (
    <div className="api-access">
      <p className="api-access__intro">
        Un jeton d’API permet à un script, à un SIG ou à un autre logiciel d’interroger l’API publique de GéoSonde (
        <code>/v1</code>) sans votre mot de passe. Il agit en votre nom, avec les droits de votre compte au moment de
        chaque appel, et seulement dans les portées que vous lui donnez. La{' '}
        <a href="/developers#api">documentation de l’API</a> décrit ses routes ; la page{' '}
        <a href="/developers#auth">Authentification</a> explique comment envoyer un jeton et le renouveler.
      </p>
      <section className="api-access__panel" aria-labelledby={`${ids}-create`}>
        <h2 id={`${ids}-create`}>Créer un jeton</h2>
        {page ? <TokenForm scopes={page.scopes} onCreate={create} /> : !listError && <p role="status">Lecture…</p>}
        {formError && (
          <p role="alert" className="api-access__error">
            {formError}
          </p>
        )}
      </section>
      {made && <TokenSecret key={made.token} made={made} />}
      <section className="api-access__panel" aria-labelledby={`${ids}-list`}>
        <h2 id={`${ids}-list`}>Vos jetons</h2>
        <p ref={noticeLine} role="status" tabIndex={-1} className="api-access__notice">
          {notice}
        </p>
        {listError && (
          <p role="alert" className="api-access__error">
            {listError}
          </p>
        )}
        {page && <TokenList items={page.items} onRotate={setRotating} onRevoke={setRevoking} />}
      </section>
      <ConfirmDialog
        question={
          rotating && {
            title: 'Renouveler ce jeton ?',
            text: `Un nouveau jeton remplacera « ${rotating.name} » (${rotating.prefix}…), avec les mêmes portées, les mêmes adresses IP et la même durée. L’ancien continuera de fonctionner pendant le délai choisi, le temps de mettre vos logiciels à jour, puis s’arrêtera.`,
            confirm: 'Renouveler',
          }
        }
        onConfirm={() => rotating && void rotate(rotating)}
        onClose={() => setRotating(null)}
      >
        <label className="field">
          Délai de transition (heures, de {ROTATION_GRACE_HOURS.min} à {ROTATION_GRACE_HOURS.max})
          <input
            type="number"
            min={ROTATION_GRACE_HOURS.min}
            max={ROTATION_GRACE_HOURS.max}
            step={1}
            required
            value={Number.isNaN(graceHours) ? '' : graceHours}
            onChange={(event) => setGraceHours(event.target.valueAsNumber)}
          />
        </label>
      </ConfirmDialog>
      <ConfirmDialog
        question={
          revoking && {
            title: 'Révoquer ce jeton ?',
            text: `Le jeton « ${revoking.name} » (${revoking.prefix}…) sera refusé sur-le-champ : les logiciels qui l’utilisent recevront une erreur 401. La révocation est définitive et inscrite au journal.`,
            confirm: 'Révoquer',
          }
        }
        onConfirm={() => revoking && void revoke(revoking)}
        onClose={() => setRevoking(null)}
      />
    </div>
  );
}
