import { createCanvas } from '@napi-rs/canvas';
import { withPdf } from '../files/read-pdf.ts';

/** A page drawn as an image: PNG bytes and size in pixels. */
export interface PageImage {
  png: Buffer;
  width: number;
  height: number;
  dpi: number;
}

/** Each page of a PDF drawn at `dpi` dots per inch on white (pdf.js and Skia), for OCR. */
export async function pdfPageImages(bytes: Uint8Array, dpi = 300): Promise<PageImage[]> {
  return withPdf(bytes, async (document) => {
    const images: PageImage[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      const viewport = page.getViewport({ scale: dpi / 72 });
      const canvas = createCanvas(Math.round(viewport.width), Math.round(viewport.height));
      const context = canvas.getContext('2d');
      context.fillStyle = '#fff';
      context.fillRect(0, 0, canvas.width, canvas.height);
      await page.render({ canvas: canvas as never, canvasContext: context as never, viewport }).promise;
      images.push({ png: await canvas.encode('png'), width: canvas.width, height: canvas.height, dpi });
      page.cleanup();
    }
    return images;
  });
}
