import { useEffect, useId, useRef, useState } from 'react';
import { formatSize } from '../../../domain/format.ts';
import type { ReportItem } from '../../../domain/report.ts';

/** What the user asked to do: delete some documents, or give one a new file. */
export type DocumentChange = { kind: 'delete'; documents: ReportItem[] } | { kind: 'replace'; document: ReportItem };

export interface ChangeDialogProps {
  /** The change to confirm; null when the dialog is closed. */
  change: DocumentChange | null;
  onClose: () => void;
  /** Called once the server has made a change (the library reloads). */
  onChanged: () => void;
}

const ACCEPTED = 'application/pdf,image/png,image/jpeg,image/tiff,.pdf,.png,.jpg,.jpeg,.tif,.tiff';

/** The server's French message, or one of ours when it gave none. */
async function refusal(response: Response) {
  const answer = (await response.json().catch(() => null)) as { error?: string } | null;
  return answer?.error ?? `Modification refusée (${response.status}).`;
}

const named = (document: ReportItem) => `« ${document.title} » (${document.bhId})`;

/**
 * Confirms a deletion or a replacement before sending it: a native modal dialog (Escape and
 * Annuler close it without a change). A deletion takes the file and its card for the whole
 * organisation; a replacement keeps the document's id and title. Both are recorded by the server.
 */
export function ChangeDialog({ change, onClose, onChanged }: ChangeDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const ids = useId();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (change && !element.open) {
      setFile(null);
      setErrors([]);
      element.showModal();
    }
    if (!change && element.open) element.close();
  }, [change]);

  const confirm = async () => {
    if (!change) return;
    setBusy(true);
    const failed: string[] = [];
    let changed = false;
    if (change.kind === 'delete') {
      // One at a time: each answer is the server's own, and a refusal stops nothing else.
      for (const document of change.documents) {
        const response = await fetch(`/api/reports/${encodeURIComponent(document.id)}`, { method: 'DELETE' }).catch(
          () => null,
        );
        if (response?.ok) changed = true;
        else failed.push(`${named(document)} : ${response ? await refusal(response) : 'connexion perdue.'}`);
      }
    } else if (file) {
      const body = new FormData();
      body.append('file', file, file.name);
      const response = await fetch(`/api/reports/${encodeURIComponent(change.document.id)}/file`, {
        method: 'PUT',
        body,
      }).catch(() => null);
      if (response?.ok) changed = true;
      else failed.push(response ? await refusal(response) : 'Connexion perdue pendant l’envoi. Réessayez.');
    }
    setBusy(false);
    if (changed) onChanged();
    if (failed.length) setErrors(failed);
    else onClose();
  };

  const count = change?.kind === 'delete' ? change.documents.length : 1;
  return (
    <dialog ref={dialog} className="upload-dialog" aria-labelledby={`${ids}-title`} onClose={onClose}>
      <form
        className="upload-dialog__form"
        onSubmit={(event) => {
          event.preventDefault();
          void confirm();
        }}
      >
        <header className="upload-dialog__header">
          <h2 id={`${ids}-title`}>
            {change?.kind === 'replace'
              ? 'Remplacer le fichier'
              : count > 1
                ? `Supprimer ${count} documents ?`
                : 'Supprimer ce document ?'}
          </h2>
          <button type="button" className="upload-dialog__close" aria-label="Fermer" onClick={onClose}>
            ×
          </button>
        </header>
        {change?.kind === 'delete' && (
          <>
            <ul className="change-dialog__list">
              {change.documents.map((document) => (
                <li key={document.id}>{named(document)}</li>
              ))}
            </ul>
            <p className="upload-dialog__note">
              {count > 1 ? 'Ces documents et leurs fichiers seront retirés' : 'Ce document et son fichier seront retirés'}{' '}
              de la bibliothèque pour toute votre organisation. La suppression est inscrite au journal et ne peut pas être
              annulée.
            </p>
          </>
        )}
        {change?.kind === 'replace' && (
          <>
            <p className="upload-dialog__note">
              {named(change.document)} garde son identifiant et son titre. Son fichier actuel est remplacé par celui que
              vous choisissez, et le document repasse « En traitement ». Le remplacement est inscrit au journal.
            </p>
            <label className="field">
              Nouveau fichier (PDF, PNG, JPEG ou TIFF)
              <input
                type="file"
                accept={ACCEPTED}
                onChange={(event) => {
                  setFile(event.target.files?.[0] ?? null);
                  setErrors([]);
                }}
              />
            </label>
            {file && (
              <p className="upload-dialog__note">
                {file.name} · {formatSize(file.size)}
              </p>
            )}
          </>
        )}
        {errors.length > 0 && (
          <div role="alert" className="change-dialog__errors">
            {errors.map((error) => (
              <p key={error}>{error}</p>
            ))}
          </div>
        )}
        <footer className="upload-dialog__footer">
          <button type="button" className="button" onClick={onClose}>
            Annuler
          </button>
          <button
            type="submit"
            className={`button ${change?.kind === 'delete' ? 'button--danger' : 'button--primary'}`}
            disabled={busy || (change?.kind === 'replace' && !file)}
          >
            {busy ? 'Un instant…' : change?.kind === 'replace' ? 'Remplacer' : 'Supprimer'}
          </button>
        </footer>
      </form>
    </dialog>
  );
}
