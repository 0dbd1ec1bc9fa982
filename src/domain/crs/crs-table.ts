/**
 * The coordinate reference systems (CRS) our users meet, with what proj4 needs to bring their
 * coordinates to WGS 84, where each may be used (EPSG's area of use, as a box in degrees) and how
 * close to the truth the conversion lands.
 *
 * Accuracy of the conversion to WGS 84, which docs/import.md states:
 * - NAD83(CSRS) by EPSG's shift from ITRF96 (translations only, as EPSG:2950 publishes it): within
 *   1 m in Québec, the plate having moved ~2 cm a year since 1997;
 * - NAD83 (original, 1986) taken as WGS 84: off by 1.5 to 2 m in Québec;
 * - British National Grid (OSGB36) by the published 7-parameter Helmert shift: within 3.5 m.
 */
export interface Crs {
  /** 'EPSG:32188'. */
  code: string;
  /** The name shown in French. */
  label: string;
  proj4: string;
  /** Easting/northing (projected) or longitude/latitude in degrees. */
  projected: boolean;
  /** Where it may be used: west, south, east, north in degrees (EPSG's area of use). */
  area: readonly [number, number, number, number];
  /** How far from the truth the conversion to WGS 84 may land, in metres. */
  accuracyMetres: number;
}

const tmerc = (lon0: number, k: number, x0: number, datum: string) =>
  `+proj=tmerc +lat_0=0 +lon_0=${lon0} +k=${k} +x_0=${x0} +y_0=0 ${datum} +units=m +no_defs`;
const NAD83 = '+ellps=GRS80 +towgs84=0,0,0,0,0,0,0';
const NAD83_CSRS = '+ellps=GRS80 +towgs84=-0.991,1.9072,0.5129,0,0,0,0';
/** Canada's mainland north of the 40th parallel, as EPSG bounds its Canadian zones. */
const CANADA_SOUTH = 40;
const CANADA_NORTH = 84;

/** MTM zones 3 to 10 (Québec and eastern Ontario): 3° wide, central meridian 58.5°W for zone 3. */
function mtmZones(): Crs[] {
  return [3, 4, 5, 6, 7, 8, 9, 10].flatMap((zone) => {
    const lon0 = -(58.5 + 3 * (zone - 3));
    const area = [lon0 - 1.5, CANADA_SOUTH, lon0 + 1.5, CANADA_NORTH] as const;
    return [
      {
        code: `EPSG:${32180 + zone}`,
        label: `NAD83 / MTM zone ${zone}`,
        proj4: tmerc(lon0, 0.9999, 304800, NAD83),
        projected: true,
        area,
        accuracyMetres: 2,
      },
      {
        code: `EPSG:${2942 + zone}`,
        label: `NAD83(CSRS) / MTM zone ${zone}`,
        proj4: tmerc(lon0, 0.9999, 304800, NAD83_CSRS),
        projected: true,
        area,
        accuracyMetres: 1,
      },
    ];
  });
}

/** UTM zones 17 to 21 north (Ontario to Newfoundland). */
function utmZones(): Crs[] {
  return [17, 18, 19, 20, 21].flatMap((zone) => {
    const lon0 = -183 + 6 * zone;
    const area = [lon0 - 3, CANADA_SOUTH, lon0 + 3, CANADA_NORTH] as const;
    const utm = (datum: string) => `+proj=utm +zone=${zone} ${datum} +units=m +no_defs`;
    return [
      {
        code: `EPSG:${26900 + zone}`,
        label: `NAD83 / UTM zone ${zone}N`,
        proj4: utm(NAD83),
        projected: true,
        area,
        accuracyMetres: 2,
      },
      {
        code: `EPSG:${2941 + zone}`,
        label: `NAD83(CSRS) / UTM zone ${zone}N`,
        proj4: utm(NAD83_CSRS),
        projected: true,
        area,
        accuracyMetres: 1,
      },
    ];
  });
}

export const CRS_TABLE: readonly Crs[] = [
  {
    code: 'EPSG:4326',
    label: 'WGS 84 (latitude, longitude)',
    proj4: '+proj=longlat +datum=WGS84 +no_defs',
    projected: false,
    area: [-180, -90, 180, 90],
    accuracyMetres: 0,
  },
  {
    code: 'EPSG:4617',
    label: 'NAD83(CSRS) (latitude, longitude)',
    proj4: `+proj=longlat ${NAD83_CSRS} +no_defs`,
    projected: false,
    area: [-141.01, 40.04, -47.74, 86.46],
    accuracyMetres: 1,
  },
  {
    code: 'EPSG:4269',
    label: 'NAD83 (latitude, longitude)',
    proj4: `+proj=longlat ${NAD83} +no_defs`,
    projected: false,
    area: [-172.54, 14.92, -47.74, 86.46],
    accuracyMetres: 2,
  },
  ...mtmZones(),
  ...utmZones(),
  {
    code: 'EPSG:27700',
    label: 'OSGB36 / British National Grid',
    proj4:
      '+proj=tmerc +lat_0=49 +lon_0=-2 +k=0.9996012717 +x_0=400000 +y_0=-100000 +ellps=airy ' +
      '+towgs84=446.448,-125.157,542.06,0.15,0.247,0.842,-20.489 +units=m +no_defs',
    projected: true,
    area: [-9.01, 49.75, 2.01, 61.01],
    accuracyMetres: 3.5,
  },
];

const BY_CODE = new Map(CRS_TABLE.map((crs) => [crs.code, crs]));

/** A CRS of the table by its code ('EPSG:32188', '32188'), or undefined. */
export function crsByCode(code: string): Crs | undefined {
  const trimmed = code.trim().toUpperCase();
  return BY_CODE.get(/^\d+$/.test(trimmed) ? `EPSG:${trimmed}` : trimmed.replace(/^EPSG\s*:\s*/, 'EPSG:'));
}
