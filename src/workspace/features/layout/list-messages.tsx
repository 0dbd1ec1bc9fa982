import type { ApiList } from '../../lib/use-api-list.ts';

export interface ListMessagesProps {
  list: ApiList<unknown>;
  /** What the list holds, in the plural: 'forages', 'documents'. */
  what: string;
}

/** Above the screen: a notice when the list is cut short, the API's error if any. */
export function ListMessages({ list, what }: ListMessagesProps) {
  return (
    <div className="workspace__messages">
      {list.rows.length < list.total && (
        <p className="workspace__notice" role="status">
          Les {list.rows.length} {what} les plus récents sur {list.total} sont affichés : affinez la recherche pour voir
          les autres.
        </p>
      )}
      {list.error && (
        <p className="auth-card__error workspace__error" role="alert">
          {list.error}
        </p>
      )}
    </div>
  );
}
