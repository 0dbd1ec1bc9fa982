import { useCallback, useEffect, useState } from 'react';
import { formatMoment } from '../../../domain/format.ts';
import type { VersionEntry } from '../../../domain/record.ts';
import { apiJson, errorMessage } from '../../../lib/api.ts';
import { ConfirmDialog } from '../../lib/confirm-dialog.tsx';

/** Who wrote a version, and how. */
function origin(entry: VersionEntry): string {
  if (entry.at === null && entry.author === null)
    return 'version d’origine, enregistrée avant la tenue de l’historique';
  const when = entry.at ? formatMoment(Date.parse(entry.at) / 1000) : 'date inconnue';
  if (entry.checkedDocument !== null) {
    return `OCR de « ${entry.checkedDocument} », vérifié par ${entry.author ?? 'auteur inconnu'} le ${when}`;
  }
  const how = entry.restoredFrom
    ? `restauration de la version ${entry.restoredFrom}`
    : entry.importFile
      ? `import de « ${entry.importFile} »`
      : entry.version === 1
        ? 'création'
        : 'modification';
  return `${when} · ${entry.author ?? 'auteur inconnu'} · ${how}`;
}

export interface RecordHistoryProps {
  /** `/api/boreholes/<id>` */
  base: string;
  /** The record's version: the history is read again when it changes. */
  version: number;
  canRestore: boolean;
  /** A version was restored: the record is read again. */
  onRestored: () => void;
}

/**
 * 'Historique': every version, newest first, with who wrote it, when, from which import, and the
 * values it changed; 'Restaurer' brings an earlier version back as a new one, after a confirmation.
 */
export function RecordHistory({ base, version, canRestore, onRestored }: RecordHistoryProps) {
  const [versions, setVersions] = useState<VersionEntry[] | null>(null);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [asking, setAsking] = useState<number | null>(null);

  const load = useCallback(() => {
    apiJson<{ versions: VersionEntry[] }>(`${base}/versions`).then(
      (answer) => setVersions(answer.versions),
      (failure: unknown) => setError(errorMessage(failure, 'L’historique n’a pas pu être lu.')),
    );
  }, [base]);
  useEffect(load, [load, version]);

  const restore = async (from: number) => {
    setAsking(null);
    setError('');
    try {
      const done = await apiJson<{ version: number }>(`${base}/versions/${from}/restore`, { method: 'POST' });
      setNotice(`Version ${from} restaurée : elle est maintenant la version ${done.version}.`);
      onRestored();
    } catch (failure) {
      setError(errorMessage(failure, 'La restauration a échoué. Réessayez.'));
    }
  };

  return (
    <section className="record__section" aria-labelledby="record-history-title">
      <h3 id="record-history-title">Historique</h3>
      <p className="record__notice" role="status">
        {notice}
      </p>
      {error && <p role="alert">{error}</p>}
      {versions === null ? (
        !error && <p>Lecture de l’historique…</p>
      ) : (
        <ol className="record__versions">
          {versions.map((entry) => (
            <li key={entry.version} data-version={entry.version}>
              <div className="record__version-head">
                <h4>
                  Version {entry.version}
                  {entry.version === versions[0]?.version && ' (en cours)'}
                </h4>
                <p>{origin(entry)}</p>
                {canRestore && entry.restorable && (
                  <button type="button" className="button" onClick={() => setAsking(entry.version)}>
                    Restaurer
                  </button>
                )}
              </div>
              {entry.changes.length > 0 && (
                <div className="record__scroll" tabIndex={0} role="group" aria-label="Tableau des changements">
                  <table className="record__diff">
                    <caption className="sr-only">Valeurs changées par la version {entry.version}</caption>
                    <thead>
                      <tr>
                        <th scope="col">Valeur</th>
                        <th scope="col">Avant</th>
                        <th scope="col">Après</th>
                      </tr>
                    </thead>
                    <tbody>
                      {entry.changes.map((change) => (
                        <tr key={change.what}>
                          <th scope="row">{change.what}</th>
                          <td>
                            <del>{change.before}</del>
                          </td>
                          <td>
                            <ins>{change.after}</ins>
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
      <ConfirmDialog
        question={
          asking === null
            ? null
            : {
                title: `Restaurer la version ${asking} ?`,
                text: 'Ses valeurs deviennent une nouvelle version ; la version en cours reste dans l’historique.',
                confirm: 'Restaurer',
              }
        }
        onConfirm={() => asking !== null && void restore(asking)}
        onClose={() => setAsking(null)}
      />
    </section>
  );
}
