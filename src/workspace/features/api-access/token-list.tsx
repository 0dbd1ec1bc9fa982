import type { ApiTokenView } from '../../../domain/api-tokens.ts';
import { moment, stateDetail, TOKEN_STATES, tokenState } from './token-state.ts';

export interface TokenListProps {
  items: ApiTokenView[];
  onRotate: (token: ApiTokenView) => void;
  onRevoke: (token: ApiTokenView) => void;
}

/** The user's tokens, newest first: what each may do, its dates, its last use and its state. */
export function TokenList({ items, onRotate, onRevoke }: TokenListProps) {
  if (items.length === 0) return <p>Vous n’avez encore aucun jeton.</p>;
  return (
    // Its frame takes the focus, so that a keyboard scrolls it even when no row has a button left.
    <div className="api-access__scroll" tabIndex={0} role="group" aria-label="Tableau des jetons">
      <table className="api-access__table">
        <caption className="sr-only">Vos jetons d’API, les plus récents d’abord</caption>
        <thead>
          <tr>
            <th scope="col">Nom</th>
            <th scope="col">Jeton</th>
            <th scope="col">Portées</th>
            <th scope="col">Adresses IP</th>
            <th scope="col">Créé le</th>
            <th scope="col">Expire le</th>
            <th scope="col">Dernier usage</th>
            <th scope="col">État</th>
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((token) => {
            const state = tokenState(token);
            const detail = stateDetail(token);
            const which = <span className="sr-only"> le jeton {token.name}</span>;
            return (
              <tr key={token.id} data-token={token.id} data-state={state}>
                <td>{token.name}</td>
                <td>
                  <code>{token.prefix}…</code>
                </td>
                <td>
                  <ul className="api-access__codes">
                    {token.scopes.map((scope) => (
                      <li key={scope}>
                        <code>{scope}</code>
                      </li>
                    ))}
                  </ul>
                </td>
                <td>
                  {token.allowedIps.length === 0 ? (
                    'Toutes'
                  ) : (
                    <ul className="api-access__codes">
                      {token.allowedIps.map((ip) => (
                        <li key={ip}>
                          <code>{ip}</code>
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
                <td>{moment(token.createdAt)}</td>
                <td>{moment(token.expiresAt)}</td>
                <td>
                  {token.lastUsedAt ? moment(token.lastUsedAt) : 'Jamais'}
                  {token.lastClient && (
                    <small className="api-access__client">
                      <code>X-Client</code> : {token.lastClient}
                    </small>
                  )}
                </td>
                <td>
                  <strong className={`api-access__state api-access__state--${state}`}>{TOKEN_STATES[state]}</strong>
                  {detail && <small>{detail}</small>}
                </td>
                <td>
                  <div className="api-access__actions">
                    {token.active && !token.replacedBy && (
                      <button type="button" className="button" onClick={() => onRotate(token)}>
                        Renouveler{which}
                      </button>
                    )}
                    {token.active && (
                      <button type="button" className="button button--danger" onClick={() => onRevoke(token)}>
                        Révoquer{which}
                      </button>
                    )}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
