import type { DrillingMethod } from '../borehole.ts';
import type { HoleType } from '../ags/hole-types.ts';
import type { SptResult } from '../ags/spt-result.ts';
import type { TenantEmblem } from '../tenants.ts';

/**
 * What a borehole log shows, read from the tables (see api/boreholes/log-repo.ts). Depths are metres below
 * the ground; `top` of a water strike is its depth.
 */
export interface BoreholeLog {
  id: string;
  /** The LOCA_ID the file gave, when it differs from the id. */
  locaId: string | null;
  project: string;
  site: string;
  /** The organisation whose log it is (the header's signature line), and its emblem if it has one. */
  organisation: string;
  emblem?: TenantEmblem | null;
  lat: number | null;
  lon: number | null;
  /** The coordinates as the file gave them, with their system (EPSG code). */
  original: { crs: string; x: number; y: number } | null;
  locationConfidence: string;
  groundLevel: number | null;
  depth: number;
  date: string | null;
  endDate: string | null;
  method: DrillingMethod | null;
  /** The LOCA_TYPE the file gave, with its meaning (hole-types.ts); null when none was given. */
  holeType: HoleType | null;
  layers: { top: number; base: number; description: string; legend: string; geology: string }[];
  /** Each SPT test: its N value, or the refusal that stopped it (spt-result.ts). */
  spt: ({ top: number } & SptResult)[];
  samples: { top: number; base: number | null; type: string; ref: string }[];
  waterStrikes: number[];
  standingLevels: number[];
  /**
   * The observation well's screen (crépine), from the borehole's row: the values the map's popup
   * and the record show too. Null when the borehole has none.
   */
  screen: { top: number; base: number } | null;
  /** Rock quality designation (%) of each core run. */
  cores: { top: number; base: number; rqd: number | null }[];
}

/** A log with nothing in it but its id: the start of one built field by field (a position, layers). */
export function blankLog(id: string): BoreholeLog {
  return {
    id,
    locaId: null,
    project: '',
    site: '',
    organisation: '',
    lat: null,
    lon: null,
    original: null,
    locationConfidence: 'unknown',
    groundLevel: null,
    depth: 0,
    date: null,
    endDate: null,
    method: null,
    holeType: null,
    layers: [],
    spt: [],
    samples: [],
    waterStrikes: [],
    standingLevels: [],
    screen: null,
    cores: [],
  };
}
