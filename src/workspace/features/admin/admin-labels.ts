import type { Role } from '../../../domain/roles.ts';
import { TENANTS, type TenantSlug } from '../../../domain/tenants.ts';
import { WEBHOOK_EVENT_LABELS, type WebhookDeliveryStatus, type WebhookEventType } from '../../../domain/webhooks.ts';

/** What each role may do, as the screen names it. */
export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Administrateur',
  member: 'Membre (lecture et écriture)',
  viewer: 'Lecteur (lecture seule)',
};

/** The audit's actions in words. */
export const ACTION_LABELS: Record<string, string> = {
  'sign-in': 'Connexion',
  'document.upload': 'Document ajouté',
  'document.replace': 'Document remplacé',
  'document.delete': 'Document supprimé',
  'document.validate': 'Journal vérifié et versé',
  export: 'Export',
  'import.commit': 'Import',
  'borehole.restore': 'Version restaurée',
  'share.create': 'Fiche partagée',
  'share.revoke': 'Partage révoqué',
  'token.create': 'Jeton d’API créé',
  'token.rotate': 'Jeton d’API renouvelé',
  'token.revoke': 'Jeton d’API révoqué',
  'webhook.create': 'Webhook créé',
  'webhook.delete': 'Webhook supprimé',
  'invitation.create': 'Invitation créée',
  'invitation.revoke': 'Invitation révoquée',
  'user.role': 'Rôle changé',
  'user.disable': 'Compte désactivé',
  'user.enable': 'Compte réactivé',
  'section.save': 'Coupe enregistrée',
  'section.delete': 'Coupe supprimée',
};

export const INVITATION_STATES: Record<string, string> = {
  pending: 'En attente',
  used: 'Utilisée',
  expired: 'Expirée',
  revoked: 'Révoquée',
};

/** A webhook delivery's state, as the deliveries list shows it. */
export const DELIVERY_STATES: Record<WebhookDeliveryStatus, string> = {
  delivered: 'Livré',
  pending: 'En attente',
  failed: 'Échec',
};

/** A webhook event's name in words (the code itself for one unknown here). */
export const webhookEventLabel = (type: string) =>
  type in WEBHOOK_EVENT_LABELS ? WEBHOOK_EVENT_LABELS[type as WebhookEventType] : type;

export const tenantLabel = (slug: string | null) => (slug && slug in TENANTS ? TENANTS[slug as TenantSlug].label : '—');

const roleWord = (role: unknown) =>
  typeof role === 'string' && role in ROLE_LABELS ? ROLE_LABELS[role as Role].split(' (')[0]! : '?';
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const plural = (count: unknown, noun: string) => `${Number(count)} ${noun}${Number(count) > 1 ? 's' : ''}`;

/** One line on what an event changed, from its detail. */
export function eventDetail(action: string, detail: Record<string, unknown>): string {
  switch (action) {
    case 'export':
      return plural(detail.count, detail.what === 'reports' ? 'document' : 'forage');
    case 'import.commit':
      return `${plural(detail.created, 'créé')}, ${plural(detail.updated, 'modifié')}, ${plural(detail.unchanged, 'inchangé')}`;
    case 'document.upload':
    case 'document.replace':
    case 'document.delete':
      return `${text(detail.borehole)} · ${text(detail.title)}`;
    case 'document.validate':
      return `${text(detail.borehole)} · version ${Number(detail.version)}`;
    case 'user.role':
      return `${roleWord(detail.before)} → ${roleWord(detail.after)}`;
    case 'invitation.create':
      return roleWord(detail.role);
    case 'borehole.restore':
      return `version ${Number(detail.restored)} → version ${Number(detail.version)}`;
    case 'share.create':
      return plural(detail.days, 'jour');
    case 'token.create':
    case 'token.revoke':
      return text(detail.name);
    case 'token.rotate':
      return `ancien jeton valide ${plural(detail.graceHours, 'heure')} de plus`;
    case 'webhook.create':
    case 'webhook.delete':
      return Array.isArray(detail.events) ? detail.events.filter((event) => typeof event === 'string').join(', ') : '';
    default:
      return '';
  }
}
