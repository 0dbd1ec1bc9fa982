import type { KeyboardEvent, RefObject } from 'react';
import { canSend, MAX_QUESTION } from './ask-client.ts';

export interface AssistantFormProps {
  /** The prefix of the ids of the textarea and of its character count. */
  id: string;
  inputRef: RefObject<HTMLTextAreaElement | null>;
  text: string;
  onTextChange: (text: string) => void;
  /** A question is in flight: sending is off until it returns. */
  loading: boolean;
  onSend: () => void;
  /** Escape in the textarea folds the panel. */
  onClose: () => void;
}

/** The question box: Enter sends, Shift+Enter breaks the line, a count shows the 500 limit. */
export function AssistantForm({ id, inputRef, text, onTextChange, loading, onSend, onClose }: AssistantFormProps) {
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      onSend();
    }
    if (event.key === 'Escape') onClose();
  };
  const tooLong = text.length > MAX_QUESTION;

  return (
    <form
      className="assistant-panel__form"
      onSubmit={(event) => {
        event.preventDefault();
        onSend();
      }}
    >
      <label htmlFor={`${id}-input`} className="sr-only">
        Votre question
      </label>
      <textarea
        id={`${id}-input`}
        ref={inputRef}
        rows={2}
        value={text}
        placeholder="Votre question…"
        aria-describedby={`${id}-count`}
        aria-invalid={tooLong}
        onChange={(event) => onTextChange(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <span id={`${id}-count`} className="assistant-panel__count" data-over={tooLong}>
        {text.length} / {MAX_QUESTION}
      </span>
      <button type="submit" className="button button--primary" disabled={!canSend(text) || loading}>
        Envoyer
      </button>
    </form>
  );
}
