import { GlobalFonts, Path2D, PDFDocument, type SKRSContext2D } from '@napi-rs/canvas';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { BoreholeLog } from '../../src/domain/log/borehole-log.ts';
import { boreholeName, layoutLog, logPages, type LogScale } from '../../src/domain/log/draw-log.ts';
import type { Shape, Sheet } from '../../src/domain/log/sheet.ts';
import { SOIL_CLASSES, SOIL_PATTERN_PATHS, type SoilClass } from '../../src/domain/soil.ts';

/** The logs' typeface, shipped with the code (fonts/LICENSE-DejaVu.txt) and embedded in each PDF. */
const FONT = 'GeoSonde Log';
const fonts = (name: string) => fileURLToPath(new URL(`./fonts/${name}`, import.meta.url));
GlobalFonts.registerFromPath(fonts('DejaVuSansCondensed.ttf'), FONT);
GlobalFonts.registerFromPath(fonts('DejaVuSansCondensed-Bold.ttf'), FONT);

/** PDF points in a millimetre: the layout is in millimetres, the page in points. */
const POINTS = 72 / 25.4;
const A4 = { width: 210, height: 297 };
/** The side of a pattern tile, in millimetres (as in the SVG). */
const TILE = 3;

/** A soil's pattern over a rectangle: its tiles' strokes as one path, clipped by the caller. */
function patternPath(soil: SoilClass, x: number, y: number, width: number, height: number): Path2D | null {
  const d = SOIL_PATTERN_PATHS[SOIL_CLASSES[soil].pattern];
  if (!d) return null;
  const tile = new Path2D(d);
  const path = new Path2D();
  // Tiles on the sheet's grid, as an SVG pattern in user space lays them.
  for (let ty = Math.floor(y / TILE) * TILE; ty < y + height; ty += TILE) {
    for (let tx = Math.floor(x / TILE) * TILE; tx < x + width; tx += TILE) {
      path.addPath(tile, { a: TILE / 8, d: TILE / 8, e: tx, f: ty });
    }
  }
  return path;
}

function paint(ctx: SKRSContext2D, shapes: Shape[]): void {
  for (const shape of shapes) {
    switch (shape.kind) {
      case 'rect': {
        const { x, y, width, height } = shape;
        if (typeof shape.fill === 'string') {
          ctx.fillStyle = shape.fill;
          ctx.fillRect(x, y, width, height);
        } else if (shape.fill) {
          ctx.fillStyle = SOIL_CLASSES[shape.fill.soil].colour;
          ctx.fillRect(x, y, width, height);
          const pattern = patternPath(shape.fill.soil, x, y, width, height);
          if (pattern) {
            ctx.save();
            ctx.beginPath();
            ctx.rect(x, y, width, height);
            ctx.clip();
            ctx.strokeStyle = 'rgba(28, 28, 28, 0.5)';
            ctx.lineWidth = 0.8 * (TILE / 8);
            ctx.stroke(pattern);
            ctx.restore();
          }
        }
        if (shape.stroke) {
          ctx.strokeStyle = shape.stroke;
          ctx.lineWidth = shape.strokeWidth ?? 0.25;
          ctx.strokeRect(x, y, width, height);
        }
        break;
      }
      case 'line':
        ctx.strokeStyle = shape.stroke;
        ctx.lineWidth = shape.strokeWidth;
        ctx.setLineDash(shape.dash ?? []);
        ctx.beginPath();
        ctx.moveTo(shape.x1, shape.y1);
        ctx.lineTo(shape.x2, shape.y2);
        ctx.stroke();
        ctx.setLineDash([]);
        break;
      case 'text':
        ctx.fillStyle = shape.fill ?? '#111';
        ctx.font = `${shape.bold ? 'bold ' : ''}${shape.size}px "${FONT}"`;
        // Letters as written: a ligature (« fi ») would not be found by a search in the PDF.
        ctx.fontVariantLigatures = 'none';
        ctx.textAlign = shape.anchor === 'middle' ? 'center' : shape.anchor === 'end' ? 'right' : 'left';
        shape.lines.forEach((line, i) =>
          ctx.fillText(line, shape.x, shape.y + i * (shape.lineHeight ?? shape.size * 1.2)),
        );
        break;
      case 'path': {
        const path = new Path2D(shape.d);
        ctx.fillStyle = shape.fill;
        ctx.fill(path);
        if (shape.stroke !== 'none' && shape.strokeWidth > 0) {
          ctx.strokeStyle = shape.stroke;
          ctx.lineWidth = shape.strokeWidth;
          ctx.stroke(path);
        }
        break;
      }
      case 'circle':
        ctx.fillStyle = shape.fill;
        ctx.beginPath();
        ctx.arc(shape.cx, shape.cy, shape.r, 0, 2 * Math.PI);
        ctx.fill();
        break;
      case 'polyline':
        ctx.strokeStyle = shape.stroke;
        ctx.lineWidth = shape.strokeWidth;
        ctx.setLineDash(shape.dash ?? []);
        ctx.beginPath();
        shape.points.forEach(([x, y], i) => (i === 0 ? ctx.moveTo(x, y) : ctx.lineTo(x, y)));
        ctx.stroke();
        ctx.setLineDash([]);
        break;
      case 'group':
        paint(ctx, shape.shapes);
        break;
    }
  }
}

/** A sheet as a page of a PDF, its size the sheet's (in millimetres). */
export function pageOf(document: PDFDocument, sheet: Pick<Sheet, 'width' | 'height' | 'shapes'>): void {
  // A page's context is Skia's, as a canvas's is (its typings give the standard part only).
  const ctx = document.beginPage(sheet.width * POINTS, sheet.height * POINTS) as SKRSContext2D;
  ctx.scale(POINTS, POINTS);
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, sheet.width, sheet.height);
  paint(ctx, sheet.shapes);
  document.endPage();
}

/**
 * Borehole logs as one vector PDF, A4 portrait: each log cut into pages at a scale (see logPages),
 * drawn from the same layout as the SVG, its text selectable in an embedded typeface.
 */
export function logsPdf(logs: BoreholeLog[], scale: LogScale): Buffer {
  const document = new PDFDocument({
    title: logs.length === 1 ? `Journal de forage ${boreholeName(logs[0]!)}` : `Journaux de forage (${logs.length})`,
    creator: 'GéoSonde',
    producer: 'GéoSonde',
  });
  for (const log of logs) {
    const pages = logPages(log, scale);
    pages.forEach((range, i) => {
      const sheet = layoutLog(log, { scale, ...range, page: { number: i + 1, total: pages.length } });
      pageOf(document, { ...sheet, ...A4 });
    });
  }
  return document.close();
}

/**
 * logsPdf in a worker thread of its own, for a selection's logs: a hundred logs take about a
 * second to draw, during which the server would answer nobody else.
 */
export function logsPdfAside(logs: BoreholeLog[], scale: LogScale): Promise<Uint8Array<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./log-pdf-worker.ts', import.meta.url), {
      workerData: { logs, scale },
      resourceLimits: { maxOldGenerationSizeMb: 512 },
    });
    worker.once('message', (bytes: Uint8Array<ArrayBuffer>) => {
      resolve(bytes);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`Le dessin des journaux s’est arrêté (code ${code}).`)));
  });
}
