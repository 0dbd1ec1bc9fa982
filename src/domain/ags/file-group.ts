import { fileSetOf, type AgsContents } from './ags-export.ts';
import { texts, type AgsTable } from './ags-table.ts';

/** FILE: one row per document file, found in FILE/<FILE_FSET>/<FILE_NAME> beside the .ags file. */
export function fileGroup({ files }: AgsContents): AgsTable {
  return {
    name: 'FILE',
    headings: [
      ...texts('FILE_FSET', 'FILE_NAME', 'FILE_DESC'),
      { name: 'FILE_TYPE', type: 'PA' },
      { name: 'FILE_DOCT', type: 'PA' },
      { name: 'FILE_DATE', type: 'DT', unit: 'yyyy-mm-dd' },
    ],
    rows: files.map(({ report: r, file }) => [fileSetOf(r.id), file!.name, r.title, file!.type, 'REP', r.date]),
  };
}
