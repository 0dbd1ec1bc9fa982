/** What the assistant shows when the call fails without a message of its own. */
export const ASK_FAILED = 'The query to the GéoSonde assistant failed. Please try again later.';
export const NO_ANSWER_RECEIVED = 'No answer received.';
export const MAX_QUESTION = 500;
const TOP_K = 3;
const THRESHOLD = 0.5;

/** A source of an answer, as the service lists it. */
export interface AskSource {
  title: string;
  url: string;
}

/** True when a question may be sent: not empty or blank, 500 characters at most. */
export const canSend = (text: string) => text.trim().length > 0 && text.length <= MAX_QUESTION;

/**
 * Asks the assistant: `POST /ask` with the trimmed question, top_k 3 and threshold 0.5. The reply
 * is read for `answer`, else `response`, else `error`, else 'No answer received.'; a non-OK status
 * throws 'API error: {status}'.
 */
export async function askAssistant(question: string): Promise<{ text: string; sources: AskSource[] }> {
  const response = await fetch('/ask', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: question.trim(), top_k: TOP_K, threshold: THRESHOLD }),
  });
  if (!response.ok) throw new Error(`API error: ${response.status}`);
  const body = (await response.json()) as { answer?: unknown; response?: unknown; error?: unknown; sources?: unknown };
  const text = [body.answer, body.response, body.error].find((v) => typeof v === 'string' && v) as string | undefined;
  const sources = Array.isArray(body.sources)
    ? (body.sources as AskSource[]).filter(
        (s) => typeof s?.url === 'string' && s.url.startsWith('/') && typeof s.title === 'string',
      )
    : [];
  return { text: text ?? NO_ANSWER_RECEIVED, sources };
}
