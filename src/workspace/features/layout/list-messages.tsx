export interface ListMessagesProps {
  /** How many of the `total` matches the screen holds. */
  shown: number;
  total: number;
  /** The API's French error, if any. */
  error: string;
  /** What the list holds, in the plural: 'forages', 'documents'. */
  what: string;
}

/** Above the screen: a notice when the list is cut short, the API's error if any. */
export function ListMessages({ shown, total, error, what }: ListMessagesProps) {
  return (
    <div className="workspace__messages">
      {shown < total && (
        <p className="workspace__notice" role="status">
          Les {shown} {what} les plus récents sur {total} sont affichés : affinez la recherche pour voir les autres.
        </p>
      )}
      {error && (
        <p className="auth-card__error workspace__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
