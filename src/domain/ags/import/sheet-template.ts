import { foldText } from '../../text.ts';

/** What a column of the template holds: free text, a number (metres, N value) or a date. */
export type ColumnKind = 'text' | 'number' | 'date';

export interface TemplateColumn {
  /** The French header a user reads and types. */
  label: string;
  /** The AGS 4 heading the column fills: the template is AGS with French headers. */
  heading: string;
  kind: ColumnKind;
  required: boolean;
  /** What to write in it, for the notice sheet and docs/import.md. */
  help: string;
  example: string | number;
}

export interface TemplateSheet {
  /** The sheet's name in the workbook; the CSV file's name (without .csv) in a ZIP. */
  name: string;
  /** The AGS group its rows become. */
  group: 'LOCA' | 'GEOL' | 'ISPT' | 'WSTG';
  required: boolean;
  columns: TemplateColumn[];
}

const BOREHOLE: TemplateColumn = {
  label: 'Forage',
  heading: 'LOCA_ID',
  kind: 'text',
  required: true,
  help: 'Identifiant du forage, unique dans le projet (BH-01, F-12…).',
  example: 'F-01',
};

/**
 * The GéoSonde template for spreadsheets: one row per borehole (Forages), one row per layer
 * (Couches), per SPT test (Essais SPT) and per water strike (Venues d’eau). Each column is an AGS 4 heading under a French name, so
 * that a spreadsheet import goes through the same checks as an AGS file and exports back to AGS.
 * A header may also be written as its AGS heading (LOCA_ID), in any case, with or without accents.
 */
export const TEMPLATE_SHEETS: readonly TemplateSheet[] = [
  {
    name: 'Forages',
    group: 'LOCA',
    required: true,
    columns: [
      {
        label: 'Projet',
        heading: 'PROJ_ID',
        kind: 'text',
        required: false,
        help: 'Code du projet, le même sur chaque ligne ; à défaut, le nom du fichier.',
        example: 'MTL-2024-017',
      },
      BOREHOLE,
      {
        label: 'Type',
        heading: 'LOCA_TYPE',
        kind: 'text',
        required: false,
        help: 'Méthode de forage, code AGS (RC, CP, TP…).',
        example: 'RC',
      },
      {
        label: 'X',
        heading: 'LOCA_NATE',
        kind: 'number',
        required: false,
        help: 'Abscisse (est), en mètres, dans le système de coordonnées donné.',
        example: 299512.4,
      },
      {
        label: 'Y',
        heading: 'LOCA_NATN',
        kind: 'number',
        required: false,
        help: 'Ordonnée (nord), en mètres.',
        example: 5040123.75,
      },
      {
        label: 'Système de coordonnées',
        heading: 'LOCA_GREF',
        kind: 'text',
        required: false,
        help: 'Code EPSG ou nom (EPSG:32188, MTM 8, UTM 18N…) ; vide : celui choisi à l’import.',
        example: 'EPSG:32188',
      },
      {
        label: 'Latitude',
        heading: 'LOCA_LAT',
        kind: 'number',
        required: false,
        help: 'En degrés décimaux (WGS 84), à la place de X et Y.',
        example: '',
      },
      {
        label: 'Longitude',
        heading: 'LOCA_LON',
        kind: 'number',
        required: false,
        help: 'En degrés décimaux, négative à l’ouest de Greenwich.',
        example: '',
      },
      {
        label: 'Élévation (m)',
        heading: 'LOCA_GL',
        kind: 'number',
        required: false,
        help: 'Élévation du terrain naturel, en mètres.',
        example: 31.2,
      },
      {
        label: 'Profondeur finale (m)',
        heading: 'LOCA_FDEP',
        kind: 'number',
        required: false,
        help: 'Profondeur atteinte, en mètres sous le terrain.',
        example: 12.5,
      },
      {
        label: 'Date de début',
        heading: 'LOCA_STAR',
        kind: 'date',
        required: false,
        help: 'AAAA-MM-JJ (ou une date du tableur).',
        example: '2024-05-13',
      },
      {
        label: 'Date de fin',
        heading: 'LOCA_ENDD',
        kind: 'date',
        required: false,
        help: 'AAAA-MM-JJ.',
        example: '2024-05-14',
      },
      {
        label: 'Remarques',
        heading: 'LOCA_REM',
        kind: 'text',
        required: false,
        help: 'Texte libre, gardé avec le forage.',
        example: '',
      },
    ],
  },
  {
    name: 'Couches',
    group: 'GEOL',
    required: false,
    columns: [
      BOREHOLE,
      {
        label: 'Toit (m)',
        heading: 'GEOL_TOP',
        kind: 'number',
        required: true,
        help: 'Profondeur du haut de la couche, en mètres.',
        example: 0,
      },
      {
        label: 'Base (m)',
        heading: 'GEOL_BASE',
        kind: 'number',
        required: false,
        help: 'Profondeur du bas de la couche, en mètres.',
        example: 1.8,
      },
      {
        label: 'Description',
        heading: 'GEOL_DESC',
        kind: 'text',
        required: false,
        help: 'Description du sol ou du roc, telle que notée au journal.',
        example: 'Sable silteux brun, humide, lâche',
      },
      {
        label: 'Code de légende',
        heading: 'GEOL_LEG',
        kind: 'text',
        required: false,
        help: 'Code du motif de légende.',
        example: '',
      },
      {
        label: 'Géologie',
        heading: 'GEOL_GEOL',
        kind: 'text',
        required: false,
        help: 'Unité ou code géologique.',
        example: 'Dépôt fluvioglaciaire',
      },
    ],
  },
  {
    name: 'Essais SPT',
    group: 'ISPT',
    required: false,
    columns: [
      BOREHOLE,
      {
        label: 'Profondeur (m)',
        heading: 'ISPT_TOP',
        kind: 'number',
        required: true,
        help: 'Profondeur du début de l’essai, en mètres.',
        example: 1.5,
      },
      {
        label: 'N',
        heading: 'ISPT_NVAL',
        kind: 'number',
        required: false,
        help: 'Indice N (coups pour 300 mm).',
        example: 14,
      },
    ],
  },
  {
    name: 'Venues d’eau',
    group: 'WSTG',
    required: false,
    columns: [
      BOREHOLE,
      {
        label: 'Profondeur (m)',
        heading: 'WSTG_DPTH',
        kind: 'number',
        required: true,
        help: 'Profondeur où l’eau a été rencontrée, en mètres sous le terrain.',
        example: 3.2,
      },
      {
        label: 'Remarques',
        heading: 'WSTG_REM',
        kind: 'text',
        required: false,
        help: 'Texte libre (montée de l’eau, mesure après stabilisation…).',
        example: 'Niveau stabilisé à 2,9 m après 20 min',
      },
    ],
  },
];

/** The template's sheet that explains the others: read by people, left alone by the import. */
export const TEMPLATE_NOTICE = 'Notice';

/** A header or a sheet name as compared: folded, without a unit in brackets, spaces nor apostrophes. */
export const headerKey = (text: string) =>
  foldText(text)
    .replace(/\([^)]*\)/g, '')
    .replace(/[\s_'’-]+/g, '');

/** The sheet of the template a sheet or file name stands for ('forages.csv', 'Essais SPT'). */
export function templateSheetOf(name: string): TemplateSheet | undefined {
  const key = headerKey(name.replace(/\.csv$/i, ''));
  return TEMPLATE_SHEETS.find((sheet) => headerKey(sheet.name) === key);
}

/** The column of a sheet a header stands for: its French label or its AGS heading. */
export function templateColumnOf(sheet: TemplateSheet, header: string): TemplateColumn | undefined {
  const key = headerKey(header);
  if (key === '') return undefined;
  return sheet.columns.find((column) => headerKey(column.label) === key || headerKey(column.heading) === key);
}
