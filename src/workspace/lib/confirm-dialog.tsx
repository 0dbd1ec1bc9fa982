import { useEffect, useId, useRef } from 'react';

export interface ConfirmDialogProps {
  /** The question; null while closed. */
  question: { title: string; text: string; confirm: string } | null;
  onConfirm: () => void;
  onClose: () => void;
}

/** A native modal dialog that asks before an action: Escape and Annuler leave things as they are. */
export function ConfirmDialog({ question, onConfirm, onClose }: ConfirmDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const ids = useId();
  useEffect(() => {
    const element = dialog.current;
    if (question && element && !element.open) element.showModal();
    if (!question && element?.open) element.close();
  }, [question]);
  return (
    <dialog ref={dialog} className="upload-dialog" aria-labelledby={`${ids}-title`} onClose={onClose}>
      <form
        className="upload-dialog__form"
        onSubmit={(event) => {
          event.preventDefault();
          onConfirm();
        }}
      >
        <h2 id={`${ids}-title`}>{question?.title}</h2>
        <p>{question?.text}</p>
        <footer className="upload-dialog__footer">
          <button type="button" className="button" onClick={onClose}>
            Annuler
          </button>
          <button type="submit" className="button button--danger">
            {question?.confirm}
          </button>
        </footer>
      </form>
    </dialog>
  );
}
