import { formatSize } from '../../../domain/format.ts';
import type { UploadEntry } from './use-uploads.ts';

export interface UploadFileListProps {
  entries: UploadEntry[];
  /** True while files are being sent: none can be removed. */
  sending: boolean;
  onRemove: (key: string) => void;
}

/** The files to send: name, size, then a Retirer button, the progress, or the server's answer. */
export function UploadFileList({ entries, sending, onRemove }: UploadFileListProps) {
  if (entries.length === 0) return null;
  return (
    <ul className="upload-dialog__files" aria-label="Fichiers à envoyer">
      {entries.map((entry) => (
        <li key={entry.key} data-state={entry.state}>
          <span className="upload-dialog__name">{entry.file.name}</span>
          <span className="upload-dialog__size">{formatSize(entry.file.size)}</span>
          {entry.state === 'sending' ? (
            <progress max={1} value={entry.progress} aria-label={`Envoi de ${entry.file.name}`} />
          ) : entry.state === 'sent' ? null : (
            <button
              type="button"
              className="button upload-dialog__remove"
              disabled={sending}
              aria-label={`Retirer ${entry.file.name}`}
              onClick={() => onRemove(entry.key)}
            >
              Retirer
            </button>
          )}
          {entry.message && (
            <span className="upload-dialog__message" role={entry.state === 'refused' ? 'alert' : 'status'}>
              {entry.message}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
