import { useEffect, useId, useRef, type ReactNode } from 'react';

export interface ConfirmDialogProps {
  /** The question; null while closed. */
  question: { title: string; text: string; confirm: string } | null;
  /** Fields asked with the question (a delay, a reason): the browser checks them before onConfirm. */
  children?: ReactNode;
  onConfirm: () => void;
  onClose: () => void;
}

/** A native modal dialog that asks before an action: Escape and Annuler leave things as they are. */
export function ConfirmDialog({ question, children, onConfirm, onClose }: ConfirmDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const ids = useId();
  useEffect(() => {
    const element = dialog.current;
    if (question && element && !element.open) element.showModal();
    if (!question && element?.open) element.close();
  }, [question]);
  return (
    <dialog
      ref={dialog}
      className="upload-dialog"
      aria-labelledby={`${ids}-title`}
      // Escape closes through the state, like Annuler: the browser's own close sends its event a
      // task later, and an Enter pressed on the restored focus in between would open nothing.
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      // The browser sends `close` a task after close() is called: by then an Enter may have asked
      // again and opened the dialog anew. Only a dialog still closed is closed for the state.
      onClose={() => {
        if (!dialog.current?.open) onClose();
      }}
    >
      <form
        className="upload-dialog__form"
        onSubmit={(event) => {
          event.preventDefault();
          onConfirm();
        }}
      >
        <h2 id={`${ids}-title`}>{question?.title}</h2>
        <p>{question?.text}</p>
        {question && children}
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
