import { Hono } from 'hono';
import { z } from 'zod';
import { TENANT_SLUGS } from '../../src/domain/tenants.ts';
import type { AppEnv } from '../app-env.ts';
import { recordAudit } from '../audit/repo.ts';
import { jsonBodies } from '../middleware/bodies.ts';
import { requireRole } from '../middleware/session.ts';
import { jsonBody } from '../validation.ts';

/** The formats of the workspace's 'Exporter' menus, by their label. */
const EXPORT_FORMATS = [
  'CSV',
  'CSV pour Excel',
  'CSV pour SIG',
  'XLSX',
  'PDF',
  'GeoJSON',
  'GeoPackage',
  'Images (ZIP)',
  'AGS 4 (ZIP)',
  'AGS 4',
  'Journal (PDF)',
  'Journaux (PDF)',
] as const;

const exportRecord = z.object(
  {
    format: z.enum(EXPORT_FORMATS, { error: 'Format d’export inconnu.' }),
    what: z.enum(['boreholes', 'reports'], { error: 'Un export porte sur des forages ou des documents.' }),
    count: z
      .number({ error: 'Le nombre de lignes est un nombre.' })
      .int('Le nombre de lignes est un entier.')
      .min(0, 'Le nombre de lignes est positif.')
      .max(10_000_000, 'Le nombre de lignes est trop grand.'),
    // The organisation shown; a user without one (the neutral view) sends none.
    tenant: z.enum(TENANT_SLUGS, { error: 'Organisation inconnue.' }).optional(),
  },
  { error: 'Le corps de la requête doit être un objet JSON.' },
);

/**
 * `POST /api/exports`: the workspace builds its exports in the browser from rows the API already
 * gave, then says so here, for the audit (format, what, how many, of which organisation). A
 * client may of course not say it: the audit of exports is what the workspace reports.
 */
export const exportRoutes = new Hono<AppEnv>().post(
  '/',
  requireRole('viewer'),
  jsonBodies,
  jsonBody(exportRecord),
  async (c) => {
    const user = c.var.user!;
    const { format, what, count, tenant } = c.req.valid('json');
    // A non-administrator's exports are of its own organisation, whatever it says.
    const tenantSlug = user.role === 'admin' ? (tenant ?? null) : user.tenantSlug;
    await recordAudit(c.var.db, {
      tenantSlug,
      userId: user.id,
      email: user.email,
      action: 'export',
      target: format,
      detail: { what, count },
    });
    return c.body(null, 204);
  },
);
