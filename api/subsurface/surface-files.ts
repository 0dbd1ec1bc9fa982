import { writeArrayBuffer } from 'geotiff';
import type { surfaceContours } from '../../src/domain/subsurface/contours.ts';
import type { Surface } from '../../src/domain/subsurface/surface.ts';
import { writeGeoPackage } from '../exports/write-geopackage.ts';

/** The value GIS software reads as « no data » outside the boreholes' hull. */
export const SURFACE_NODATA = -9999;

/**
 * The surface as a GeoTIFF of two Float32 bands, pixel by pixel: 1, the value; 2, its uncertainty
 * (the kriging standard deviation, or the distance to the nearest borehole), both in metres. In
 * Web Mercator (EPSG:3857), the grid's own projection, each pixel a node; -9999 outside the hull.
 * Written by geotiff.js, which GDAL and QGIS read (the tests read it back with gdalinfo).
 */
export function surfaceTiff(surface: Surface, title: string): Uint8Array<ArrayBuffer> {
  const { grid } = surface;
  const pixels = new Float32Array(grid.columns * grid.rows * 2);
  for (let i = 0; i < grid.columns * grid.rows; i++) {
    const [value, uncertainty] = [grid.values[i]!, grid.uncertainty[i]!];
    pixels[2 * i] = Number.isFinite(value) ? value : SURFACE_NODATA;
    pixels[2 * i + 1] = Number.isFinite(value) && Number.isFinite(uncertainty) ? uncertainty : SURFACE_NODATA;
  }
  const uncertaintyName = surface.uncertainty === 'sd' ? 'écart-type de krigeage' : 'distance au forage le plus proche';
  // ImageDescription (TIFF tag 270) is written like any tag the writer knows; its types omit it.
  const metadata = {
    width: grid.columns,
    height: grid.rows,
    SamplesPerPixel: 2,
    ImageDescription: `${title} (m) ; bande 1 : valeur, bande 2 : ${uncertaintyName} (m). GéoSonde.`,
    ModelPixelScale: [grid.cell, grid.cell, 0],
    ModelTiepoint: [0, 0, 0, grid.west, grid.north, 0],
    GTModelTypeGeoKey: 1,
    GTRasterTypeGeoKey: 1,
    ProjectedCSTypeGeoKey: 3857,
    GDAL_NODATA: String(SURFACE_NODATA),
  } as Parameters<typeof writeArrayBuffer>[1];
  const buffer = writeArrayBuffer(pixels, metadata);
  return new Uint8Array(buffer);
}

const BOUND_WORDS = { exact: 'valeur', atLeast: 'au moins', atMost: 'au plus' } as const;

/**
 * The surface's contour lines (layer « courbes », each with its level) and the boreholes it was
 * made from (layer « forages »: value or bound, whether it was used, its cross-validated
 * estimate), as a GeoPackage in WGS 84.
 */
export function surfaceGeoPackage(
  surface: Surface,
  contours: ReturnType<typeof surfaceContours>,
  title: string,
): Promise<Buffer> {
  return writeGeoPackage(
    [
      {
        name: 'forages',
        description: `Forages de la surface « ${title} »`,
        columns: [
          { name: 'forage', type: 'TEXT' },
          { name: 'valeur_m', type: 'REAL' },
          { name: 'nature', type: 'TEXT' },
          { name: 'retenu', type: 'INTEGER' },
          { name: 'validation_croisee_m', type: 'REAL' },
        ],
        rows: surface.points.map((point) => ({
          lon: point.lng,
          lat: point.lat,
          values: [point.id, point.value, BOUND_WORDS[point.bound], point.used ? 1 : 0, point.crossValidated],
        })),
      },
    ],
    [
      {
        name: 'courbes',
        description: `Courbes de niveau — ${title}, équidistance ${contours.step} m`,
        columns: [{ name: 'niveau_m', type: 'REAL' }],
        rows: contours.lines.map((line) => ({ line: line.points, values: [line.level] })),
      },
    ],
  );
}
