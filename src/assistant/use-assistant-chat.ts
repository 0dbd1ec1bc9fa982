import { useState } from 'react';
import { ASK_FAILED, askAssistant, canSend, type AskSource } from './ask-client.ts';

/** A line of the conversation: the visitor's question or the assistant's answer. */
export interface AssistantMessage {
  role: 'user' | 'assistant';
  content: string;
  sources?: AskSource[];
  failed?: boolean;
}

const WELCOME: AssistantMessage = {
  role: 'assistant',
  content:
    'Bonjour ! Posez une question sur GéoSonde : tarifs, hébergement, formats d’export, API, stages… Je réponds à partir de nos pages.',
};

/**
 * The assistant's conversation: the messages, the question being typed, the one in flight. `send`
 * posts the question to /ask, adds the answer or the error, then calls `onSettled`.
 */
export function useAssistantChat(onSettled: () => void) {
  const [messages, setMessages] = useState<AssistantMessage[]>([WELCOME]);
  const [text, setText] = useState('');
  const [loading, setLoading] = useState(false);

  const add = (message: AssistantMessage) => setMessages((current) => [...current, message]);

  const send = async () => {
    if (!canSend(text) || loading) return;
    const question = text.trim();
    add({ role: 'user', content: question });
    // Cleared as it leaves, so that what is typed during the wait is kept.
    setText('');
    setLoading(true);
    try {
      const reply = await askAssistant(question);
      add({ role: 'assistant', content: reply.text, sources: reply.sources });
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : ASK_FAILED;
      add({ role: 'assistant', content: message, failed: true });
    } finally {
      setLoading(false);
      onSettled();
    }
  };

  return { messages, text, setText, loading, send };
}
