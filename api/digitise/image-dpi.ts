/**
 * The resolution a scan says it was made at, in dots per inch: PNG's pHYs chunk, JPEG's JFIF
 * header, TIFF's XResolution; null when the file does not say (or says nonsense). OCR reads small
 * type far better when told, rather than guessing.
 */
export function imageDpi(bytes: Uint8Array, mime: string): number | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const plausible = (dpi: number) => (Number.isFinite(dpi) && dpi >= 50 && dpi <= 2400 ? Math.round(dpi) : null);
  if (mime === 'image/png') {
    // Chunks after the 8-byte signature: length, type, data, CRC.
    for (let at = 8; at + 8 <= bytes.length;) {
      const length = view.getUint32(at);
      const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
      if (type === 'pHYs' && at + 17 <= bytes.length) {
        // Pixels per unit on x, then the unit: 1 is the metre.
        return view.getUint8(at + 16) === 1 ? plausible(view.getUint32(at + 8) * 0.0254) : null;
      }
      if (type === 'IDAT' || type === 'IEND') return null;
      at += 12 + length;
    }
    return null;
  }
  if (mime === 'image/jpeg') {
    // APP0 « JFIF\0 » right after the start: version (2), units (1), x density (2).
    if (bytes.length < 18 || view.getUint16(2) !== 0xffe0) return null;
    if (String.fromCharCode(...bytes.subarray(6, 10)) !== 'JFIF') return null;
    const units = view.getUint8(13);
    const density = view.getUint16(14);
    return units === 1 ? plausible(density) : units === 2 ? plausible(density * 2.54) : null;
  }
  if (mime === 'image/tiff') return tiffDpi(bytes, view);
  return null;
}

/** XResolution (tag 282, a RATIONAL) with ResolutionUnit (296: 2 inch, the default; 3 centimetre). */
function tiffDpi(bytes: Uint8Array, view: DataView): number | null {
  if (bytes.length < 8) return null;
  const order = view.getUint16(0);
  if (order !== 0x4949 && order !== 0x4d4d) return null;
  const little = order === 0x4949;
  const directory = view.getUint32(4, little);
  if (directory + 2 > bytes.length) return null;
  let resolution: number | null = null;
  let unit = 2;
  for (let i = 0, entries = view.getUint16(directory, little); i < entries; i++) {
    const at = directory + 2 + i * 12;
    if (at + 12 > bytes.length) return null;
    const tag = view.getUint16(at, little);
    if (tag === 282) {
      const offset = view.getUint32(at + 8, little);
      if (offset + 8 > bytes.length) return null;
      const denominator = view.getUint32(offset + 4, little);
      resolution = denominator ? view.getUint32(offset, little) / denominator : null;
    }
    if (tag === 296) unit = view.getUint16(at + 8, little);
  }
  if (resolution === null) return null;
  const dpi = unit === 3 ? resolution * 2.54 : unit === 2 ? resolution : NaN;
  return Number.isFinite(dpi) && dpi >= 50 && dpi <= 2400 ? Math.round(dpi) : null;
}

/**
 * Paper sizes a log is scanned on, short side × long side in inches. A3 has A4's ratio: a page of
 * that ratio is taken for A4, by far the more common for a log.
 */
const PAPERS = [
  { name: 'Lettre', width: 8.5, height: 11 },
  { name: 'Légal', width: 8.5, height: 14 },
  { name: 'A4', width: 210 / 25.4, height: 297 / 25.4 },
  { name: 'Tabloïd', width: 11, height: 17 },
];

/**
 * The resolution of a whole page whose file says none (a phone app's PNG, a screenshot) or only a
 * program's default (72 or 96): the one at which its pixels make a paper size, when its sides'
 * ratio is that paper's within 1 % (Letter and A4 differ by 9 %), upright or lying; null otherwise
 * (a page cut out, a photo). A scan is made at 150 dpi or more: under that, no paper size is taken.
 */
export function pageSizeDpi(width: number, height: number): number | null {
  const [short, long] = width < height ? [width, height] : [height, width];
  for (const paper of PAPERS) {
    if (Math.abs(short / long / (paper.width / paper.height) - 1) > 0.01) continue;
    const dpi = (short / paper.width + long / paper.height) / 2;
    return dpi >= 150 && dpi <= 1200 ? Math.round(dpi) : null;
  }
  return null;
}

/**
 * The resolution to read a scan at: what its file says, unless that is under 150 dpi (the 72 or 96
 * that programs write by default) and its size makes a paper size (pageSizeDpi), which then wins.
 */
export function scanDpi(bytes: Uint8Array, mime: string, width: number, height: number): number | null {
  const said = imageDpi(bytes, mime);
  if (said !== null && said >= 150) return said;
  return pageSizeDpi(width, height) ?? said;
}
