import { Hono, type Context } from 'hono';
import { documented, z } from '../openapi.ts';
import { SECTION_LIMITS, sectionOf, type Section } from '../../src/domain/subsurface/section.ts';
import { autoExaggeration } from '../../src/domain/subsurface/section-sheet.ts';
import { sectionDxf } from '../subsurface/section-dxf.ts';
import { logsNear } from '../subsurface/sections-routes.ts';
import { listSections, sectionById, type SavedSection } from '../subsurface/sections-repo.ts';
import { requireScope, type V1Env } from './bearer.ts';
import { apiError } from './errors.ts';
import { AUTH_ERRORS, errorAnswer, SOIL_CLASS_NAMES } from './schemas.ts';
import { v1Params } from './validation-hook.ts';

const round = (value: number) => Math.round(value * 1000) / 1000;
const security = [{ bearer: [] }];
const readBoreholes = requireScope('read:boreholes');

const SavedSectionSchema = z
  .object({
    id: z.string().openapi({ format: 'uuid' }),
    title: z.string(),
    project: z.object({ id: z.string(), code: z.string(), name: z.string() }),
    line: z
      .array(z.object({ lat: z.number(), lon: z.number() }))
      .openapi({ description: 'Les points de la ligne de coupe, dans l’ordre (WGS 84).' }),
    corridor_m: z
      .number()
      .openapi({ description: 'Largeur du corridor : les forages à moins de sa moitié de la ligne.' }),
    exaggeration: z.number().nullable().openapi({ description: 'Exagération verticale ; null : celle de la coupe.' }),
    created_by: z.string().openapi({ description: 'Adresse de la personne qui a enregistré la coupe.' }),
    created_at: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('SavedSection');

const SectionSchema = z
  .object({
    length_m: z.number(),
    vertical: z
      .enum(['elevation', 'depth'])
      .openapi({ description: '« depth » quand un forage de la coupe n’a pas d’élévation du terrain.' }),
    exaggeration: z.number(),
    boreholes: z.array(
      z.object({
        id: z.string(),
        chainage_m: z.number().openapi({ description: 'Distance le long de la ligne.' }),
        offset_m: z.number().openapi({ description: 'Écart à la ligne : positif à gauche en la suivant.' }),
        ground_level_m: z.number().nullable(),
        depth_m: z.number(),
        units: z.array(z.object({ class: z.enum(SOIL_CLASS_NAMES), top_m: z.number(), base_m: z.number() })),
        spt: z.array(z.object({ depth_m: z.number(), n: z.number().nullable(), result: z.string() })),
        water_m: z.array(z.number()).openapi({ description: 'Niveaux d’eau, en mètres sous le terrain.' }),
      }),
    ),
    links: z
      .array(
        z.object({
          from: z.string(),
          to: z.string(),
          class: z.enum(SOIL_CLASS_NAMES),
          top_m: z.tuple([z.number(), z.number()]),
          base_m: z.tuple([z.number(), z.number()]),
          base_found: z.tuple([z.boolean(), z.boolean()]),
        }),
      )
      .openapi({ description: 'Unités partagées par deux forages voisins, reliées (limites interprétées).' }),
  })
  .openapi('Section');

const SECTION_NOT_FOUND = errorAnswer('Coupe introuvable dans les données accessibles à ce jeton.');
const sectionParam = z.object({
  id: z
    .string()
    .max(64, 'identifiant trop long.')
    .openapi({ param: { name: 'id', in: 'path' }, example: '0b6f1c2e-6a7d-4c1e-9d55-2f0c8a1e4b37' }),
});
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A saved section as the public API says it. */
const savedOf = (saved: SavedSection) => ({
  id: saved.id,
  title: saved.title,
  project: { id: saved.projectId, code: saved.projectCode, name: saved.projectName },
  line: saved.line.map((point) => ({ lat: point.lat, lon: point.lng })),
  corridor_m: saved.corridor,
  exaggeration: saved.exaggeration,
  created_by: saved.createdBy,
  created_at: saved.createdAt,
});

/** A section as the public API says it. */
const sectionOut = (section: Section, exaggeration: number) => ({
  length_m: round(section.length),
  vertical: section.vertical,
  exaggeration,
  boreholes: section.columns.map((column) => ({
    id: column.id,
    chainage_m: round(column.chainage),
    offset_m: round(column.offset),
    ground_level_m: column.ground,
    depth_m: round(column.depth),
    units: column.units.map((unit) => ({ class: unit.soil, top_m: round(unit.top), base_m: round(unit.base) })),
    spt: column.spt.map((test) => ({ depth_m: round(test.depth), n: test.n, result: test.text })),
    water_m: column.water.map(round),
  })),
  links: section.links.map((link) => ({
    from: section.columns[link.from]!.id,
    to: section.columns[link.to]!.id,
    class: link.soil,
    top_m: link.top.map(round) as [number, number],
    base_m: link.base.map(round) as [number, number],
    base_found: link.baseFound,
  })),
});

const listDoc = documented({
  operationId: 'listSections',
  summary: 'Coupes enregistrées',
  description:
    'Les coupes géologiques enregistrées dans les projets de l’organisation du jeton, les plus récentes d’abord.',
  tags: ['Coupes'],
  security,
  responses: {
    200: {
      description: 'Les coupes.',
      content: { 'application/json': { schema: z.object({ items: z.array(SavedSectionSchema) }) } },
    },
    ...AUTH_ERRORS,
  },
});
const readDoc = documented({
  operationId: 'getSection',
  summary: 'Lire une coupe',
  description:
    'Une coupe enregistrée et ses forages, tracée à partir des données telles qu’elles sont, dans ce que le jeton peut lire : chaque forage à sa distance le long de la ligne, ses unités, ses SPT et ses niveaux d’eau, et les unités reliées entre voisins.',
  tags: ['Coupes'],
  security,
  responses: {
    200: {
      description: 'La coupe.',
      content: { 'application/json': { schema: SavedSectionSchema.extend({ section: SectionSchema }) } },
    },
    ...AUTH_ERRORS,
    404: SECTION_NOT_FOUND,
    422: errorAnswer('Trop de forages dans le corridor de la coupe.'),
  },
});
const dxfDoc = documented({
  operationId: 'getSectionDxf',
  summary: 'Coupe en DXF',
  description:
    'La coupe pour la CAO, dans ses propres coordonnées (x la distance le long de la ligne, y l’élévation, en mètres), un calque par unité.',
  tags: ['Coupes'],
  security,
  responses: {
    200: { description: 'Le fichier DXF.', content: { 'application/dxf': { schema: z.string() } } },
    ...AUTH_ERRORS,
    404: SECTION_NOT_FOUND,
  },
});

const tooMany = (count: number) =>
  `Le corridor de cette coupe compte maintenant ${count} forages, au plus ${SECTION_LIMITS.boreholes} : enregistrez-en une plus étroite.`;

/** The token's organisation's saved sections (every organisation's for an administrator's token). */
const tenantOf = (caller: V1Env['Variables']['caller']) =>
  caller.user.role === 'admin' ? null : caller.user.tenantSlug;

/** `/v1/sections`: the saved cross-sections, and each drawn from the data the token reads. */
/**
 * A saved section of the caller's organisation, drawn through the boreholes as they are now and
 * within the caller's scope; or the error to answer (unknown section, too many boreholes).
 */
async function drawnSaved(c: Context<V1Env>, id: string) {
  const saved = uuid.test(id) ? await sectionById(c.var.db, id, tenantOf(c.var.caller)) : null;
  if (!saved) return { error: apiError(c, 'section_not_found') };
  const found = await logsNear(c.var.db, c.var.caller.dataScope, saved);
  if ('tooMany' in found) return { error: apiError(c, 'invalid_parameter', tooMany(found.tooMany)) };
  return { saved, section: sectionOf(saved, found.logs) };
}

export const sectionsV1 = new Hono<V1Env>()
  .get('/', listDoc, readBoreholes, async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json({ items: (await listSections(c.var.db, tenantOf(c.var.caller))).map(savedOf) }, 200);
  })
  .get('/:id', readDoc, readBoreholes, v1Params(sectionParam), async (c) => {
    const drawn = await drawnSaved(c, c.req.valid('param').id);
    if ('error' in drawn) return drawn.error;
    const { saved, section } = drawn;
    c.header('Cache-Control', 'private, no-store');
    return c.json(
      { ...savedOf(saved), section: sectionOut(section, saved.exaggeration ?? autoExaggeration(section)) },
      200,
    );
  })
  .get('/:id/section.dxf', dxfDoc, readBoreholes, v1Params(sectionParam), async (c) => {
    const drawn = await drawnSaved(c, c.req.valid('param').id);
    if ('error' in drawn) return drawn.error;
    const { saved, section } = drawn;
    c.header('Cache-Control', 'private, no-store');
    c.header('Content-Type', 'application/dxf');
    return c.body(
      sectionDxf(section, {
        exaggeration: saved.exaggeration ?? autoExaggeration(section),
        links: saved.links,
        title: saved.title,
      }),
    );
  });
