import type { Borehole } from '../borehole.ts';
import type { ReportItem } from '../report.ts';
import { ascii } from './ascii.ts';

/**
 * What an AGS 4.1.1 export holds: the AGS 4 format of the Association of Geotechnical and
 * Geoenvironmental Specialists, with the groups its rules require (PROJ, TRAN, ABBR, TYPE, UNIT,
 * and DICT for our own group), the boreholes (LOCA, with their soil column as GEOL), the
 * documents (REPT, our group, declared in DICT) and their files as standard FILE rows whose files
 * go in `FILE/<FILE_FSET>/<FILE_NAME>` beside the .ags file (rule 20).
 */

export const AGS_VERSION = '4.1.1';

/** The AGS file type of a stored document, from its media type. */
export const AGS_FILE_TYPES = {
  'application/pdf': { code: 'PDF', extension: 'pdf' },
  'image/png': { code: 'PNG', extension: 'png' },
  'image/jpeg': { code: 'JPG', extension: 'jpg' },
  'image/tiff': { code: 'TIF', extension: 'tif' },
} as const;
export type AgsFileType = (typeof AGS_FILE_TYPES)[keyof typeof AGS_FILE_TYPES];

/** A document to export, with the file that goes beside the .ags file when there is one. */
export interface AgsDocument {
  report: ReportItem;
  file: { name: string; type: AgsFileType['code'] } | null;
}

/** What a borehole brings to LOCA and GEOL; fields other than the id may be unknown. */
export type AgsBorehole = Pick<Borehole, 'id'> &
  Partial<Pick<Borehole, 'site' | 'muni' | 'date' | 'purpose' | 'type' | 'method' | 'depth' | 'addr' | 'horizons'>> &
  Pick<Borehole, 'lat' | 'lon'>;

export interface AgsExport {
  documents: readonly AgsDocument[];
  boreholes: readonly AgsBorehole[];
  /** The day of the export, YYYY-MM-DD. */
  date: string;
  /** Who receives the data: the organisation of the user. */
  recipient: string;
}

/** What each group is built from: the export, with the boreholes of its documents and its files. */
export interface AgsContents extends AgsExport {
  /** The boreholes of the documents, each once, in order of id. */
  locations: readonly AgsBorehole[];
  /** The documents that have a file to go beside the .ags file. */
  files: readonly AgsDocument[];
}

/** The FILE_FSET of a document's file: one set per document. */
export const fileSetOf = (reportId: string) => ascii(reportId).replace(/[^A-Za-z0-9._-]/g, '_');

/** The name of a document's file in its set: its id and extension (ASCII, safe on every system). */
export const agsFileName = (reportId: string, type: AgsFileType) => `${fileSetOf(reportId)}.${type.extension}`;
