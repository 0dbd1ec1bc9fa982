import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { formatSize } from '../../../domain/format.ts';
import type { ReportItem } from '../../../domain/report.ts';
import { sendDocument } from './send-document.ts';

export interface UploadDialogProps {
  open: boolean;
  onClose: () => void;
  /** The boreholes to propose, with their site. */
  boreholes: { id: string; site: string }[];
  /** The borehole filled in when the dialog opens. */
  initialBorehole: string;
  /** Called after each document the server accepted. */
  onUploaded: (item: ReportItem) => void;
}

interface Entry {
  key: string;
  file: File;
  state: 'waiting' | 'sending' | 'sent' | 'refused';
  progress: number;
  message: string;
}

const ACCEPT = '.pdf,.png,.jpg,.jpeg,.tif,.tiff,application/pdf,image/png,image/jpeg,image/tiff';

/**
 * 'Ajouter des rapports / logs': files dropped or browsed, each listed with its name, size and a
 * Retirer button, sent one by one to the API with its progress and the server's answer. A native
 * modal dialog: Escape closes it and focus stays inside while it is open.
 */
export function UploadDialog({ open, onClose, boreholes, initialBorehole, onUploaded }: UploadDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const ids = useId();
  const [borehole, setBorehole] = useState(initialBorehole);
  const [entries, setEntries] = useState<Entry[]>([]);
  const [dragging, setDragging] = useState(false);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      setBorehole(initialBorehole);
      element.showModal();
    }
    if (!open && element.open) element.close();
  }, [open, initialBorehole]);

  const add = (files: FileList | null) => {
    if (!files) return;
    const added = [...files].map((file) => ({
      key: `${file.name}-${file.size}-${file.lastModified}-${Math.random()}`,
      file,
      state: 'waiting' as const,
      progress: 0,
      message: '',
    }));
    setEntries((current) => [...current.filter((entry) => entry.state !== 'sent'), ...added]);
  };
  const update = (key: string, change: Partial<Entry>) =>
    setEntries((current) => current.map((entry) => (entry.key === key ? { ...entry, ...change } : entry)));
  const toSend = entries.filter((entry) => entry.state === 'waiting' || entry.state === 'refused');

  const send = async () => {
    const target = borehole.trim();
    setSending(true);
    for (const entry of toSend) {
      update(entry.key, { state: 'sending', progress: 0, message: '' });
      const result = await sendDocument(target, entry.file, (progress) => update(entry.key, { progress }));
      if (result.ok) {
        update(entry.key, { state: 'sent', progress: 1, message: 'Reçu — en traitement' });
        onUploaded(result.item);
      } else {
        update(entry.key, { state: 'refused', message: result.error });
      }
    }
    setSending(false);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    add(event.dataTransfer.files);
  };

  return (
    <dialog ref={dialog} className="upload-dialog" aria-labelledby={`${ids}-title`} onClose={onClose}>
      <form
        className="upload-dialog__form"
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <header className="upload-dialog__header">
          <h2 id={`${ids}-title`}>Ajouter des rapports / logs</h2>
          <button type="button" className="upload-dialog__close" aria-label="Fermer" onClick={onClose}>
            ×
          </button>
        </header>
        <label className="field">
          Forage concerné
          <input
            value={borehole}
            onChange={(event) => setBorehole(event.target.value)}
            list={`${ids}-boreholes`}
            required
            maxLength={64}
            placeholder="ex. MTL-BH-01"
            autoComplete="off"
            spellCheck={false}
          />
          <datalist id={`${ids}-boreholes`}>
            {boreholes.map((b) => (
              <option key={b.id} value={b.id}>
                {b.site}
              </option>
            ))}
          </datalist>
        </label>
        <div
          className="upload-dialog__drop"
          data-dragging={dragging}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <p>Glissez-déposez vos fichiers ici</p>
          <p className="upload-dialog__hint">PDF, PNG, JPEG ou TIFF · plusieurs fichiers à la fois</p>
          <button type="button" className="button" onClick={() => input.current?.click()}>
            Parcourir…
          </button>
          <input
            ref={input}
            type="file"
            multiple
            accept={ACCEPT}
            hidden
            aria-label="Choisir des fichiers"
            onChange={(event) => {
              add(event.target.files);
              event.target.value = '';
            }}
          />
        </div>
        {entries.length > 0 && (
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
                    onClick={() => setEntries((current) => current.filter((other) => other.key !== entry.key))}
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
        )}
        <p className="upload-dialog__note">
          Les documents sont traités sous 48 heures. Ils apparaissent tout de suite dans la bibliothèque avec le statut
          « En traitement ».
        </p>
        <footer className="upload-dialog__footer">
          <button type="button" className="button" onClick={onClose}>
            Fermer
          </button>
          <button type="submit" className="button button--primary" disabled={toSend.length === 0 || sending}>
            {sending ? 'Envoi…' : 'Envoyer'}
          </button>
        </footer>
      </form>
    </dialog>
  );
}
