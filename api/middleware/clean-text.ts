import { createMiddleware } from 'hono/factory';
import type { ErrorBody } from '../app-env.ts';

/** The answer to text PostgreSQL cannot store: a NUL character or half of a UTF-16 pair. */
export const FORBIDDEN_TEXT = 'La requête contient un caractère interdit (caractère nul ou texte Unicode invalide).';

/**
 * True for a string PostgreSQL refuses or stores corrupted: it holds NUL (U+0000) or a lone
 * UTF-16 surrogate (`'\uD800'` on its own). Other control characters, RTL marks and long text
 * are left to each field's own rules.
 *
 * @example isForbiddenText('a\u0000b') // true
 * @example isForbiddenText('Montréal') // false
 */
export const isForbiddenText = (text: string) => text.includes('\u0000') || !text.isWellFormed();

/** True when any string inside a parsed JSON value (keys included) is forbidden text. */
export function holdsForbiddenText(value: unknown): boolean {
  if (typeof value === 'string') return isForbiddenText(value);
  if (Array.isArray(value)) return value.some(holdsForbiddenText);
  if (value && typeof value === 'object') {
    return Object.entries(value).some(([key, inner]) => isForbiddenText(key) || holdsForbiddenText(inner));
  }
  return false;
}

/**
 * The path and each name and value of the query, decoded strictly; null when one is not UTF-8
 * once decoded (`%ED%A0%80`, `%FF`). URLSearchParams would quietly turn those bytes into U+FFFD,
 * so the query is split and decoded here, as the path is.
 */
function decodedTarget(url: string): string[] | null {
  const { pathname, search } = new URL(url);
  const pairs = search
    .slice(1)
    .split('&')
    .flatMap((pair) => pair.split('='));
  try {
    return [pathname, ...pairs].map((part) => decodeURIComponent(part.replace(/\+/g, ' ')));
  } catch {
    return null;
  }
}

/** True when the path or query of `url`, once decoded, holds forbidden text or cannot be decoded. */
export function forbiddenTarget(url: string): boolean {
  const parts = decodedTarget(url);
  return !parts || parts.some(isForbiddenText);
}

/**
 * Refuses, with a French 400, a request whose path or query holds forbidden text once decoded
 * (`%00`; a path that is not UTF-8), before any handler or SQL sees it. JSON bodies get the
 * same check where they are parsed (`jsonBodies`).
 */
export const cleanTarget = createMiddleware(async (c, next) => {
  if (forbiddenTarget(c.req.url)) {
    return c.json<ErrorBody>({ error: FORBIDDEN_TEXT }, 400);
  }
  return next();
});
