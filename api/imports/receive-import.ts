import busboy from 'busboy';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { sanitizeFileName, sizeLimitText } from '../../src/domain/upload.ts';
import { UploadRefusal } from '../files/receive-upload.ts';

/** A file sent to import, read into memory (it is parsed whole), with the options sent beside it. */
export interface ImportUpload {
  name: string;
  bytes: Uint8Array;
  /** The coordinate system chosen for coordinates the file does not place ('' when none). */
  crs: string;
  /** The tenant an administrator imports for ('' for the user's own). */
  tenant: string;
}

const UNREADABLE = 'Envoi illisible : le formulaire multipart est mal formé.';

/**
 * Reads the multipart body of an import: one file in `file`, and the optional field `crs`. A file
 * over `maxBytes` is refused as soon as it is (413), an empty one too (400); nothing is kept here.
 */
export async function receiveImport(
  body: ReadableStream<Uint8Array> | null,
  contentType: string | undefined,
  maxBytes: number,
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
  const received: { file: Promise<{ name: string; bytes: Uint8Array }> | null } = { file: null };
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
      const chunks: Uint8Array[] = [];
      for await (const chunk of stream as AsyncIterable<Uint8Array>) chunks.push(chunk);
      if ((stream as { truncated?: boolean }).truncated) {
        throw new UploadRefusal(413, `« ${name} » dépasse la taille maximale de ${sizeLimitText(maxBytes)}.`);
      }
      const bytes = Buffer.concat(chunks);
      if (bytes.length === 0) throw new UploadRefusal(400, `« ${name} » est vide.`);
      return { name, bytes };
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
  if (refusal) throw refusal;
  if (!received.file) throw new UploadRefusal(400, 'Aucun fichier reçu : ajoutez le fichier à importer.');
  return { ...(await received.file), ...fields };
}
