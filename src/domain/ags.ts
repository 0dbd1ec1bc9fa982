import { ENUM_LABELS, type Borehole } from './borehole.ts';
import type { ReportItem } from './report.ts';

/**
 * AGS 4.1.1 export of reports and logs: the AGS 4 format of the Association of Geotechnical and
 * Geoenvironmental Specialists, with the groups its rules require (PROJ, TRAN, ABBR, TYPE, UNIT,
 * and DICT for our own group), the boreholes (LOCA, with their soil column as GEOL), the
 * documents (REPT, our group, declared in DICT) and their files as standard FILE rows whose files
 * go in `FILE/<FILE_FSET>/<FILE_NAME>` beside the .ags file (rule 20).
 *
 * AGS files are ASCII (rule 1): French accents are dropped, typographic signs made plain.
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

type AgsType = 'ID' | 'X' | 'PA' | 'PT' | 'PU' | 'DT' | '2DP' | '0DP' | 'DMS';
interface Heading {
  name: string;
  type: AgsType;
  unit?: string;
}
interface Group {
  name: string;
  headings: Heading[];
  rows: string[][];
}

/** The FILE_FSET of a document's file: one set per document. */
export const fileSetOf = (reportId: string) => ascii(reportId).replace(/[^A-Za-z0-9._-]/g, '_');

/** The name of a document's file in its set: its id and extension (ASCII, safe on every system). */
export const agsFileName = (reportId: string, type: AgsFileType) => `${fileSetOf(reportId)}.${type.extension}`;

const LOCA_TYPES: Record<Borehole['method'], string> = {
  rotary: 'RO',
  hollow_stem_auger: 'AUGH',
  sonic: 'SNC',
  coring: 'RC',
};

/** Standard descriptions of the codes and types we use (rule 16 compares them with the dictionary). */
const ABBREVIATIONS: Record<string, Record<string, string>> = {
  DICT_TYPE: { GROUP: 'Flag to indicate definition is a GROUP', HEADING: 'Flag to indicate definition is a HEADING' },
  DICT_STAT: { KEY: 'Key field', OTHER: 'Other field' },
  LOCA_TYPE: {
    RO: 'Rotary open hole',
    AUGH: 'Hollow Stem Auger',
    SNC: 'Sonic core drilling',
    RC: 'Rotary cored',
  },
  REPT_TYPE: { PDF: 'Document PDF (rapport ou journal)', IMAGE: 'Image (photographie, scan)' },
  FILE_TYPE: {
    PDF: 'Portable Document Format',
    PNG: 'Portable Network Graphics image file',
    JPG: 'Joint Photographic Experts Group graphics/image file',
    TIF: 'Tagged Image File Format image file',
  },
  FILE_DOCT: { REP: 'Report' },
};
const TYPES: Record<AgsType, string> = {
  ID: 'Unique Identifier',
  X: 'Text',
  PA: 'Text listed in ABBR Group',
  PT: 'Text listed in TYPE Group',
  PU: 'Text listed in UNIT Group',
  DT: 'Date time in international format',
  '2DP': 'Value; required number of decimal places, 2',
  '0DP': 'Value; required number of decimal places, 0',
  DMS: 'Degrees: Minutes: Seconds',
};
const UNITS: Record<string, string> = { m: 'metre', 'yyyy-mm-dd': 'year month day', B: 'byte (octet)' };

/** Our group of documents, declared in DICT: its headings, keys first (rule 10a), in this order (rule 7). */
const REPT_HEADINGS: (Heading & { key?: boolean; description: string; example: string })[] = [
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

const PRINTABLE = /^[\x20-\x7e]*$/;

/**
 * Plain ASCII for an AGS field: accents dropped, typographic quotes, dashes and spaces made
 * plain, line breaks as spaces, anything else non-ASCII as '?'.
 *
 * @example ascii('Rapport géotechnique – « Côte-des-Neiges »') // 'Rapport geotechnique - "Cote-des-Neiges"'
 */
export function ascii(text: string): string {
  if (PRINTABLE.test(text)) return text.replace(/ {2,}/g, ' ').trim();
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[\u2018\u2019\u201a\u2032]/g, "'")
    .replace(/\u00ab[\s\u00a0\u202f]*|[\s\u00a0\u202f]*\u00bb/g, '"')
    .replace(/[\u201c\u201d\u201e\u2033]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/\u2026/g, '...')
    .replace(/[œŒæÆß]/g, (c) => ({ œ: 'oe', Œ: 'OE', æ: 'ae', Æ: 'AE', ß: 'ss' })[c]!)
    .replace(/[\s\u00a0\u202f]+/g, ' ')
    .replace(/[^\x20-\x7e]/g, '?')
    .trim();
}

/** A coordinate in degrees as AGS DMS: '-73:34:02.64'. */
export function toDms(degrees: number): string {
  const hundredths = Math.round(Math.abs(degrees) * 360_000);
  const d = Math.floor(hundredths / 360_000);
  const m = Math.floor((hundredths % 360_000) / 6000);
  const s = (hundredths % 6000) / 100;
  const pad = (n: number, width: number) => n.toString().padStart(width, '0');
  return `${degrees < 0 ? '-' : ''}${d}:${pad(m, 2)}:${s.toFixed(2).padStart(5, '0')}`;
}

const fixed = (value: number | null | undefined, decimals: number) =>
  typeof value === 'number' && Number.isFinite(value) ? value.toFixed(decimals) : '';

/** Headings of free text (type X, no unit). */
const texts = (...names: string[]): Heading[] => names.map((name) => ({ name, type: 'X' }));

const quoted = (value: string) => `"${ascii(value).replace(/"/g, '""')}"`;
const line = (values: string[]) => values.map(quoted).join(',');

function groupText({ name, headings, rows }: Group): string {
  return [
    line(['GROUP', name]),
    line(['HEADING', ...headings.map((h) => h.name)]),
    line(['UNIT', ...headings.map((h) => h.unit ?? '')]),
    line(['TYPE', ...headings.map((h) => h.type)]),
    ...rows.map((row) => line(['DATA', ...row])),
  ].join('\r\n');
}

/** The soil column as GEOL rows: each horizon's top and base from the thicknesses above it. */
function geolRows(b: AgsBorehole): string[][] {
  const rows: string[][] = [];
  let top = 0;
  for (const horizon of b.horizons ?? []) {
    if (!(horizon.thickness > 0)) continue;
    const base = top + horizon.thickness;
    rows.push([b.id, top.toFixed(2), base.toFixed(2), horizon.material]);
    top = base;
  }
  return rows;
}

/**
 * The AGS 4.1.1 text of an export: CRLF line ends, every field quoted, groups separated by a
 * blank line, the boreholes of the documents only.
 */
export function writeAgs({ documents, boreholes, date, recipient }: AgsExport): string {
  // Each borehole once, known from the API or else from its first document.
  const firsts = new Map<string, ReportItem>();
  for (const { report } of documents) if (!firsts.has(report.bhId)) firsts.set(report.bhId, report);
  const known = new Map(boreholes.map((b) => [b.id, b]));
  const locations = [...firsts.values()]
    .sort((a, b) => (a.bhId < b.bhId ? -1 : a.bhId > b.bhId ? 1 : 0))
    .map((r): AgsBorehole => known.get(r.bhId) ?? { id: r.bhId, lat: r.lat, lon: r.lon, site: r.site, muni: r.muni });
  const files = documents.filter((d) => d.file);
  const munis = [...new Set(locations.map((b) => b.muni).filter(Boolean))].sort();

  const used = (heading: string, codes: Iterable<string>) =>
    [...new Set(codes)].map((code) => [heading, code, ABBREVIATIONS[heading]![code]!]);
  const abbreviations = [
    ...used('DICT_TYPE', ['GROUP', 'HEADING']),
    ...used('DICT_STAT', ['KEY', 'OTHER']),
    ...used(
      'LOCA_TYPE',
      locations.flatMap((b) => (b.method ? [LOCA_TYPES[b.method]] : [])),
    ),
    ...used(
      'REPT_TYPE',
      documents.map((d) => (d.report.kind === 'pdf' ? 'PDF' : 'IMAGE')),
    ),
    ...used(
      'FILE_TYPE',
      files.map((d) => d.file!.type),
    ),
    ...(files.length ? used('FILE_DOCT', ['REP']) : []),
  ];

  const groups: Group[] = [
    {
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
    },
    {
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
    },
    {
      name: 'DICT',
      headings: [
        { name: 'DICT_TYPE', type: 'PA' },
        ...texts('DICT_GRP', 'DICT_HDNG'),
        { name: 'DICT_STAT', type: 'PA' },
        { name: 'DICT_DTYP', type: 'PT' },
        { name: 'DICT_DESC', type: 'X' },
        { name: 'DICT_UNIT', type: 'PU' },
        ...texts('DICT_EXMP', 'DICT_PGRP'),
      ],
      rows: [
        ['GROUP', 'REPT', '', '', '', 'Rapports et journaux GéoSonde', '', '', 'LOCA'],
        ...REPT_HEADINGS.map((h) => [
          'HEADING',
          'REPT',
          h.name,
          h.key ? 'KEY' : 'OTHER',
          h.type,
          h.description,
          h.unit ?? '',
          h.example,
          '',
        ]),
      ],
    },
    {
      name: 'ABBR',
      headings: texts('ABBR_HDNG', 'ABBR_CODE', 'ABBR_DESC'),
      rows: abbreviations,
    },
    {
      name: 'TYPE',
      headings: texts('TYPE_TYPE', 'TYPE_DESC'),
      rows: Object.entries(TYPES),
    },
    {
      name: 'UNIT',
      headings: texts('UNIT_UNIT', 'UNIT_DESC'),
      rows: Object.entries(UNITS),
    },
    {
      name: 'LOCA',
      headings: [
        { name: 'LOCA_ID', type: 'ID' },
        { name: 'LOCA_TYPE', type: 'PA' },
        { name: 'LOCA_REM', type: 'X' },
        { name: 'LOCA_FDEP', type: '2DP', unit: 'm' },
        { name: 'LOCA_STAR', type: 'DT', unit: 'yyyy-mm-dd' },
        { name: 'LOCA_PURP', type: 'X' },
        { name: 'LOCA_LAT', type: 'DMS' },
        { name: 'LOCA_LON', type: 'DMS' },
        ...texts('LOCA_LLZ', 'LOCA_LOCA'),
      ],
      rows: locations.map((b) => [
        b.id,
        b.method ? LOCA_TYPES[b.method] : '',
        [b.addr, b.muni].filter(Boolean).join(', '),
        fixed(b.depth, 2),
        b.date ?? '',
        [b.purpose && ENUM_LABELS[b.purpose], b.type && ENUM_LABELS[b.type]].filter(Boolean).join(' ; '),
        typeof b.lat === 'number' ? toDms(b.lat) : '',
        typeof b.lon === 'number' ? toDms(b.lon) : '',
        typeof b.lat === 'number' && typeof b.lon === 'number' ? 'WGS84' : '',
        b.site ?? '',
      ]),
    },
    {
      name: 'GEOL',
      headings: [
        { name: 'LOCA_ID', type: 'ID' },
        { name: 'GEOL_TOP', type: '2DP', unit: 'm' },
        { name: 'GEOL_BASE', type: '2DP', unit: 'm' },
        { name: 'GEOL_DESC', type: 'X' },
      ],
      rows: locations.flatMap(geolRows),
    },
    {
      name: 'REPT',
      headings: REPT_HEADINGS,
      rows: documents.map(({ report: r, file }) => [
        r.bhId,
        r.id,
        r.title,
        r.kind === 'pdf' ? 'PDF' : 'IMAGE',
        r.site,
        r.muni,
        r.date,
        fixed(r.size, 0),
        r.status === 'processing' ? 'En traitement' : 'Traité',
        file ? fileSetOf(r.id) : '',
      ]),
    },
    {
      name: 'FILE',
      headings: [
        ...texts('FILE_FSET', 'FILE_NAME', 'FILE_DESC'),
        { name: 'FILE_TYPE', type: 'PA' },
        { name: 'FILE_DOCT', type: 'PA' },
        { name: 'FILE_DATE', type: 'DT', unit: 'yyyy-mm-dd' },
      ],
      rows: files.map(({ report: r, file }) => [fileSetOf(r.id), file!.name, r.title, file!.type, 'REP', r.date]),
    },
  ];
  // A group without rows is left out (rule 2: every group holds data).
  return `${groups
    .filter((g) => g.rows.length > 0)
    .map(groupText)
    .join('\r\n\r\n')}\r\n`;
}
