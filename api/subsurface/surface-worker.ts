import { parentPort, workerData } from 'node:worker_threads';
import { surfaceContours } from '../../src/domain/subsurface/contours.ts';
import {
  SurfaceError,
  surfaceOf,
  type SurfaceOptions,
  type SurfaceSample,
} from '../../src/domain/subsurface/surface.ts';

/** Makes one surface away from the server's event loop (see surfaceAside). */
const { samples, options } = workerData as { samples: SurfaceSample[]; options: SurfaceOptions };
try {
  const surface = surfaceOf(samples, options);
  const contours = surfaceContours(surface);
  parentPort!.postMessage({ surface, contours }, [
    surface.grid.values.buffer as ArrayBuffer,
    surface.grid.uncertainty.buffer as ArrayBuffer,
  ]);
} catch (error) {
  if (!(error instanceof SurfaceError)) throw error;
  parentPort!.postMessage({ refused: error.message });
}
