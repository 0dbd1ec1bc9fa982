import type { AgsContents } from './ags-export.ts';
import { texts, type AgsTable } from './ags-table.ts';

/** PROJ: the export as a project named after its day, with the municipalities it covers. */
export function projGroup({ documents, locations, date, recipient }: AgsContents): AgsTable {
  const munis = [...new Set(locations.map((b) => b.muni).filter(Boolean))].sort();
  return {
    name: 'PROJ',
    headings: [{ name: 'PROJ_ID', type: 'ID' }, ...texts('PROJ_NAME', 'PROJ_LOC', 'PROJ_CLNT', 'PROJ_MEMO')],
    rows: [
      [
        `GEOSONDE-${date.replace(/-/g, '')}`,
        'GéoSonde – rapports et journaux de forage',
        munis.join(', '),
        recipient,
        `${documents.length} document(s) de ${locations.length} forage(s), exportés de GéoSonde le ${date}.`,
      ],
    ],
  };
}
