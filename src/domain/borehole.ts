/** Enumerations of the specification; the database checks the same lists. */
export const PURPOSES = ['hydro', 'geotech', 'environmental', 'open_hole'] as const;
export const BOREHOLE_TYPES = ['monitoring_well', 'open_hole', 'piezometer', 'test_hole'] as const;
export const DRILLING_METHODS = ['rotary', 'hollow_stem_auger', 'sonic', 'coring'] as const;
export const HOLE_STATES = ['open_hole', 'cased', 'screened'] as const;
export const REPORT_KINDS = ['pdf', 'image'] as const;

export type Purpose = (typeof PURPOSES)[number];
export type BoreholeType = (typeof BOREHOLE_TYPES)[number];
export type DrillingMethod = (typeof DRILLING_METHODS)[number];
export type HoleState = (typeof HOLE_STATES)[number];
export type ReportKind = (typeof REPORT_KINDS)[number];

/** One layer of a borehole log, top to bottom. */
export interface Horizon {
  material: string;
  thickness: number;
}

/** The six kinds of data a filter chip can require; see `hasData` for what each one means. */
export const DATA_FLAGS = ['has_hydro', 'has_geodata', 'has_litho', 'has_chem', 'has_pdf', 'has_core'] as const;
export type DataFlag = (typeof DATA_FLAGS)[number];

/**
 * A borehole as the workspace reads it. `date` is an ISO date (YYYY-MM-DD). An imported borehole
 * may leave its date, drilling method and hole state unknown (null): they are never guessed.
 */
export interface Borehole {
  id: string;
  tenantSlug: string;
  project: string;
  site: string;
  muni: string;
  date: string | null;
  purpose: Purpose;
  type: BoreholeType;
  method: DrillingMethod | null;
  holeState: HoleState | null;
  depth: number;
  lat: number | null;
  lon: number | null;
  addr: string;
  screenTop: number | null;
  screenBottom: number | null;
  /**
   * Depth of the water below the ground (m), when the log gives one: the shallowest level read
   * after the water stood (AGS WSTD_POST), else the shallowest water strike (WSTG_DPTH).
   */
  waterDepth: number | null;
  /** Chemistry results are recorded for this borehole. */
  has_chem: boolean;
  /** At least one of its documents is a PDF (derived from its reports). */
  has_pdf: boolean;
  horizons: Horizon[];
}

/**
 * Whether a borehole has a kind of data: hydrogeology (hydro purpose, or a monitoring well or a
 * piezometer), geodata (both coordinates), lithology (at least one horizon), chemistry (recorded),
 * a PDF document, a core (drilled by coring). The SQL repository applies the same rules.
 *
 * @example hasData({ ...borehole, method: 'coring' }, 'has_core') // true
 */
export function hasData(
  row: Pick<Borehole, 'purpose' | 'type' | 'method' | 'lat' | 'lon' | 'horizons' | 'has_chem' | 'has_pdf'>,
  flag: DataFlag,
): boolean {
  switch (flag) {
    case 'has_hydro':
      return row.purpose === 'hydro' || row.type === 'monitoring_well' || row.type === 'piezometer';
    case 'has_geodata':
      return Number.isFinite(row.lat) && Number.isFinite(row.lon);
    case 'has_litho':
      return row.horizons.length > 0;
    case 'has_chem':
      return row.has_chem;
    case 'has_pdf':
      return row.has_pdf;
    case 'has_core':
      return row.method === 'coring';
  }
}

/** A report or log attached to a borehole. */
export interface Report {
  id: string;
  bhId: string;
  title: string;
  kind: ReportKind;
  site: string;
  muni: string;
  date: string;
  size: number;
  href: string | null;
}

/**
 * French labels of the enumeration values, one map per field: the code `open_hole` is a purpose,
 * a type and a hole state, and each reads differently (« But » and « Type » side by side must not
 * say the same word).
 */
export const PURPOSE_LABELS: Record<Purpose, string> = {
  hydro: 'Hydrogéologie',
  geotech: 'Géotechnique',
  environmental: 'Environnement',
  open_hole: 'Reconnaissance en trou ouvert',
};

export const TYPE_LABELS: Record<BoreholeType, string> = {
  monitoring_well: 'Puits d’observation',
  open_hole: 'Trou ouvert',
  piezometer: 'Piézomètre',
  test_hole: 'Sondage exploratoire',
};

export const METHOD_LABELS: Record<DrillingMethod, string> = {
  rotary: 'Rotatif',
  hollow_stem_auger: 'Tarière à tige creuse',
  sonic: 'Sonique',
  coring: 'Carottage',
};

export const HOLE_STATE_LABELS: Record<HoleState, string> = {
  open_hole: 'Non tubé',
  cased: 'Tubé',
  screened: 'Crépiné',
};

/** The French label of a drilling method, '' when it is unknown (null). */
export const labelOf = (method: DrillingMethod | null): string => (method === null ? '' : METHOD_LABELS[method]);

/** Total depth of a log: the sum of its horizons' thicknesses. */
export function sumThickness(horizons: readonly Horizon[]): number {
  return horizons.reduce((total, horizon) => total + horizon.thickness, 0);
}
