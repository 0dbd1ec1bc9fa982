import busboy from 'busboy';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { sanitizeFileName, sizeLimitText } from '../../src/domain/upload.ts';
import type { FileStore } from '../files/file-store.ts';
import { asRefusal, UploadRefusal } from '../files/receive-upload.ts';

/** A file sent to import, written to the store as it came (staged), with the options sent beside it. */
export interface ImportUpload {
  name: string;
  /** The staged file (FileStore.stage): the caller's to commit or remove. */
  staged: { key: string; size: number };
  /** The coordinate system chosen for coordinates the file does not place ('' when none). */
  crs: string;
  /** The tenant an administrator imports for ('' for the user's own). */
  tenant: string;
}

const UNREADABLE = 'Envoi illisible : le formulaire multipart est mal formé.';

/**
 * Reads the multipart body of an import: one file in `file`, streamed to a staged file of `files`
 * (never whole in memory: the thread that answers requests only passes its chunks on), and the
 * optional fields `crs` and `tenant`. A file over `maxBytes` is refused as soon as it is (413), an
 * empty one too (400); a refused upload leaves nothing behind.
 */
export async function receiveImport(
  body: ReadableStream<Uint8Array> | null,
  contentType: string | undefined,
  maxBytes: number,
  files: FileStore,
): Promise<ImportUpload> {
  if (!body || !contentType || !/^multipart\/form-data\s*;/i.test(contentType)) {
    throw new UploadRefusal(415, 'Envoyez le fichier en multipart/form-data, dans le champ « file ».');
  }
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      defParamCharset: 'utf8',
      limits: { fileSize: maxBytes + 1, files: 1, fields: 5, fieldSize: 200, parts: 6 },
    });
  } catch {
    throw new UploadRefusal(400, UNREADABLE);
  }
  let refusal: UploadRefusal | null = null;
  // Filled in by the parser's callbacks (a holder, so that the type checker does not narrow it).
  const received: { file: Promise<{ name: string; staged: { key: string; size: number } }> | null } = { file: null };
  const fields = { crs: '', tenant: '' };
  parser.on('field', (name, value) => {
    if (name === 'crs' || name === 'tenant') fields[name] = value.trim();
  });
  parser.on('file', (field, stream, info) => {
    stream.on('error', () => undefined);
    if (field !== 'file' || received.file) {
      refusal ??= new UploadRefusal(400, 'Un seul fichier par import, dans le champ « file ».');
      stream.resume();
      return;
    }
    const name = sanitizeFileName(info.filename ?? '');
    const file = (async () => {
      const staged = await files.stage(stream as AsyncIterable<Uint8Array>);
      if ((stream as { truncated?: boolean }).truncated || staged.size === 0) {
        await files.remove(staged.key);
        throw staged.size === 0
          ? new UploadRefusal(400, `« ${name} » est vide.`)
          : new UploadRefusal(413, `« ${name} » dépasse la taille maximale de ${sizeLimitText(maxBytes)}.`);
      }
      return { name, staged };
    })();
    file.catch(() => undefined);
    received.file = file;
  });
  parser.on('filesLimit', () => (refusal ??= new UploadRefusal(400, 'Un seul fichier par import.')));
  parser.on('partsLimit', () => (refusal ??= new UploadRefusal(400, UNREADABLE)));
  try {
    await pipeline(Readable.fromWeb(body as WebReadableStream<Uint8Array>), parser);
  } catch {
    refusal ??= new UploadRefusal(400, UNREADABLE);
  }
  // The file is waited for even when the upload is refused, so that what it staged is removed.
  const file = await received.file?.catch((error: unknown) => {
    refusal ??= asRefusal(error); // a full disk is a 507
    return null;
  });
  if (refusal) {
    if (file) await files.remove(file.staged.key);
    throw refusal;
  }
  if (!file) throw new UploadRefusal(400, 'Aucun fichier reçu : ajoutez le fichier à importer.');
  return { ...file, ...fields };
}
