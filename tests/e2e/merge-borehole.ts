const row = (...fields: (string | number)[]) => fields.map((field) => `"${field}"`).join(',');
const group = (name: string, headings: string[], units: string[], types: string[], rows: (string | number)[][]) => [
  row('GROUP', name),
  row('HEADING', ...headings),
  row('UNIT', ...units),
  row('TYPE', ...types),
  ...rows.map((fields) => row('DATA', ...fields)),
  '',
];

/** The borehole the « Vérifier » merge is tested on: its depths, as the AGS file below writes them. */
export const MERGE_BOREHOLE = {
  locaId: 'FUS-01',
  layers: [
    [0, 1.5, 'Remblai de sable et gravier, brun'],
    [1.5, 4.2, 'Argile silteuse grise, ferme'],
    [4.2, 8, 'Till compact, gris, traces de gravier'],
  ] as const,
  spt: [
    [1.0, 8],
    [2.5, 12],
    [4.5, 31],
    [6.0, 45],
  ] as const,
  samples: [0.5, 1.0, 2.5, 4.5, 6.0, 7.5],
  strike: 2.8,
  level: 2.1,
  cores: [
    [6.5, 7.2, 90],
    [7.2, 8, 85],
  ] as const,
};

/**
 * An AGS 4.1.1 file of one borehole in Montréal (NAD83 MTM 8) with layers, SPT tests, samples, a
 * water strike and its standing level, and two cores: more than its drawn log lets a reading see.
 */
export function mergeBoreholeAgs(): string {
  const b = MERGE_BOREHOLE;
  const id = b.locaId;
  return [
    ...group(
      'PROJ',
      ['PROJ_ID', 'PROJ_NAME', 'PROJ_LOC'],
      ['', '', ''],
      ['ID', 'X', 'X'],
      [['FUSION', 'Fusion des lectures', 'Montreal']],
    ),
    ...group(
      'TRAN',
      ['TRAN_ISNO', 'TRAN_DATE', 'TRAN_PROD', 'TRAN_STAT', 'TRAN_AGS', 'TRAN_RECV', 'TRAN_DLIM', 'TRAN_RCON'],
      ['', 'yyyy-mm-dd', '', '', '', '', '', ''],
      ['X', 'DT', 'X', 'X', 'X', 'X', 'X', 'X'],
      [['1', '2026-11-27', 'GeoSonde', 'Final', '4.1.1', 'Essai', '|', '+']],
    ),
    ...group(
      'TYPE',
      ['TYPE_TYPE', 'TYPE_DESC'],
      ['', ''],
      ['X', 'X'],
      [
        ['0DP', 'Entier'],
        ['1DP', 'Une décimale'],
        ['2DP', 'Deux décimales'],
        ['DT', 'Date'],
        ['ID', 'Identifiant'],
        ['X', 'Texte'],
      ],
    ),
    ...group(
      'UNIT',
      ['UNIT_UNIT', 'UNIT_DESC'],
      ['', ''],
      ['X', 'X'],
      [
        ['m', 'metre'],
        ['min', 'minute'],
        ['%', 'pourcentage'],
        ['yyyy-mm-dd', 'date'],
        ['yyyy-mm-ddThh:mm', 'date et heure'],
      ],
    ),
    ...group(
      'LOCA',
      ['LOCA_ID', 'LOCA_TYPE', 'LOCA_NATE', 'LOCA_NATN', 'LOCA_GREF', 'LOCA_FDEP', 'LOCA_STAR'],
      ['', '', 'm', 'm', '', 'm', 'yyyy-mm-dd'],
      ['ID', 'X', '2DP', '2DP', 'X', '2DP', 'DT'],
      [[id, 'RC', '299850.00', '5041200.00', 'EPSG:32188', '8.00', '2026-05-12']],
    ),
    ...group(
      'GEOL',
      ['LOCA_ID', 'GEOL_TOP', 'GEOL_BASE', 'GEOL_DESC'],
      ['', 'm', 'm', ''],
      ['ID', '2DP', '2DP', 'X'],
      b.layers.map(([top, base, description]) => [id, top.toFixed(2), base.toFixed(2), description]),
    ),
    ...group(
      'ISPT',
      ['LOCA_ID', 'ISPT_TOP', 'ISPT_NVAL'],
      ['', 'm', ''],
      ['ID', '2DP', '0DP'],
      b.spt.map(([top, n]) => [id, top.toFixed(2), String(n)]),
    ),
    ...group(
      'SAMP',
      ['LOCA_ID', 'SAMP_TOP', 'SAMP_REF', 'SAMP_TYPE', 'SAMP_ID'],
      ['', 'm', '', '', ''],
      ['ID', '2DP', 'X', 'X', 'ID'],
      b.samples.map((top, i) => [id, top.toFixed(2), String(i + 1), 'CF', `${id}-CF${i + 1}`]),
    ),
    ...group(
      'WSTG',
      ['LOCA_ID', 'WSTG_DPTH', 'WSTG_DTIM'],
      ['', 'm', 'yyyy-mm-ddThh:mm'],
      ['ID', '2DP', 'DT'],
      [[id, b.strike.toFixed(2), '2026-05-12T10:30']],
    ),
    ...group(
      'WSTD',
      ['LOCA_ID', 'WSTG_DPTH', 'WSTD_NMIN', 'WSTD_POST'],
      ['', 'm', 'min', 'm'],
      ['ID', '2DP', '0DP', '2DP'],
      [[id, b.strike.toFixed(2), '20', b.level.toFixed(2)]],
    ),
    ...group(
      'CORE',
      ['LOCA_ID', 'CORE_TOP', 'CORE_BASE', 'CORE_PREC'],
      ['', 'm', 'm', '%'],
      ['ID', '2DP', '2DP', '0DP'],
      b.cores.map(([top, base, recovery]) => [id, top.toFixed(2), base.toFixed(2), String(recovery)]),
    ),
  ].join('\r\n');
}
