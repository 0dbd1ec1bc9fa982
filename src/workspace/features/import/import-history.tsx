import type { ImportItem } from '../../../domain/ags/import/import-item.ts';
import { countWith, formatSize } from '../../../domain/format.ts';

const STATUS = { refused: 'Refusé', validated: 'Vérifié, non importé', committed: 'Importé' } as const;
const when = (iso: string) =>
  new Date(iso).toLocaleString('fr-CA', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'America/Toronto' });

/**
 * The imports of the organisation, newest first: file and report (downloadable), who, when,
 * counts, status, and for an import written, its project as AGS 4 (every import of the project,
 * see project-ags.ts). An import that wrote nothing can be removed by its author (« Retirer »).
 * On a phone each import is a card whose lines say what they are (ScrollTable's `scroll-table`).
 */
export function ImportHistory({ items, onRemove }: { items: ImportItem[]; onRemove: (item: ImportItem) => void }) {
  if (items.length === 0) return <p className="import-history__empty">Aucun import pour l’instant.</p>;
  return (
    <table className="scroll-table import-history">
      <caption>Imports précédents</caption>
      <thead>
        <tr>
          <th scope="col">Fichier</th>
          <th scope="col">Par</th>
          <th scope="col">Date</th>
          <th scope="col">Contenu</th>
          <th scope="col">Statut</th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={item.id}>
            <td data-label="Fichier">
              <a href={`/api/imports/${item.id}/file`} download={item.fileName}>
                {item.fileName}
              </a>{' '}
              <small>{formatSize(item.sizeBytes)}</small>{' '}
              <a className="import-history__report" href={`/api/imports/${item.id}/report.csv`} download>
                Rapport (CSV)
              </a>
              {item.status === 'committed' && item.projectId && (
                <>
                  {' '}
                  <a className="import-history__project" href={`/api/projects/${item.projectId}/ags`} download>
                    AGS&nbsp;4 du projet
                  </a>
                </>
              )}
            </td>
            <td data-label="Par">{item.by ?? 'ligne de commande'}</td>
            <td data-label="Date">{when(item.createdAt)}</td>
            <td data-label="Contenu">
              {item.summary}
              {item.result && (
                <small>
                  {' '}
                  — {countWith(item.result.created, 'créé', 'créés')}, {item.result.updated} mis à jour,{' '}
                  {countWith(item.result.unchanged, 'inchangé', 'inchangés')}
                </small>
              )}
            </td>
            <td data-label="Statut" data-status={item.status}>
              {STATUS[item.status]}
              {item.removable && (
                <>
                  {' '}
                  <button
                    type="button"
                    className="button import-history__remove"
                    aria-label={`Retirer ${item.fileName} de l’historique`}
                    onClick={() => onRemove(item)}
                  >
                    Retirer
                  </button>
                </>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
