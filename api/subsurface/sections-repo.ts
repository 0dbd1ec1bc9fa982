import type { LatLng } from '../../src/domain/geo.ts';
import type { Queryable } from '../db/database.ts';

/** A section saved in a project: its line and drawing, who saved it and when. */
export interface SavedSection {
  id: string;
  tenantSlug: string;
  projectId: string;
  projectCode: string;
  projectName: string;
  title: string;
  line: LatLng[];
  corridor: number;
  /** Null: drawn at its own exaggeration. */
  exaggeration: number | null;
  links: boolean;
  createdBy: string;
  createdAt: string;
}

const COLUMNS = `s.id, s.tenant_slug AS "tenantSlug", s.project_id AS "projectId", p.code AS "projectCode",
  p.name AS "projectName", s.title, s.line, s.corridor, s.exaggeration, s.links, s.created_email AS "createdBy",
  to_char(s.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createdAt"`;

/** The sections saved in an organisation (every one for null), newest first; of one project if asked. */
export function listSections(db: Queryable, tenantSlug: string | null, projectId?: string): Promise<SavedSection[]> {
  return db.query<SavedSection>(
    `SELECT ${COLUMNS} FROM sections s JOIN projects p ON p.id = s.project_id
     WHERE ($1::text IS NULL OR s.tenant_slug = $1) AND ($2::uuid IS NULL OR s.project_id = $2)
     ORDER BY s.created_at DESC, s.id LIMIT 500`,
    [tenantSlug, projectId ?? null],
  );
}

/** A saved section of an organisation (any for null), or null: absent and another's look the same. */
export async function sectionById(db: Queryable, id: string, tenantSlug: string | null): Promise<SavedSection | null> {
  const [row] = await db.query<SavedSection>(
    `SELECT ${COLUMNS} FROM sections s JOIN projects p ON p.id = s.project_id
     WHERE s.id = $1 AND ($2::text IS NULL OR s.tenant_slug = $2)`,
    [id, tenantSlug],
  );
  return row ?? null;
}

/** The project of an organisation (any for null) a section may be saved in, or null. */
export async function projectFor(db: Queryable, id: string, tenantSlug: string | null) {
  const [row] = await db.query<{ id: string; tenantSlug: string }>(
    `SELECT id, tenant_slug AS "tenantSlug" FROM projects WHERE id = $1 AND ($2::text IS NULL OR tenant_slug = $2)`,
    [id, tenantSlug],
  );
  return row ?? null;
}

/** Saves a section in a project of `tenantSlug`; its id. */
export async function saveSection(
  db: Queryable,
  section: Pick<SavedSection, 'tenantSlug' | 'projectId' | 'title' | 'line' | 'corridor' | 'exaggeration' | 'links'>,
  user: { id: string; email: string },
): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO sections (tenant_slug, project_id, title, line, corridor, exaggeration, links, created_by, created_email)
     VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7, $8, $9) RETURNING id`,
    [
      section.tenantSlug,
      section.projectId,
      section.title,
      JSON.stringify(section.line.map((point) => ({ lat: point.lat, lng: point.lng }))),
      section.corridor,
      section.exaggeration,
      section.links,
      user.id,
      user.email,
    ],
  );
  return row!.id;
}

/** Removes a saved section; whether there was one. */
export async function deleteSection(db: Queryable, id: string): Promise<boolean> {
  const rows = await db.query<{ id: string }>('DELETE FROM sections WHERE id = $1 RETURNING id', [id]);
  return rows.length > 0;
}
