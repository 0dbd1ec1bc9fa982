import { createCanvas, ImageData, loadImage } from '@napi-rs/canvas';

/** The resolution OCR reads at: a page scanned coarser is enlarged to it first. */
export const MIN_DPI = 300;

/**
 * A page as OCR reads it: its pixels row by row, `width` × `height`, one grey a pixel (0 black to
 * 255 white) or, for a page in colour, red, green and blue; and the resolution it was made at when
 * known (a page we drew, a scan that says it): Tesseract's own guess sizes small type wrong. Pages
 * are handed to Tesseract as these pixels (a PGM or PPM file, which it reads as it is) rather than as
 * PNG: encoding and decoding a 300-dpi page's PNG cost 0.8–0.9 s each, twice a page, for nothing. A
 * page in colour stays in colour: Tesseract finds the text on each of the three (Otsu's threshold
 * per channel), which its grey does not always give.
 */
export interface PagePixels {
  pixels: Uint8Array;
  channels: 1 | 3;
  width: number;
  height: number;
  dpi?: number;
}

/** A page of RGBA data (opaque), in grey when every pixel is grey, else in colour. */
export function pagePixels(
  rgba: Uint8Array | Uint8ClampedArray,
  width: number,
  height: number,
  dpi?: number,
): PagePixels {
  const count = width * height;
  let grey = true;
  for (let i = 0; i < count && grey; i++) grey = rgba[4 * i] === rgba[4 * i + 1] && rgba[4 * i] === rgba[4 * i + 2];
  const channels = grey ? 1 : 3;
  const pixels = new Uint8Array(count * channels);
  if (grey) for (let i = 0; i < count; i++) pixels[i] = rgba[4 * i]!;
  else
    for (let i = 0, at = 0; i < count; i++) {
      pixels[at++] = rgba[4 * i]!;
      pixels[at++] = rgba[4 * i + 1]!;
      pixels[at++] = rgba[4 * i + 2]!;
    }
  return { pixels, channels, width, height, ...(dpi ? { dpi } : {}) };
}

/** The page of an image file that Skia decodes (PNG, JPEG, WebP, GIF, BMP), on white where it is transparent. */
export async function pictureOf(bytes: Uint8Array, dpi?: number): Promise<PagePixels> {
  const picture = await loadImage(Buffer.from(bytes));
  const canvas = createCanvas(picture.width, picture.height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, picture.width, picture.height);
  context.drawImage(picture, 0, 0);
  return pagePixels(context.getImageData(0, 0, picture.width, picture.height).data, picture.width, picture.height, dpi);
}

/**
 * The grey of each pixel, weighing red, green and blue as the eye does (77, 150 and 29 of 256): what
 * the clean-up of a coarse scan and the black-and-white reading work on.
 */
export function greysOf({ pixels, channels }: PagePixels): Uint8Array {
  if (channels === 1) return pixels;
  const grey = new Uint8Array(pixels.length / 3);
  for (let i = 0; i < grey.length; i++)
    grey[i] = (pixels[3 * i]! * 77 + pixels[3 * i + 1]! * 150 + pixels[3 * i + 2]! * 29) >> 8;
  return grey;
}

/** A page as a binary PGM (grey) or PPM (colour) file, which Tesseract reads without decoding anything. */
export function pnm({ pixels, channels, width, height }: PagePixels): Buffer {
  return Buffer.concat([Buffer.from(`${channels === 1 ? 'P5' : 'P6'}\n${width} ${height}\n255\n`, 'ascii'), pixels]);
}

/**
 * A coarse scan (under 300 dpi) made ready for OCR: its specks taken out by a 3 × 3 median of its
 * greys, then enlarged to 300 dpi. Measured on our logs scanned at 200 dpi with specks, blur and
 * JPEG: layers read right 8 of 25 without the median, 16 with; on a clean 300-dpi page the median
 * wears small type away (24 → 7), hence only here.
 */
export function scaled(page: PagePixels, factor: number): PagePixels {
  const { width, height } = page;
  const median = despeckled(greysOf(page), width, height);
  const source = createCanvas(width, height);
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < median.length; i++) {
    rgba[4 * i] = rgba[4 * i + 1] = rgba[4 * i + 2] = median[i]!;
    rgba[4 * i + 3] = 255;
  }
  source.getContext('2d').putImageData(new ImageData(rgba, width, height), 0, 0);
  const canvas = createCanvas(Math.round(width * factor), Math.round(height * factor));
  const context = canvas.getContext('2d');
  context.imageSmoothingQuality = 'high';
  context.drawImage(source, 0, 0, canvas.width, canvas.height);
  return pagePixels(context.getImageData(0, 0, canvas.width, canvas.height).data, canvas.width, canvas.height);
}

/**
 * A page in black and white: each pixel set to black or white on either side of the grey that best
 * parts ink from paper (Otsu's threshold: the one that leaves the two sides' greys furthest apart).
 */
export function binarized(page: PagePixels): PagePixels {
  const greys = greysOf(page);
  const histogram = new Array<number>(256).fill(0);
  for (const value of greys) histogram[value]!++;
  const threshold = otsuThreshold(histogram);
  return { ...page, channels: 1, pixels: greys.map((grey) => (grey > threshold ? 255 : 0)) };
}

/**
 * The grey (0–255) at or under which a pixel is ink: the split of the histogram with the largest
 * variance between its sides.
 */
export function otsuThreshold(histogram: readonly number[]): number {
  const total = histogram.reduce((sum, count) => sum + count, 0);
  const weighted = histogram.reduce((sum, count, grey) => sum + grey * count, 0);
  let [dark, darkWeighted, best, threshold] = [0, 0, -1, 127];
  histogram.forEach((count, grey) => {
    dark += count;
    darkWeighted += grey * count;
    const light = total - dark;
    if (!dark || !light) return;
    const between = dark * light * (darkWeighted / dark - (weighted - darkWeighted) / light) ** 2;
    if (between > best) [best, threshold] = [between, grey];
  });
  return threshold;
}

/** Each grey set to the median of its 3 × 3 neighbourhood; the edges keep theirs. */
export function despeckled(greys: Uint8Array, width: number, height: number): Uint8Array {
  const median = Uint8Array.from(greys);
  const window = new Uint8Array(9);
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      let k = 0;
      for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) window[k++] = greys[(y + dy) * width + x + dx]!;
      window.sort();
      median[y * width + x] = window[4]!;
    }
  }
  return median;
}
