import { AGS_VERSION, type AgsContents } from './ags-export.ts';
import { texts, type AgsTable } from './ags-table.ts';

/** TRAN: the transfer itself, its AGS edition and the delimiters of record links. */
export function tranGroup({ date, recipient }: AgsContents): AgsTable {
  return {
    name: 'TRAN',
    headings: [
      { name: 'TRAN_ISNO', type: 'X' },
      { name: 'TRAN_DATE', type: 'DT', unit: 'yyyy-mm-dd' },
      ...texts('TRAN_PROD', 'TRAN_STAT', 'TRAN_DESC', 'TRAN_AGS', 'TRAN_RECV', 'TRAN_DLIM', 'TRAN_RCON', 'TRAN_REM'),
    ],
    rows: [
      [
        '1',
        date,
        'GéoSonde',
        'Export',
        'Rapports et journaux de forage, avec leurs fichiers (dossier FILE)',
        AGS_VERSION,
        recipient,
        '|',
        '+',
        'Texte en ASCII (règle AGS 1) : accents retirés. Groupe REPT défini dans DICT.',
      ],
    ],
  };
}
