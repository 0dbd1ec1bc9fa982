import { parentPort, workerData } from 'node:worker_threads';
import type { BoreholeLog } from '../../src/domain/log/borehole-log.ts';
import type { LogScale } from '../../src/domain/log/draw-log.ts';
import { logsPdf } from './log-pdf.ts';

/** Draws one PDF of many logs away from the server's event loop (see logsPdfAside). */
const { logs, scale } = workerData as { logs: BoreholeLog[]; scale: LogScale };
const pdf = logsPdf(logs, scale);
const bytes = new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength).slice();
parentPort!.postMessage(bytes, [bytes.buffer]);
