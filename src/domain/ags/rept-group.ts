import { REPORT_STATUS_LABELS, type ReportItem } from '../report.ts';
import { fileSetOf, type AgsContents } from './ags-export.ts';
import type { AgsColumn, AgsTable } from './ags-table.ts';
import { fixed } from './units.ts';

/** Our group of documents, declared in DICT: its headings, keys first (rule 10a), in this order (rule 7). */
export const REPT_HEADINGS: (AgsColumn & { key?: boolean; description: string; example: string })[] = [
  { name: 'LOCA_ID', type: 'ID', key: true, description: 'Location identifier', example: 'MTL-BH-01' },
  { name: 'REPT_ID', type: 'ID', key: true, description: 'Identifiant du document', example: 'MTL-BH-01-R1' },
  { name: 'REPT_TITL', type: 'X', description: 'Titre du document', example: 'Journal de forage MTL-BH-01' },
  { name: 'REPT_TYPE', type: 'PA', description: 'Nature du document : PDF ou IMAGE', example: 'PDF' },
  { name: 'REPT_SITE', type: 'X', description: 'Site ou projet du forage', example: 'Reseau d aqueduc' },
  { name: 'REPT_MUNI', type: 'X', description: 'Municipalite du forage', example: 'Montreal' },
  { name: 'REPT_DATE', type: 'DT', unit: 'yyyy-mm-dd', description: 'Date du document', example: '2024-05-14' },
  { name: 'REPT_SIZE', type: '0DP', unit: 'B', description: 'Taille du fichier', example: '839680' },
  { name: 'REPT_STAT', type: 'X', description: 'Etat du document dans GeoSonde', example: 'Traite' },
  { name: 'FILE_FSET', type: 'X', description: 'Associated file reference', example: 'MTL-BH-01-R1' },
];

/** The REPT_TYPE code of a document. */
export const reptTypeOf = (report: ReportItem) => (report.kind === 'pdf' ? 'PDF' : 'IMAGE');

/** REPT: one row per document, linked to its file by FILE_FSET when it has one. */
export function reptGroup({ documents }: AgsContents): AgsTable {
  return {
    name: 'REPT',
    headings: REPT_HEADINGS,
    rows: documents.map(({ report: r, file }) => [
      r.bhId,
      r.id,
      r.title,
      reptTypeOf(r),
      r.site,
      r.muni,
      r.date,
      fixed(r.size, 0),
      REPORT_STATUS_LABELS[r.status],
      file ? fileSetOf(r.id) : '',
    ]),
  };
}
