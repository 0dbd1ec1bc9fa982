/**
 * Where a document stands: read as it was uploaded (« En traitement »), a log read in it waiting
 * for a person's check (« À vérifier »), done (« Traité »), or its file unreadable (« Échec »).
 */
export type ReportStatus = 'processing' | 'review' | 'ready' | 'failed';

export const REPORT_STATUS_LABELS: Record<ReportStatus, string> = {
  processing: 'En traitement',
  review: 'À vérifier',
  ready: 'Traité',
  failed: 'Échec',
};

/** A document of the library (report or log), as the API lists it. */
export interface ReportItem {
  id: string;
  bhId: string;
  title: string;
  kind: 'pdf' | 'image';
  site: string;
  muni: string;
  date: string;
  size: number;
  status: ReportStatus;
  /** Why a document failed, or that no log was read in it; null otherwise. */
  statusReason: string | null;
  /** A signed link, valid for a few minutes, or a link kept elsewhere; null when there is none. */
  href: string | null;
  /** The borehole's position. */
  lat: number | null;
  lon: number | null;
  /** A signed link to its picture (first page of a PDF, the image), null when it has none. */
  thumbnail: string | null;
  /** True when the signed-in user may replace or delete it (an administrator, or who added it). */
  canChange: boolean;
}

/** The « Vérifier » screen of a document whose log waits for a person's check. */
export const verifyPath = (id: string) => `/client/documents/${encodeURIComponent(id)}/verifier`;
