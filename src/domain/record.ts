import type { Borehole } from './borehole.ts';
import type { BoreholeLog } from './log/borehole-log.ts';

/**
 * A borehole's record (`GET /api/boreholes/:id/record`, and the shared page's `GET /api/shared/:token`):
 * the borehole as the workspace lists it, its log, and which version the tables hold.
 */
export interface BoreholeRecordView {
  borehole: Borehole;
  log: BoreholeLog;
  version: number;
  /** The project an import made, whose AGS 4 file `/api/projects/:id/ags` gives; null for the sample boreholes. */
  projectId: string | null;
  /** A shared page's link ends then (ISO instant); absent in the workspace. */
  sharedUntil?: string;
}

/** One value that a version changed: what, before and after, in words. */
export interface VersionChange {
  what: string;
  before: string;
  after: string;
}

/** One version of a borehole in its history (`GET /api/boreholes/:id/versions`), newest first. */
export interface VersionEntry {
  version: number;
  /** When it was written (ISO instant); null for a version from before versions were kept. */
  at: string | null;
  /** Who wrote it (display name or e-mail), null when unknown. */
  author: string | null;
  /** The import that wrote it: its file's name. */
  importFile: string | null;
  /** The document whose reading, checked by `author`, wrote it (its title); null otherwise. */
  checkedDocument: string | null;
  /** The version a restore brought back. */
  restoredFrom: number | null;
  /** What it changed from the version before (empty for the first). */
  changes: VersionChange[];
  /** Its values can be brought back (a version before the current one, whose snapshot is kept). */
  restorable: boolean;
}

/** The share links of a record (`GET /api/boreholes/:id/shares`): the token itself is shown once. */
export interface ShareLink {
  id: string;
  createdAt: string;
  expiresAt: string;
  author: string | null;
  /** Still usable: neither revoked nor expired. */
  active: boolean;
  revokedAt: string | null;
}

/** The most logs one PDF holds (`GET /api/boreholes/logs.pdf`): about two seconds of drawing, some 400 pages. */
export const MAX_LOGS_PER_PDF = 200;

/** How long a share link may last, in days (the issue: from 1 to 30). */
export const SHARE_DAYS = { min: 1, max: 30, default: 7 } as const;

/** The address of a borehole's record in the workspace. */
export const recordPath = (id: string) => `/client/boreholes/${encodeURIComponent(id)}`;

/** The borehole a record page's address names, or null (`/client/boreholes/MTL-BH-01` → 'MTL-BH-01'). */
export function recordIdIn(pathname: string): string | null {
  const match = /^\/client\/boreholes\/([^/]+)\/?$/.exec(pathname);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}

/** The token a shared page's address holds (`/partage/<token>`), or null. */
export const shareTokenIn = (pathname: string) => /^\/partage\/([A-Za-z0-9_-]{43})\/?$/.exec(pathname)?.[1] ?? null;
