/** An import as `GET /api/imports` lists it: the API writes it, the Importer screen shows it. */
export interface ImportItem {
  id: string;
  tenantSlug: string;
  fileName: string;
  sizeBytes: number;
  by: string | null;
  createdAt: string;
  committedAt: string | null;
  status: 'refused' | 'validated' | 'committed';
  summary: string;
  result: { created: number; updated: number; unchanged: number; documents?: number } | null;
  /** The project it wrote into, once committed: its AGS 4 export is /api/projects/:id/ags. */
  projectId: string | null;
  /** Whether the reader may remove it: one that wrote nothing, by its author or an administrator. */
  removable: boolean;
}
