import { useEffect, useId, useRef, useState } from 'react';
import { AssistantForm } from './assistant-form.tsx';
import { AssistantLauncher } from './assistant-launcher.tsx';
import { AssistantMessages } from './assistant-messages.tsx';
import { useAssistantChat } from './use-assistant-chat.ts';
import './assistant.css';

/**
 * The floating assistant of the home page: a round button that opens a chat panel; the panel's
 * header folds it again. Questions go to POST /ask; each answer shows its sources as links and is
 * announced to screen readers.
 */
export function AssistantWidget() {
  const ids = useId();
  const [open, setOpen] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  const launcher = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  const chat = useAssistantChat(() => input.current?.focus());

  useEffect(() => {
    if (open) input.current?.focus();
    else if (wasOpen.current) launcher.current?.focus();
    wasOpen.current = open;
  }, [open]);

  if (!open) return <AssistantLauncher buttonRef={launcher} onOpen={() => setOpen(true)} />;

  return (
    <section className="assistant-panel" role="dialog" aria-modal="false" aria-labelledby={`${ids}-title`}>
      <h2 className="assistant-panel__heading">
        <button
          type="button"
          className="assistant-panel__header"
          aria-expanded="true"
          aria-controls={`${ids}-body`}
          onClick={() => setOpen(false)}
        >
          <span id={`${ids}-title`}>Assistant GéoSonde</span>
          <span aria-hidden="true" className="assistant-panel__sign">
            −
          </span>
          <span className="sr-only">(réduire)</span>
        </button>
      </h2>
      <div id={`${ids}-body`} className="assistant-panel__body">
        <AssistantMessages messages={chat.messages} loading={chat.loading} />
        <AssistantForm
          id={ids}
          inputRef={input}
          text={chat.text}
          onTextChange={chat.setText}
          loading={chat.loading}
          onSend={() => void chat.send()}
          onClose={() => setOpen(false)}
        />
      </div>
    </section>
  );
}
