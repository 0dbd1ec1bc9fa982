const row = (...fields: (string | number)[]) => fields.map((field) => `"${field}"`).join(',');

const LAYER_WORDS = [
  'ARGILE silteuse grise',
  'SABLE fin à moyen, compact',
  'TILL humide, traces de gravier',
  'Remblai',
];

/** How the i-th borehole is named, placed (MTM 8 easting and northing), dated and how deep it goes. */
export interface LocaOptions {
  id?: (i: number) => string;
  place?: (i: number) => [number, number];
  date?: (i: number) => string;
  depth?: (i: number) => number;
}

/**
 * A valid AGS 4.1.1 file of `count` boreholes in Montréal (NAD83 MTM 8, stated in LOCA_GREF): each
 * with two layers and one SPT test by default (what the import benchmark writes), or deeper logs
 * (`depth` metres cut in `layers` equal layers, `spt` tests every 1.5 m: what the log benchmark reads).
 */
export function generatedAgs(
  count: number,
  project = 'BENCH-1',
  shape: { depth: number; layers: number; spt: number } | null = null,
  loca: LocaOptions = {},
): string {
  const lines = [
    row('GROUP', 'PROJ'),
    row('HEADING', 'PROJ_ID', 'PROJ_NAME', 'PROJ_LOC'),
    row('UNIT', '', '', ''),
    row('TYPE', 'ID', 'X', 'X'),
    row('DATA', project, 'Banc d essai', 'Montreal'),
    '',
    row('GROUP', 'TRAN'),
    row(
      'HEADING',
      'TRAN_ISNO',
      'TRAN_DATE',
      'TRAN_PROD',
      'TRAN_STAT',
      'TRAN_AGS',
      'TRAN_RECV',
      'TRAN_DLIM',
      'TRAN_RCON',
    ),
    row('UNIT', '', 'yyyy-mm-dd', '', '', '', '', '', ''),
    row('TYPE', 'X', 'DT', 'X', 'X', 'X', 'X', 'X', 'X'),
    row('DATA', '1', '2026-11-23', 'GeoSonde', 'Final', '4.1.1', 'Banc', '|', '+'),
    '',
    row('GROUP', 'TYPE'),
    row('HEADING', 'TYPE_TYPE', 'TYPE_DESC'),
    row('UNIT', '', ''),
    row('TYPE', 'X', 'X'),
    ...['2DP', 'DT', 'ID', 'X'].map((type) => row('DATA', type, `Type ${type}`)),
    '',
    row('GROUP', 'UNIT'),
    row('HEADING', 'UNIT_UNIT', 'UNIT_DESC'),
    row('UNIT', '', ''),
    row('TYPE', 'X', 'X'),
    row('DATA', 'm', 'metre'),
    row('DATA', 'yyyy-mm-dd', 'date'),
    '',
    row('GROUP', 'LOCA'),
    row('HEADING', 'LOCA_ID', 'LOCA_NATE', 'LOCA_NATN', 'LOCA_GREF', 'LOCA_FDEP', 'LOCA_STAR'),
    row('UNIT', '', 'm', 'm', '', 'm', 'yyyy-mm-dd'),
    row('TYPE', 'ID', '2DP', '2DP', 'X', '2DP', 'DT'),
  ];
  const id = loca.id ?? ((i: number) => `F-${String(i).padStart(6, '0')}`);
  const place = loca.place ?? ((i: number) => [290_000 + (i % 400) * 50, 5_030_000 + Math.floor(i / 400) * 50]);
  for (let i = 0; i < count; i++) {
    const [e, n] = place(i).map((value) => value.toFixed(2));
    const depth = loca.depth?.(i) ?? shape?.depth ?? 8;
    lines.push(row('DATA', id(i), e!, n!, 'EPSG:32188', depth.toFixed(2), loca.date?.(i) ?? '2025-06-01'));
  }
  lines.push(
    '',
    row('GROUP', 'GEOL'),
    row('HEADING', 'LOCA_ID', 'GEOL_TOP', 'GEOL_BASE', 'GEOL_DESC'),
    row('UNIT', '', 'm', 'm', ''),
    row('TYPE', 'ID', '2DP', '2DP', 'X'),
  );
  for (let i = 0; i < count; i++) {
    if (!shape) {
      lines.push(row('DATA', id(i), '0.00', '2.50', 'Remblai'), row('DATA', id(i), '2.50', '8.00', 'Argile grise'));
      continue;
    }
    const step = shape.depth / shape.layers;
    for (let j = 0; j < shape.layers; j++) {
      const words = `${LAYER_WORDS[j % LAYER_WORDS.length]}, couche ${j + 1}`;
      lines.push(row('DATA', id(i), (j * step).toFixed(2), ((j + 1) * step).toFixed(2), words));
    }
  }
  lines.push(
    '',
    row('GROUP', 'ISPT'),
    row('HEADING', 'LOCA_ID', 'ISPT_TOP', 'ISPT_NVAL'),
    row('UNIT', '', 'm', ''),
    row('TYPE', 'ID', '2DP', 'X'),
  );
  for (let i = 0; i < count; i++) {
    if (!shape) lines.push(row('DATA', id(i), '3.00', '14'));
    else
      for (let j = 0; j < shape.spt; j++)
        lines.push(row('DATA', id(i), (1 + j * 1.5).toFixed(2), String((j * 7) % 60)));
  }
  return `${lines.join('\r\n')}\r\n`;
}
