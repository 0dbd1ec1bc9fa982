import type { ApiTokenView } from '../../../domain/api-tokens.ts';
import { ScrollTable } from '../../lib/scroll-table.tsx';
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
    <ScrollTable
      label="Tableau des jetons"
      caption="Vos jetons d’API, les plus récents d’abord"
      frameClass="api-access__scroll"
      tableClass="api-access__table"
      rows={items}
      rowKey={(token) => token.id}
      rowData={(token) => ({ 'data-token': token.id, 'data-state': tokenState(token) })}
      columns={[
        { heading: 'Nom', cell: (token) => token.name },
        { heading: 'Jeton', cell: (token) => <code>{token.prefix}…</code> },
        { heading: 'Portées', cell: (token) => <Codes values={token.scopes} /> },
        {
          heading: 'Adresses IP',
          cell: (token) => (token.allowedIps.length === 0 ? 'Toutes' : <Codes values={token.allowedIps} />),
        },
        { heading: 'Créé le', cell: (token) => moment(token.createdAt) },
        { heading: 'Expire le', cell: (token) => moment(token.expiresAt) },
        {
          heading: 'Dernier usage',
          cell: (token) => (
            <>
              {token.lastUsedAt ? moment(token.lastUsedAt) : 'Jamais'}
              {token.lastClient && (
                <small className="api-access__client">
                  <code>X-Client</code> : {token.lastClient}
                </small>
              )}
            </>
          ),
        },
        {
          heading: 'État',
          cell: (token) => {
            const state = tokenState(token);
            const detail = stateDetail(token);
            return (
              <>
                <strong className={`api-access__state api-access__state--${state}`}>{TOKEN_STATES[state]}</strong>
                {detail && <small>{detail}</small>}
              </>
            );
          },
        },
        {
          heading: 'Actions',
          hiddenHeading: true,
          cell: (token) => {
            const which = <span className="sr-only"> le jeton {token.name}</span>;
            return (
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
            );
          },
        },
      ]}
    />
  );
}

/** Scopes or addresses, each as code. */
function Codes({ values }: { values: readonly string[] }) {
  return (
    <ul className="api-access__codes">
      {values.map((value) => (
        <li key={value}>
          <code>{value}</code>
        </li>
      ))}
    </ul>
  );
}
