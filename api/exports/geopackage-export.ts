import { mkdtemp, open, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DATABASE_COLUMNS, databaseRow, type ExportedBorehole } from '../../src/domain/export-rows.ts';
import { openGeoPackage, type LayerSpec } from './write-geopackage.ts';

/** The boreholes' layer of every GeoPackage GéoSonde writes: table 'database', the export's columns. */
export const DATABASE_LAYER: LayerSpec = {
  name: 'database',
  description: 'Forages GéoSonde',
  columns: DATABASE_COLUMNS.map((name) => ({
    name,
    type: ['depth_m', 'lat', 'lon', 'x_mtm8', 'y_mtm8'].includes(name) ? ('REAL' as const) : ('TEXT' as const),
  })),
};

/** A boreholes' layer row: its position and the export's values. */
export function layerRow(borehole: ExportedBorehole) {
  const row = databaseRow(borehole);
  return { lat: borehole.lat, lon: borehole.lon, values: DATABASE_COLUMNS.map((name) => row[name]) };
}

/** A finished GeoPackage in a temporary folder of its own, removed once sent. */
export interface TemporaryFile {
  dir: string;
  path: string;
  size: number;
}

/**
 * Writes the boreholes of `batches` into a GeoPackage in a temporary file, one batch at a time
 * (SQLite needs a file it can seek in: it cannot be streamed as it is written). Null, with the
 * file removed, when `signal` says the client left; removed too on any error.
 */
export async function buildGeoPackage(
  layer: LayerSpec,
  batches: AsyncIterable<ExportedBorehole[]>,
  signal: AbortSignal,
): Promise<TemporaryFile | null> {
  const dir = await mkdtemp(join(tmpdir(), 'geosonde-gpkg-'));
  try {
    const path = join(dir, `geosonde-${layer.name}.gpkg`);
    const gpkg = openGeoPackage(path);
    try {
      const writer = gpkg.layer(layer);
      for await (const batch of batches) {
        if (signal.aborted) break;
        writer.add(batch.map(layerRow));
      }
      if (signal.aborted) {
        await rm(dir, { recursive: true, force: true });
        return null;
      }
      gpkg.finish();
    } finally {
      gpkg.abandon();
    }
    return { dir, path, size: (await stat(path)).size };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * A temporary file as a response body, read 1 MiB at a time as the client takes it; its folder is
 * removed at the end, on a read error, or when the client cancels.
 */
export function fileBody({ dir, path }: TemporaryFile): ReadableStream<Uint8Array> {
  let handle: Awaited<ReturnType<typeof open>> | null = null;
  let done = false;
  const cleanUp = async () => {
    if (done) return;
    done = true;
    await handle?.close().catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
  };
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          handle ??= await open(path, 'r');
          if (done) return void (await handle.close());
          const { bytesRead, buffer } = await handle.read(Buffer.allocUnsafe(1 << 20), 0, 1 << 20, null);
          if (bytesRead > 0) controller.enqueue(new Uint8Array(buffer.buffer, buffer.byteOffset, bytesRead));
          else {
            await cleanUp();
            controller.close();
          }
        } catch (error) {
          await cleanUp();
          controller.error(error);
        }
      },
      cancel: cleanUp,
    },
    { highWaterMark: 0 },
  );
}
