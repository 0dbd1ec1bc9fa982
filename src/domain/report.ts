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
  status: 'processing' | 'ready';
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
