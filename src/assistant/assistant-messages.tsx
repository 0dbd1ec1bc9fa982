import { useEffect, useRef } from 'react';
import type { AssistantMessage } from './use-assistant-chat.ts';

export interface AssistantMessagesProps {
  messages: AssistantMessage[];
  /** A question is in flight: a 'Recherche…' line ends the list. */
  loading: boolean;
}

/** The conversation, announced as it grows; the newest line is scrolled into view. */
export function AssistantMessages({ messages, loading }: AssistantMessagesProps) {
  const list = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const last = list.current?.lastElementChild;
    last?.scrollIntoView?.({ block: 'end' });
  }, [messages, loading]);

  return (
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
  );
}
