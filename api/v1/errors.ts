import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * The stable codes of the public API's errors: a program branches on `code`, a person reads
 * `error` (French). Adding a code is a compatible change; renaming one is not.
 */
export const API_ERRORS = {
  missing_token: [401, 'Jeton absent : envoyez l’en-tête Authorization: Bearer <jeton>.'],
  invalid_token: [401, 'Jeton inconnu.'],
  token_expired: [401, 'Ce jeton a expiré.'],
  token_revoked: [401, 'Ce jeton a été révoqué.'],
  account_disabled: [401, 'Le compte qui a créé ce jeton est désactivé.'],
  insufficient_scope: [403, 'Ce jeton n’a pas la portée requise.'],
  ip_not_allowed: [403, 'Cette adresse IP n’est pas dans la liste autorisée du jeton.'],
  not_found: [404, 'Ressource introuvable.'],
  borehole_not_found: [404, 'Forage introuvable dans les données accessibles à ce jeton.'],
  section_not_found: [404, 'Coupe introuvable dans les données accessibles à ce jeton.'],
  export_not_found: [404, 'Export introuvable.'],
  link_expired: [410, 'Ce lien de téléchargement a expiré : lisez de nouveau l’export pour en obtenir un autre.'],
  payload_too_large: [413, 'Requête trop volumineuse (64 Ko au plus).'],
  unsupported_media_type: [415, 'Le corps de la requête doit être du JSON (Content-Type: application/json).'],
  malformed_request: [400, 'Requête mal formée.'],
  invalid_parameter: [422, 'Paramètre invalide.'],
  rate_limited: [429, 'Limite de débit atteinte : réessayez après le délai indiqué par Retry-After.'],
  internal_error: [500, 'Erreur interne. Réessayez dans un instant.'],
} as const satisfies Record<string, readonly [ContentfulStatusCode, string]>;

export type ApiErrorCode = keyof typeof API_ERRORS;

/** The body of every error of `/v1`. */
export interface ApiErrorBody {
  code: ApiErrorCode;
  error: string;
}

/**
 * Answers an error of the public API: its status, its code, and its French sentence (or `message`,
 * which says more about this case).
 *
 * @example return apiError(c, 'insufficient_scope', 'Ce jeton n’a pas la portée read:boreholes.')
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any router's context, whatever its variables
export function apiError<C extends ApiErrorCode>(c: Context<any>, code: C, message?: string) {
  const [status, text] = API_ERRORS[code];
  c.header('Cache-Control', 'no-store');
  return c.json<ApiErrorBody, (typeof API_ERRORS)[C][0]>({ code, error: message ?? text }, status);
}
