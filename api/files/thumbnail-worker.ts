import { createCanvas, ImageData, loadImage, type Canvas } from '@napi-rs/canvas';
import { withPdf } from './read-pdf.ts';
import { tiffPages } from './tiff-pages.ts';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';

/**
 * Draws documents' thumbnails, one at a time, in a thread of its own so that a hostile or enormous
 * file cannot stall the server (the caller stops the thread after its time limit): the first page
 * of a PDF, or the image itself (a TIFF's first page), on white, `width` pixels wide, as WebP — or, asked for a page, that
 * whole page. Each request is answered
 * with the bytes, or null for a file it cannot draw. The thread is kept for the next request: it
 * loads pdf.js once.
 */
interface Job {
  bytes: Uint8Array;
  mime: string;
  width: number;
  /** A whole page to draw (from 1), for the « Vérifier » screen, rather than the first page's top. */
  page?: number;
}

/** The tallest a thumbnail may be, so that a long strip of a scan stays a card. */
const MAX_RATIO = 1.6;

function whiteCanvas(w: number, h: number): Canvas {
  const canvas = createCanvas(Math.max(1, Math.round(w)), Math.max(1, Math.round(h)));
  const context = canvas.getContext('2d');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  return canvas;
}

function pdfPage({ bytes, width, page: number }: Job): Promise<Canvas> {
  return withPdf(bytes, async (document) => {
    const page = await document.getPage(number ?? 1);
    const scale = width / page.getViewport({ scale: 1 }).width;
    const viewport = page.getViewport({ scale });
    const canvas = whiteCanvas(viewport.width, number ? viewport.height : Math.min(viewport.height, width * MAX_RATIO));
    await page.render({ canvas: canvas as never, canvasContext: canvas.getContext('2d') as never, viewport }).promise;
    return canvas;
  });
}

async function picture({ bytes, width, page }: Job): Promise<Canvas> {
  if (page !== undefined && page !== 1) throw new Error('An image has one page.');
  const image = await loadImage(Buffer.from(bytes));
  const scale = Math.min(1, width / image.width);
  const height = image.height * scale;
  const canvas = whiteCanvas(image.width * scale, page ? height : Math.min(height, width * MAX_RATIO));
  canvas.getContext('2d').drawImage(image, 0, 0, image.width * scale, image.height * scale);
  return canvas;
}

/** The most pixels a TIFF page may have to be drawn (a 600-dpi A3 scan has 70 million). */
const MAX_TIFF_PIXELS = 80_000_000;

/** A page of a TIFF, on white, `width` pixels wide: the canvas cannot read TIFF (see tiffPages). */
function tiffPage({ bytes, width, page }: Job): Canvas {
  const tiff = tiffPages(bytes, page ?? 1)[(page ?? 1) - 1];
  if (!tiff) throw new Error('No such page.');
  const { width: w, height: h } = tiff;
  if (!(w > 0 && h > 0 && w * h <= MAX_TIFF_PIXELS)) throw new Error('Page too large.');
  const full = createCanvas(w, h);
  full.getContext('2d').putImageData(new ImageData(new Uint8ClampedArray(tiff.rgba()), w, h), 0, 0);
  const scale = Math.min(1, width / w);
  const canvas = whiteCanvas(w * scale, page ? h * scale : Math.min(h * scale, width * MAX_RATIO));
  canvas.getContext('2d').drawImage(full, 0, 0, w * scale, h * scale);
  return canvas;
}

async function answer(job: Job) {
  try {
    const canvas =
      job.mime === 'application/pdf'
        ? await pdfPage(job)
        : job.mime === 'image/tiff'
          ? tiffPage(job)
          : await picture(job);
    parentPort!.postMessage(await canvas.encode('webp', 80));
  } catch {
    parentPort!.postMessage(null);
  }
}

// The requests of the server first: on Linux a thread's priority is its own, and drawing a 300 dpi
// scan takes a second of CPU that they would otherwise wait for.
try {
  setPriority(19);
} catch {
  // Refused (not known on Linux for lowering one's own): draw anyway.
}
parentPort!.on('message', (job: Job) => void answer(job));
