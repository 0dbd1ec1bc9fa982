import { useEffect, useId, useRef, useState } from 'react';
import type { ReportItem } from '../../../domain/report.ts';
import { UploadDropZone } from '../../lib/drop-zone.tsx';
import { UploadFileList } from './upload-file-list.tsx';
import { useUploads } from './use-uploads.ts';

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

/**
 * 'Ajouter des rapports / journaux': files dropped or browsed, each listed with its name, size and a
 * Retirer button, sent one by one to the API with its progress and the server's answer. A native
 * modal dialog: Escape closes it and focus stays inside while it is open.
 */
export function UploadDialog({ open, onClose, boreholes, initialBorehole, onUploaded }: UploadDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const ids = useId();
  const [borehole, setBorehole] = useState(initialBorehole);
  const uploads = useUploads(onUploaded);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      setBorehole(initialBorehole);
      element.showModal();
    }
    if (!open && element.open) element.close();
  }, [open, initialBorehole]);

  return (
    <dialog ref={dialog} className="upload-dialog" aria-labelledby={`${ids}-title`} onClose={onClose}>
      <form
        className="upload-dialog__form"
        onSubmit={(event) => {
          event.preventDefault();
          void uploads.send(borehole.trim());
        }}
      >
        <header className="upload-dialog__header">
          <h2 id={`${ids}-title`}>Ajouter des rapports / journaux</h2>
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
        <UploadDropZone onFiles={uploads.add} />
        <UploadFileList entries={uploads.entries} sending={uploads.sending} onRemove={uploads.remove} />
        <p className="upload-dialog__note">
          Chaque document est lu dès son envoi, en quelques secondes par page : il apparaît tout de suite dans la
          bibliothèque « En traitement », puis passe à « À vérifier » quand un journal de forage y est lu, à « Traité »
          sinon.
        </p>
        <footer className="upload-dialog__footer">
          <button type="button" className="button" onClick={onClose}>
            Fermer
          </button>
          <button type="submit" className="button button--primary" disabled={uploads.toSend.length === 0 || uploads.sending}>
            {uploads.sending ? 'Envoi…' : 'Envoyer'}
          </button>
        </footer>
      </form>
    </dialog>
  );
}
