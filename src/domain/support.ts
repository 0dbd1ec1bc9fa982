import { mailtoHref } from './mailto.ts';

/** Where support requests go. */
export const SUPPORT_EMAIL = 'support@geosonde.ca';

export const SUPPORT_CATEGORIES = [
  'Accès / connexion',
  'Données et import',
  'Carte et recherche',
  'Exports',
  'API et intégrations',
  'Facturation',
  'Autre',
] as const;

/** Severity levels and what each one promises. */
export const SEVERITIES = {
  P1: 'P1 — incident bloquant : réponse rapide, le jour ouvrable même',
  P2: 'P2 — important : réponse dans la journée, avec un plan de correction',
  P3: 'P3 — question ou amélioration : réponse asynchrone',
} as const;

export type Severity = keyof typeof SEVERITIES;

export const CLIPBOARD_SUCCESS = 'Message copié. Ouvrez votre courriel et collez-le (Ctrl/Cmd + V).';
export const CLIPBOARD_FAILURE = 'Impossible de copier automatiquement. Sélectionnez et copiez manuellement.';

export interface SupportRequest {
  name: string;
  organisation: string;
  email: string;
  category: string;
  severity: Severity;
  subject: string;
  description: string;
  links: string;
}

const orDash = (value: string) => value.trim() || '—';

/** The e-mail subject: severity, category and the user's subject. */
export function supportSubject(request: SupportRequest): string {
  const subject = request.subject.trim();
  return `[${request.severity}] ${request.category}${subject ? ` — ${subject}` : ''}`;
}

/** The message itself, one field per line, as copied or sent. */
export function supportBody(request: SupportRequest): string {
  return [
    `Nom : ${orDash(request.name)}`,
    `Organisation : ${orDash(request.organisation)}`,
    `Courriel : ${orDash(request.email)}`,
    `Catégorie : ${request.category}`,
    `Sévérité : ${SEVERITIES[request.severity]}`,
    `Objet : ${orDash(request.subject)}`,
    '',
    'Description :',
    orDash(request.description),
    '',
    `URL(s) / ID(s) liés : ${orDash(request.links)}`,
  ].join('\n');
}

/**
 * The mailto: link that opens the user's mail client with the request filled in.
 *
 * @example supportMailto({ ...request, severity: 'P1' }) // 'mailto:support@geosonde.ca?subject=%5BP1%5D…'
 */
export function supportMailto(request: SupportRequest): string {
  return mailtoHref({ to: SUPPORT_EMAIL, subject: supportSubject(request), body: supportBody(request) });
}
