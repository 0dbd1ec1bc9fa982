import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { ASK_FAILED, askAssistant, canSend, MAX_QUESTION, type AskSource } from './ask-client.ts';
import './assistant.css';

interface Message {
  role: 'user' | 'assistant';
  content: string;
  sources?: AskSource[];
  failed?: boolean;
}

const WELCOME: Message = {
  role: 'assistant',
  content:
    'Bonjour ! Posez une question sur GéoSonde : tarifs, hébergement, formats d’export, API, stages… Je réponds à partir de nos pages.',
};

/**
 * The floating assistant of the home page: a round button that opens a chat panel; the panel's
 * header folds it again. Questions go to POST /ask; each answer shows its sources as links and is
 * announced to screen readers.
 */
export function AssistantWidget() {
  const ids = useId();
  const [open, setOpen] = useState(false);
  const [messages, setMessages] = useState<Message[]>([WELCOME]);
  const [text, setText] = useState('');
  const [loading, setLoading] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  const launcher = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const wasOpen = useRef(false);

  useEffect(() => {
    if (open) input.current?.focus();
    else if (wasOpen.current) launcher.current?.focus();
    wasOpen.current = open;
  }, [open]);

  useEffect(() => {
    const last = list.current?.lastElementChild;
    last?.scrollIntoView?.({ block: 'end' });
  }, [messages, loading, open]);

  const send = async () => {
    if (!canSend(text) || loading) return;
    const question = text.trim();
    setMessages((current) => [...current, { role: 'user', content: question }]);
    // Cleared as it leaves, so that what is typed during the wait is kept.
    setText('');
    setLoading(true);
    try {
      const reply = await askAssistant(question);
      setMessages((current) => [...current, { role: 'assistant', content: reply.text, sources: reply.sources }]);
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : ASK_FAILED;
      setMessages((current) => [...current, { role: 'assistant', content: message, failed: true }]);
    } finally {
      setLoading(false);
      input.current?.focus();
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
    if (event.key === 'Escape') setOpen(false);
  };

  if (!open) {
    return (
      <button
        ref={launcher}
        type="button"
        className="assistant-launcher"
        aria-label="Ouvrir l’assistant GéoSonde"
        aria-expanded="false"
        onClick={() => setOpen(true)}
      >
        <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
          <path
            fill="currentColor"
            d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2Zm3 6a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3Zm5 0a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3Zm5 0a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3Z"
          />
        </svg>
        <span aria-hidden="true" className="assistant-launcher__sign">
          +
        </span>
      </button>
    );
  }

  const tooLong = text.length > MAX_QUESTION;
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
        <ol ref={list} className="assistant-panel__messages" aria-live="polite" aria-relevant="additions">
          {messages.map((message, i) => (
            <li key={i} className={`assistant-message assistant-message--${message.role}`} data-failed={message.failed}>
              <span className="sr-only">{message.role === 'user' ? 'Vous : ' : 'Assistant : '}</span>
              {message.content}
              {message.sources && message.sources.length > 0 && (
                <ul className="assistant-message__sources" aria-label="Sources">
                  {message.sources.map((source) => (
                    <li key={source.url}>
                      <a href={source.url}>{source.title}</a>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
          {loading && (
            <li className="assistant-message assistant-message--assistant assistant-message--loading">Recherche…</li>
          )}
        </ol>
        <form
          className="assistant-panel__form"
          onSubmit={(event) => {
            event.preventDefault();
            void send();
          }}
        >
          <label htmlFor={`${ids}-input`} className="sr-only">
            Votre question
          </label>
          <textarea
            id={`${ids}-input`}
            ref={input}
            rows={2}
            value={text}
            placeholder="Votre question…"
            aria-describedby={`${ids}-count`}
            aria-invalid={tooLong}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onKeyDown}
          />
          <span id={`${ids}-count`} className="assistant-panel__count" data-over={tooLong}>
            {text.length} / {MAX_QUESTION}
          </span>
          <button type="submit" className="button button--primary" disabled={!canSend(text) || loading}>
            Envoyer
          </button>
        </form>
      </div>
    </section>
  );
}
