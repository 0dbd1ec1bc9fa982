import { Unzip, UnzipInflate } from 'fflate';
import { UploadRefusal } from '../files/receive-upload.ts';

/** What a ZIP may unpack to: more is a zip bomb, or not a borehole data submission. */
export const ZIP_LIMITS = { totalBytes: 200 * 1024 * 1024, entries: 2_000 };

/** Entries that archivers add and nobody sent. */
const LITTER = /(^|\/)(__MACOSX\/|\.DS_Store$|Thumbs\.db$)/;

/**
 * A path inside a ZIP as '/'-separated parts, or a refusal: no absolute path, drive letter, '..'
 * part or control character, so that no entry can name a place outside the submission.
 */
function safePath(name: string): string {
  const path = name.replaceAll('\\', '/');
  const unsafe =
    path.startsWith('/') ||
    /^[A-Za-z]:/.test(path) ||
    path.split('/').some((part) => part === '..') ||
    // eslint-disable-next-line no-control-regex
    /[\u0000-\u001f\u007f]/.test(path) ||
    !path.isWellFormed();
  if (unsafe) {
    throw new UploadRefusal(400, `ZIP refusé : le chemin « ${path.toWellFormed().slice(0, 120)} » sort de l’envoi.`);
  }
  return path;
}

/**
 * The files of a ZIP by path, read in memory. The bytes are counted as they are inflated — the
 * sizes an archive declares are not trusted — and reading stops as soon as they pass the limits.
 * Folders and archivers' litter (__MACOSX, .DS_Store) are left out.
 */
export function readZip(bytes: Uint8Array, limits = ZIP_LIMITS): Map<string, Uint8Array> {
  const files = new Map<string, Uint8Array>();
  let total = 0;
  let entries = 0;
  let refusal: UploadRefusal | null = null;
  const unzip = new Unzip();
  unzip.register(UnzipInflate);
  unzip.onfile = (file) => {
    if (refusal) return;
    if (++entries > limits.entries) {
      refusal = new UploadRefusal(413, `ZIP refusé : plus de ${limits.entries} fichiers.`);
      return;
    }
    const path = safePath(file.name);
    if (path.endsWith('/') || LITTER.test(path)) return;
    if (files.has(path)) throw new UploadRefusal(400, `ZIP refusé : « ${path} » y figure deux fois.`);
    const chunks: Uint8Array[] = [];
    file.ondata = (error, chunk, final) => {
      if (refusal) return;
      if (error) {
        refusal = new UploadRefusal(400, `ZIP illisible : « ${path} » est abîmé.`);
        return;
      }
      total += chunk.length;
      if (total > limits.totalBytes) {
        refusal = new UploadRefusal(
          413,
          `ZIP refusé : son contenu dépasse ${Math.round(limits.totalBytes / 1024 / 1024)} Mo une fois décompressé.`,
        );
        file.terminate();
        return;
      }
      chunks.push(chunk);
      if (final) files.set(path, Buffer.concat(chunks));
    };
    file.start();
  };
  try {
    // Fed in slices, so that a bomb stops after a slice, not after the whole archive is inflated.
    const SLICE = 16 * 1024;
    for (let at = 0; at < bytes.length && !refusal; at += SLICE) {
      unzip.push(bytes.subarray(at, at + SLICE), at + SLICE >= bytes.length);
    }
  } catch (error) {
    if (error instanceof UploadRefusal) throw error;
    refusal ??= new UploadRefusal(400, 'ZIP illisible : l’archive est abîmée ou utilise un format non pris en charge.');
  }
  if (refusal) throw refusal;
  return files;
}
