/** An answer of the API with an error status: its status, parsed body and French message. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  constructor(status: number, body: unknown, message: string) {
    super(message);
    this.status = status;
    this.body = body;
  }
}

/**
 * Calls the API on this origin with the session cookie, JSON in and out. A non-OK status throws
 * an ApiError whose message is the body's `error`, else the status text.
 *
 * @example const user = await apiJson<User | null>('/api/me');
 */
export async function apiJson<T>(
  path: string,
  init: { method?: 'GET' | 'POST' | 'PATCH' | 'DELETE'; body?: unknown } = {},
): Promise<T> {
  const method = init.method ?? 'GET';
  // GET and DELETE carry nothing; the others send JSON.
  const sends = method !== 'GET' && method !== 'DELETE';
  const response = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: sends ? { 'content-type': 'application/json' } : { accept: 'application/json' },
    ...(sends ? { body: JSON.stringify(init.body ?? {}) } : {}),
  });
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!response.ok) {
    const message = (body as { error?: unknown } | null)?.error;
    throw new ApiError(response.status, body, typeof message === 'string' ? message : response.statusText);
  }
  return body as T;
}

/** The French message to show for a failed call: the API's, else the exception's, else `fallback`. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    const message = (error.body as { error?: unknown } | null)?.error;
    if (typeof message === 'string' && message) return message;
  }
  return error instanceof Error && error.message ? error.message : fallback;
}
