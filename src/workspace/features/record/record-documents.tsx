import { useState, type ReactNode } from 'react';
import { formatDate, formatSize } from '../../../domain/format.ts';
import { REPORT_STATUS_LABELS, verifyPath } from '../../../domain/report.ts';
import { useReports } from '../../lib/use-api-list.ts';

/** How the dialog that adds documents is opened and closed, and told of each one added. */
export interface UploadDialogControl {
  open: boolean;
  onClose: () => void;
  onUploaded: () => void;
}

export interface RecordDocumentsProps {
  id: string;
  /** The library's dialog for this borehole, for those who may add documents (null for a viewer). */
  uploadDialog: ((control: UploadDialogControl) => ReactNode) | null;
}

/**
 * The borehole's documents (reports, logs, photos), each opened by its signed link, and for
 * members the library's 'Ajouter des rapports / journaux' dialog with this borehole filled in.
 */
export function RecordDocuments({ id, uploadDialog }: RecordDocumentsProps) {
  const documents = useReports(`?ids=${encodeURIComponent(id)}`);
  const [adding, setAdding] = useState(false);
  return (
    <section className="record__section" aria-labelledby="record-documents-title">
      <div className="record__section-bar">
        <h3 id="record-documents-title">Documents</h3>
        {uploadDialog && (
          <button type="button" className="button" onClick={() => setAdding(true)}>
            Ajouter des documents
          </button>
        )}
      </div>
      {documents.error && <p role="alert">{documents.error}</p>}
      {documents.loading && documents.rows.length === 0 ? (
        <p>Lecture des documents…</p>
      ) : documents.rows.length === 0 ? (
        <p className="record__empty">Aucun document pour ce forage.</p>
      ) : (
        <ul className="record__documents">
          {documents.rows.map((document) => (
            <li key={document.id}>
              {document.href ? (
                <a href={document.href} target="_blank" rel="noopener">
                  {document.title}
                </a>
              ) : (
                <span>{document.title}</span>
              )}{' '}
              <small>
                {document.kind === 'pdf' ? 'PDF' : 'Image'} · {formatDate(document.date)} · {formatSize(document.size)}
                {document.status !== 'ready' && ` · ${REPORT_STATUS_LABELS[document.status]}`}
              </small>
              {uploadDialog && document.status === 'review' && (
                <>
                  {' '}
                  <a href={verifyPath(document.id)}>
                    Vérifier le journal<span className="sr-only"> « {document.title} »</span>
                  </a>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {uploadDialog?.({ open: adding, onClose: () => setAdding(false), onUploaded: documents.reload })}
    </section>
  );
}
