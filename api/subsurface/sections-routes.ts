import { Hono } from 'hono';
import { z } from 'zod';
import { haversineKm, type LatLng } from '../../src/domain/geo.ts';
import { svgOf } from '../../src/domain/log/sheet.ts';
import {
  lineLength,
  lineThrough,
  SECTION_LIMITS,
  sectionOf,
  type SectionRequest,
} from '../../src/domain/subsurface/section.ts';
import { autoExaggeration, SECTION_PAPERS, sectionSheet } from '../../src/domain/subsurface/section-sheet.ts';
import { isTenantSlug, scopeForUser, TENANTS, type DataScope } from '../../src/domain/tenants.ts';
import type { Queryable } from '../db/database.ts';
import type { AppEnv, ErrorBody } from '../app-env.ts';
import { blankLog, type BoreholeLog } from '../../src/domain/log/borehole-log.ts';
import { logsOf } from '../boreholes/log-repo.ts';
import { listBoreholes } from '../boreholes/repo.ts';
import { jsonBodies } from '../middleware/bodies.ts';
import { requireRole } from '../middleware/session.ts';
import { isUuid, jsonBody, paramsOf } from '../validation.ts';
import { recordAudit } from '../audit/repo.ts';
import { deleteSection, projectFor, saveSection, sectionById, listSections } from './sections-repo.ts';
import { sectionDxf } from './section-dxf.ts';
import { sectionPdf } from './section-pdf.ts';

const point = z.strictObject({
  lat: z.number('Un point de la ligne a une latitude et une longitude.').min(-90).max(90),
  lng: z.number('Un point de la ligne a une latitude et une longitude.').min(-180).max(180),
});

const line = z
  .array(point, 'La ligne de coupe est une liste de points.')
  .min(SECTION_LIMITS.points.min, 'Tracez une ligne d’au moins deux points.')
  .max(SECTION_LIMITS.points.max, `Une ligne de coupe compte au plus ${SECTION_LIMITS.points.max} points.`);
const corridor = z
  .number('La largeur du corridor est un nombre de mètres.')
  .min(SECTION_LIMITS.corridor.min, `Le corridor mesure au moins ${SECTION_LIMITS.corridor.min} m.`)
  .max(SECTION_LIMITS.corridor.max, `Le corridor mesure au plus ${SECTION_LIMITS.corridor.max} m.`)
  .default(SECTION_LIMITS.corridor.default);
const exaggeration = z
  .number('L’exagération verticale est un nombre.')
  .min(1, 'L’exagération verticale vaut au moins 1.')
  .max(50, 'L’exagération verticale vaut au plus 50.');
/** A line of a length a section may have. */
const measured = <T extends { line: { lat: number; lng: number }[] }>(schema: z.ZodType<T>) =>
  schema
    .refine((body) => lineLength(body.line) <= SECTION_LIMITS.length, {
      message: `Une ligne de coupe mesure au plus ${SECTION_LIMITS.length / 1000} km.`,
    })
    .refine((body) => lineLength(body.line) >= 1, { message: 'La ligne de coupe mesure au moins 1 m.' });

/** A section asked for: its line, its corridor, and how it is drawn when exported. */
export const sectionBody = z
  .strictObject({
    line: line.optional(),
    // Or the boreholes it goes through (lineThrough), the section then showing those alone.
    boreholes: z
      .array(
        z.string().max(64, 'Identifiant de forage trop long.'),
        'Les forages de la coupe sont une liste d’identifiants.',
      )
      .min(2, 'Choisissez au moins deux forages.')
      .max(SECTION_LIMITS.points.max, `Une coupe passe par au plus ${SECTION_LIMITS.points.max} forages choisis.`)
      .optional(),
    corridor,
    title: z.string().trim().max(120, 'Le titre compte au plus 120 caractères.').default(''),
    exaggeration: exaggeration.optional(),
    links: z.boolean().default(true),
    paper: z.enum(Object.keys(SECTION_PAPERS) as ['A3', 'A1'], { error: 'Format de papier : A3 ou A1.' }).default('A3'),
    format: z.enum(['json', 'svg', 'pdf', 'dxf'], { error: 'Format : json, svg, pdf ou dxf.' }).default('json'),
  })
  .refine((body) => (body.line === undefined) !== (body.boreholes === undefined), {
    message: 'Donnez la ligne de la coupe ou les forages par lesquels elle passe.',
  })
  .refine((body) => !body.line || lineLength(body.line) <= SECTION_LIMITS.length, {
    message: `Une ligne de coupe mesure au plus ${SECTION_LIMITS.length / 1000} km.`,
  })
  .refine((body) => !body.line || lineLength(body.line) >= 1, { message: 'La ligne de coupe mesure au moins 1 m.' });
/** A section saved in a project: its title, its line and how it is drawn. */
export const savedBody = measured(
  z.strictObject({
    title: z.string().trim().min(1, 'Donnez un titre à la coupe.').max(120, 'Le titre compte au plus 120 caractères.'),
    projectId: z.string('Choisissez un projet.').refine(isUuid, 'Projet introuvable.'),
    line,
    corridor,
    exaggeration: exaggeration.nullable().default(null),
    links: z.boolean().default(true),
  }),
);
export type SectionBody = z.infer<typeof sectionBody>;

/**
 * The boreholes' logs within a section's corridor that the user may read: those within a circle
 * about the line (the filters' radius, evaluated in SQL), then kept by their distance to the line.
 */
export async function logsNear(
  db: Queryable,
  scope: DataScope,
  request: SectionRequest,
): Promise<{ tooMany: number } | { logs: BoreholeLog[]; line: LatLng[] }> {
  const lats = request.line.map((p) => p.lat);
  const lngs = request.line.map((p) => p.lng);
  const centre = { lat: (Math.min(...lats) + Math.max(...lats)) / 2, lng: (Math.min(...lngs) + Math.max(...lngs)) / 2 };
  const radiusKm = Math.max(...request.line.map((p) => haversineKm(centre, p))) + request.corridor / 1000;
  const { items } = await listBoreholes(db, {
    scope,
    filters: { centerLat: centre.lat, centerLng: centre.lng, radiusKm: radiusKm + 0.01 },
  });
  // Placed first on their positions alone: only those within the corridor have their logs read.
  const near = sectionOf(
    request,
    items.map((item) => ({ ...blankLog(item.id), lat: item.lat, lon: item.lon })),
  ).columns.map((column) => column.id);
  if (near.length > SECTION_LIMITS.boreholes) return { tooMany: near.length };
  const wanted = new Set(near);
  const logs = await logsOf(
    db,
    items.filter((item) => wanted.has(item.id)),
  );
  return { logs, line: request.line };
}

/**
 * The logs of picked boreholes the user may read, and the line through them (lineThrough); a
 * refusal when fewer than two are on the map or they stand in one place.
 */
async function logsPicked(
  db: Queryable,
  scope: DataScope,
  ids: string[],
): Promise<{ refused: string } | { logs: BoreholeLog[]; line: LatLng[] }> {
  const { items } = await listBoreholes(db, { scope, filters: { ids } });
  const placed = items.filter((item) => item.lat !== null && item.lon !== null);
  if (placed.length < 2) return { refused: 'Choisissez au moins deux forages placés sur la carte.' };
  const line = lineThrough(placed.map((item) => ({ lat: item.lat!, lng: item.lon! })));
  const length = lineLength(line);
  if (length < 1) return { refused: 'Les forages choisis sont au même endroit : la coupe n’a pas de longueur.' };
  if (length > SECTION_LIMITS.length)
    return { refused: `Les forages choisis s’étendent sur plus de ${SECTION_LIMITS.length / 1000} km.` };
  return { logs: await logsOf(db, placed), line };
}

const savedParam = z.object({ id: z.string().refine(isUuid, 'Coupe introuvable.') });

/** Whose saved sections a user reads: the organisation's own; an administrator's, the one viewed (all without one). */
const readerTenant = (user: { role: string; tenantSlug: string }, viewed: string | undefined) =>
  user.role === 'admin' ? (isTenantSlug(viewed) ? viewed : null) : user.tenantSlug;

/** A file name made of the section's title: letters, digits, dashes. */
const fileName = (title: string, extension: string) =>
  `coupe-${
    title
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'geosonde'
  }.${extension}`;

/**
 * Cross-sections (`/api/sections`): any signed-in user draws one through the boreholes of the
 * user's scope; the answer is the section's data (JSON, drawn by the screen) or its drawing as
 * SVG, vector PDF or DXF for CAD.
 */
export const sectionRoutes = new Hono<AppEnv>()
  .use(requireRole('viewer'))
  .use(jsonBodies)
  .post('/', jsonBody(sectionBody), async (c) => {
    const body = c.req.valid('json');
    const scope = scopeForUser(c.var.user, c.req.query('tenant') ?? null);
    const found = body.line
      ? await logsNear(c.var.db, scope, { line: body.line, corridor: body.corridor })
      : await logsPicked(c.var.db, scope, body.boreholes!);
    if ('refused' in found) return c.json<ErrorBody>({ error: found.refused }, 422);
    if ('tooMany' in found)
      return c.json<ErrorBody>(
        {
          error: `Le corridor compte ${found.tooMany} forages, au plus ${SECTION_LIMITS.boreholes} par coupe : rétrécissez-le ou raccourcissez la ligne.`,
        },
        422,
      );
    const section = sectionOf({ line: found.line, corridor: body.corridor }, found.logs);
    c.header('Cache-Control', 'private, no-store');
    if (body.format === 'json') return c.json(section);
    const user = c.var.user!;
    const organisation = isTenantSlug(user.tenantSlug) ? TENANTS[user.tenantSlug].label : 'GéoSonde';
    const title = body.title || 'Coupe géologique';
    const options = {
      paper: body.paper,
      exaggeration: body.exaggeration ?? autoExaggeration(section),
      links: body.links,
      title,
      organisation,
      date: new Date().toISOString().slice(0, 10),
    };
    if (body.format === 'dxf') {
      c.header('Content-Type', 'application/dxf');
      c.header('Content-Disposition', `attachment; filename="${fileName(title, 'dxf')}"`);
      return c.body(sectionDxf(section, options));
    }
    const sheet = sectionSheet(section, options);
    if (body.format === 'svg') {
      c.header('Content-Type', 'image/svg+xml; charset=utf-8');
      c.header('Content-Disposition', `attachment; filename="${fileName(title, 'svg')}"`);
      return c.body(svgOf(sheet));
    }
    c.header('Content-Type', 'application/pdf');
    c.header('Content-Disposition', `attachment; filename="${fileName(title, 'pdf')}"`);
    return c.body(new Uint8Array(sectionPdf(sheet)));
  })
  .get('/saved', async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json({ items: await listSections(c.var.db, readerTenant(c.var.user!, c.req.query('tenant'))) });
  })
  .post('/saved', requireRole('member'), jsonBody(savedBody), async (c) => {
    const user = c.var.user!;
    const body = c.req.valid('json');
    const project = await projectFor(c.var.db, body.projectId, user.role === 'admin' ? null : user.tenantSlug);
    if (!project) return c.json<ErrorBody>({ error: 'Projet introuvable.' }, 404);
    const id = await c.var.db.transaction(async (tx) => {
      const saved = await saveSection(tx, { ...body, tenantSlug: project.tenantSlug }, user);
      await recordAudit(tx, {
        tenantSlug: project.tenantSlug,
        userId: user.id,
        email: user.email,
        action: 'section.save',
        target: saved,
        detail: { title: body.title },
      });
      return saved;
    });
    return c.json((await sectionById(c.var.db, id, null))!, 201);
  })
  .get('/saved/:id', paramsOf(savedParam), async (c) => {
    const found = await sectionById(
      c.var.db,
      c.req.valid('param').id,
      readerTenant(c.var.user!, c.req.query('tenant')),
    );
    if (!found) return c.json<ErrorBody>({ error: 'Coupe introuvable.' }, 404);
    c.header('Cache-Control', 'private, no-store');
    return c.json(found);
  })
  .delete('/saved/:id', requireRole('member'), paramsOf(savedParam), async (c) => {
    const user = c.var.user!;
    const admin = user.role === 'admin';
    const found = await sectionById(c.var.db, c.req.valid('param').id, admin ? null : user.tenantSlug);
    if (!found) return c.json<ErrorBody>({ error: 'Coupe introuvable.' }, 404);
    if (!admin && found.createdBy !== user.email)
      return c.json<ErrorBody>(
        { error: 'Seuls la personne qui a enregistré cette coupe et un administrateur peuvent la supprimer.' },
        403,
      );
    await c.var.db.transaction(async (tx) => {
      await deleteSection(tx, found.id);
      await recordAudit(tx, {
        tenantSlug: found.tenantSlug,
        userId: user.id,
        email: user.email,
        action: 'section.delete',
        target: found.id,
        detail: { title: found.title },
      });
    });
    return c.body(null, 204);
  });
