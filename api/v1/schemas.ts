import { z } from '../openapi.ts';
import { BOREHOLE_TYPES, DRILLING_METHODS, PURPOSES } from '../../src/domain/borehole.ts';
import { decimalOf, decimalParam } from '../../src/domain/decimal.ts';
import { SOIL_CLASSES, type SoilClass } from '../../src/domain/soil.ts';
import { API_ERRORS, type ApiErrorCode } from './errors.ts';

// The shapes of the public API, once: they validate what comes in and describe it in
// /v1/openapi.json. Names are those of the developers page (snake_case, units in the name).

/** The most rows one page holds. */
export const MAX_PAGE_SIZE = 500;
export const DEFAULT_PAGE_SIZE = 100;

const text = (description: string, example?: string) =>
  z
    .string()
    .trim()
    .max(200, 'au plus 200 caractères.')
    .openapi({ description, ...(example ? { example } : {}) });
const metres = (description: string) =>
  decimalParam(
    'un nombre de mètres est attendu.',
    z.number().min(0, 'une profondeur ne peut pas être négative.').max(20_000, 'une profondeur dépasse 20 000 m.'),
  ).openapi({ type: 'number', description });
const day = (description: string) =>
  z.iso
    .date({ error: 'une date au format AAAA-MM-JJ est attendue.' })
    .refine((date) => date >= '0001-01-01', 'une date commence à l’an 1.')
    .openapi({ description, example: '2024-01-01' });
const oneOf = <T extends readonly [string, ...string[]]>(values: T, description: string) =>
  z.enum(values, { error: `valeurs admises : ${values.join(', ')}.` }).openapi({ description });

/** `west,south,east,north` in degrees: four numbers, a real rectangle of the globe. */
export const bboxParam = z
  .string()
  .max(200, 'quatre nombres sont attendus : ouest,sud,est,nord.')
  .transform((value, context) => {
    const parts = value.split(',').map(decimalOf);
    const [west = NaN, south = NaN, east = NaN, north = NaN] = parts;
    const valid =
      parts.length === 4 &&
      parts.every(Number.isFinite) &&
      west >= -180 &&
      east <= 180 &&
      west <= east &&
      south >= -90 &&
      north <= 90 &&
      south <= north;
    if (!valid) {
      context.addIssue({
        code: 'custom',
        message: 'quatre nombres sont attendus, ouest,sud,est,nord en degrés (ouest ≤ est, sud ≤ nord).',
      });
      return z.NEVER;
    }
    return [west, south, east, north] as [number, number, number, number];
  })
  .openapi({
    type: 'string',
    description: 'Rectangle en degrés WGS 84 : ouest,sud,est,nord.',
    example: '-73.40,45.55,-73.30,45.62',
  });

/** The search of `GET /v1/boreholes`: the documented names, the workspace's filters, `bbox`, and paging. */
export const boreholeSearch = z
  .strictObject({
    muni: text('Municipalité (contient, sans tenir compte de la casse ni des accents).', 'Sainte-Julie'),
    project: text('Projet (contient).'),
    site: text('Site (contient).'),
    address: text('Adresse (contient).'),
    lithology: text('Un mot de la description d’un horizon (contient).', 'argile'),
    purpose: oneOf(PURPOSES, 'But du forage.'),
    type: oneOf(BOREHOLE_TYPES, 'Type de forage.'),
    drilling_method: oneOf(DRILLING_METHODS, 'Méthode de forage.'),
    date_from: day('Date de forage minimale (incluse).'),
    date_to: day('Date de forage maximale (incluse).'),
    depth_min: metres('Profondeur minimale, en mètres.'),
    depth_max: metres('Profondeur maximale, en mètres.'),
    bbox: bboxParam,
    limit: decimalParam(
      `un entier de 1 à ${MAX_PAGE_SIZE} est attendu.`,
      z
        .number()
        .int(`un entier de 1 à ${MAX_PAGE_SIZE} est attendu.`)
        .min(1, `un entier de 1 à ${MAX_PAGE_SIZE} est attendu.`)
        .max(MAX_PAGE_SIZE, `au plus ${MAX_PAGE_SIZE} par page.`),
    )
      .default(DEFAULT_PAGE_SIZE)
      .openapi({ type: 'integer', description: `Taille de la page (1 à ${MAX_PAGE_SIZE}).`, example: 50 }),
    cursor: z
      .string()
      .max(200, 'curseur invalide.')
      .openapi({ description: 'Le `next_cursor` de la page précédente, tel quel.' }),
  })
  .partial({
    muni: true,
    project: true,
    site: true,
    address: true,
    lithology: true,
    purpose: true,
    type: true,
    drilling_method: true,
    date_from: true,
    date_to: true,
    depth_min: true,
    depth_max: true,
    bbox: true,
    cursor: true,
  });

export const boreholeIdParam = z.object({
  id: z
    .string()
    .max(64, 'identifiant trop long.')
    .openapi({ param: { name: 'id', in: 'path' }, example: 'SJ-BH-03' }),
});

const LOCA_ID = z.string().openapi({ description: 'Identifiant du forage dans son projet (LOCA_ID en AGS).' });
const PROJECT_CODE = z.string().openapi({ description: 'Code du projet (PROJ_ID en AGS).' });
const GROUND_LEVEL = z
  .number()
  .nullable()
  .openapi({ description: 'Niveau du terrain (m), dans le système altimétrique du fichier ; null s’il est inconnu.' });

export const BoreholeSummarySchema = z
  .object({
    id: z.string().openapi({ example: 'SJ-BH-15' }),
    loca_id: LOCA_ID,
    project: z.string(),
    project_code: PROJECT_CODE,
    muni: z.string().openapi({ example: 'Sainte-Julie' }),
    date: z.string().nullable().openapi({ example: '2025-09-04' }),
    type: z.enum(BOREHOLE_TYPES),
    depth_m: z.number().openapi({ example: 15 }),
    ground_level_m: GROUND_LEVEL,
    lat: z.number().nullable(),
    lon: z.number().nullable(),
  })
  .openapi('BoreholeSummary');

export const BoreholePageSchema = z
  .object({
    items: z.array(BoreholeSummarySchema),
    total: z.number().int().openapi({ description: 'Nombre de forages pour l’ensemble du filtre.' }),
    next_cursor: z.string().nullable().openapi({ description: 'Curseur de la page suivante ; null sur la dernière.' }),
  })
  .openapi('BoreholePage');

export const SOIL_CLASS_NAMES = Object.keys(SOIL_CLASSES) as [SoilClass, ...SoilClass[]];

export const BoreholeSchema = z
  .object({
    id: z.string(),
    loca_id: LOCA_ID,
    project: z.string(),
    project_code: PROJECT_CODE,
    site: z.string(),
    muni: z.string(),
    date: z.string().nullable(),
    purpose: z.enum(PURPOSES),
    type: z.enum(BOREHOLE_TYPES),
    method: z.enum(DRILLING_METHODS).nullable(),
    depth_m: z.number(),
    ground_level_m: GROUND_LEVEL,
    lat: z.number().nullable(),
    lon: z.number().nullable(),
    horizons: z.array(
      z.object({
        material: z.string().openapi({ description: 'Description d’origine du journal.' }),
        class: z.enum(SOIL_CLASS_NAMES).openapi({ description: 'Classe de sol normalisée.' }),
        top_m: z.number(),
        thickness_m: z.number(),
      }),
    ),
    spt: z
      .array(
        z.object({
          top_m: z.number(),
          n: z
            .number()
            .nullable()
            .openapi({ description: 'Indice N (coups pour 300 mm), tel que le fichier le donne.' }),
          refusal: z
            .object({
              blows: z.number(),
              penetration_mm: z.number().nullable(),
              seating_drive: z.boolean().openapi({ description: 'Vrai quand l’enfoncement d’amorçage s’est arrêté.' }),
            })
            .nullable()
            .openapi({
              description: 'Refus : coups de la passe arrêtée et enfoncement obtenu ; null pour un essai complet.',
            }),
          result: z
            .string()
            .openapi({ description: 'Le résultat tel que le journal l’écrit : « 12 », « 50/165 mm », « — ».' }),
        }),
      )
      .openapi({ description: 'Essais de pénétration standard (SPT) : profondeur, indice N ou refus.' }),
    water_levels: z
      .array(z.object({ depth_m: z.number(), kind: z.enum(['strike', 'standing']) }))
      .openapi({ description: 'Venues d’eau (strike) et niveaux stabilisés (standing), en mètres sous le sol.' }),
  })
  .openapi('Borehole');

const ERROR_CODES = Object.keys(API_ERRORS) as [ApiErrorCode, ...ApiErrorCode[]];
export const ErrorSchema = z
  .object({
    code: z.enum(ERROR_CODES).openapi({ description: 'Code stable, pour les programmes.' }),
    error: z.string().openapi({ description: 'La même erreur en une phrase, en français.' }),
  })
  .openapi('Error');

export const errorAnswer = (description: string) => ({
  description,
  content: { 'application/json': { schema: ErrorSchema } },
});

/** The error answers every authenticated call may give. */
export const AUTH_ERRORS = {
  401: errorAnswer('Jeton absent, inconnu, expiré ou révoqué.'),
  403: errorAnswer('Portée insuffisante ou adresse IP hors de la liste autorisée.'),
  429: errorAnswer('Limite de débit atteinte ; voir Retry-After.'),
} as const;

export const NOT_FOUND_ANSWER = errorAnswer('Forage introuvable dans les données accessibles à ce jeton.');
export const INVALID_ANSWER = errorAnswer('Paramètre invalide ou inconnu.');
