import { z } from 'zod';
import { ROLES } from '../../src/domain/roles.ts';
import { TENANT_SLUGS } from '../../src/domain/tenants.ts';

const NOT_AN_OBJECT = { error: 'Le corps de la requête doit être un objet JSON.' };

export const MIN_PASSWORD_LENGTH = 8;

/** An e-mail typed by a person: trimmed and lower-cased. */
const email = (message: string) =>
  z.string({ error: message }).trim().toLowerCase().min(1, message).max(254, 'Adresse courriel trop longue.');

const password = z
  .string({ error: 'Veuillez entrer votre mot de passe.' })
  .min(1, 'Veuillez entrer votre mot de passe.')
  .max(1024, 'Mot de passe trop long (1024 caractères au plus).');

const newPassword = z
  .string({ error: 'Veuillez choisir un mot de passe.' })
  .min(MIN_PASSWORD_LENGTH, `Le mot de passe doit contenir au moins ${MIN_PASSWORD_LENGTH} caractères.`)
  .max(1024, 'Mot de passe trop long (1024 caractères au plus).');

const token = (message: string) => z.string({ error: message }).trim().min(1, message).max(256, message);

export const loginSchema = z.object(
  { email: email('Veuillez entrer votre adresse courriel.'), password },
  NOT_AN_OBJECT,
);

export const registerSchema = z.object(
  {
    email: email('Veuillez entrer votre adresse courriel.').pipe(z.email({ error: 'Adresse courriel invalide.' })),
    password: newPassword,
    token: token('Le jeton d’accès est requis.'),
    displayName: z
      .string({ error: 'Le nom affiché doit être du texte.' })
      .trim()
      .max(100, 'Le nom affiché compte au plus 100 caractères.')
      .nullish()
      .transform((value) => value || null),
  },
  NOT_AN_OBJECT,
);

export const forgotSchema = z.object({ email: email('Veuillez entrer votre adresse courriel.') }, NOT_AN_OBJECT);

export const resetSchema = z.object(
  { token: token('Le lien de réinitialisation est incomplet.'), password: newPassword },
  NOT_AN_OBJECT,
);

export const invitationSchema = z.object(
  {
    tenantSlug: z.enum(TENANT_SLUGS, { error: 'Organisation inconnue.' }),
    role: z.enum(ROLES, { error: 'Rôle inconnu : admin, member ou viewer.' }),
    email: z
      .email({ error: 'Adresse courriel invalide.' })
      .max(254)
      .nullish()
      .transform((value) => value?.toLowerCase() ?? null),
    days: z
      .number({ error: 'La durée de validité est un nombre de jours.' })
      .int('La durée de validité est un nombre entier de jours.')
      .min(1, 'La durée de validité est d’au moins 1 jour.')
      .max(90, 'La durée de validité est d’au plus 90 jours.')
      .default(7),
  },
  NOT_AN_OBJECT,
);
