/**
 * The size in pixels of a TIFF's first image (tags ImageWidth 256 and ImageLength 257 of its first
 * directory), which the canvas library does not decode; null when the bytes are no TIFF.
 */
export function tiffSize(bytes: Uint8Array): { width: number; height: number } | null {
  if (bytes.length < 8) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const order = view.getUint16(0);
  if (order !== 0x4949 && order !== 0x4d4d) return null;
  const little = order === 0x4949;
  if (view.getUint16(2, little) !== 42) return null;
  const directory = view.getUint32(4, little);
  if (directory + 2 > bytes.length) return null;
  const entries = view.getUint16(directory, little);
  let width = 0;
  let height = 0;
  for (let i = 0; i < entries; i++) {
    const at = directory + 2 + i * 12;
    if (at + 12 > bytes.length) return null;
    const tag = view.getUint16(at, little);
    const type = view.getUint16(at + 2, little);
    // SHORT (3) or LONG (4), one value, held in the entry itself.
    const value = type === 3 ? view.getUint16(at + 8, little) : type === 4 ? view.getUint32(at + 8, little) : 0;
    if (tag === 256) width = value;
    if (tag === 257) height = value;
  }
  return width > 0 && height > 0 ? { width, height } : null;
}
