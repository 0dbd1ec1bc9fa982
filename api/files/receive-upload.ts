import busboy from 'busboy';
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import {
  MAX_UPLOAD_FILES,
  sanitizeFileName,
  sizeLimitText,
  SNIFF_BYTES,
  sniffDocument,
  type DocumentType,
} from '../../src/domain/upload.ts';
import { storageProblem } from '../storage-errors.ts';
import type { FileStore } from './file-store.ts';

/** A file of an upload, kept in the store. */
export interface ReceivedFile {
  name: string;
  type: DocumentType;
  key: string;
  size: number;
  /** SHA-256 of its bytes, hex: the same file twice on one borehole is told apart by it. */
  sha256: string;
}

/** Why an upload was refused: an HTTP status and one French sentence. */
export class UploadRefusal extends Error {
  readonly status: 400 | 409 | 413 | 415 | 422 | 507;
  constructor(status: 400 | 409 | 413 | 415 | 422 | 507, message: string) {
    super(message);
    this.status = status;
  }
}

const UNREADABLE = 'Envoi illisible : le formulaire multipart est mal formé.';

/**
 * Streams the files of a multipart body (field `file`, one or more) into the store as they
 * arrive: each is recognised by its first bytes, counted against `maxBytes` while it streams,
 * and staged under a random key (the caller commits the files once their rows are written). All or nothing: on the first refusal or failure every file
 * already kept is removed, and the refusal is thrown.
 */
export async function receiveUpload(
  body: ReadableStream<Uint8Array> | null,
  contentType: string | undefined,
  { files, maxBytes }: { files: FileStore; maxBytes: number },
): Promise<ReceivedFile[]> {
  if (!body || !contentType || !/^multipart\/form-data\s*;/i.test(contentType)) {
    throw new UploadRefusal(415, 'Envoyez les fichiers en multipart/form-data, dans le champ « file ».');
  }
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      // Browsers send file names in UTF-8 (busboy would read them as Latin-1).
      defParamCharset: 'utf8',
      limits: {
        // Busboy counts a part that reaches its limit as cut: one byte more, so that a file of
        // exactly `maxBytes` is accepted and one byte over is refused.
        fileSize: maxBytes + 1,
        files: MAX_UPLOAD_FILES,
        fields: 10,
        fieldSize: 1024,
        parts: MAX_UPLOAD_FILES + 10,
      },
    });
  } catch {
    throw new UploadRefusal(400, UNREADABLE);
  }

  const writes: Promise<ReceivedFile>[] = [];
  const refusals: UploadRefusal[] = [];
  const refuse = (reason: UploadRefusal) => refusals.push(reason);
  parser.on('file', (field, stream, info) => {
    // A broken part fails the whole form too (below); its own error must not go unheard.
    stream.on('error', () => undefined);
    if (refusals.length > 0 || field !== 'file') {
      if (field !== 'file')
        refuse(new UploadRefusal(400, `Champ inattendu « ${field.slice(0, 40)} » : les fichiers vont dans « file ».`));
      stream.resume();
      return;
    }
    const write = store(stream, sanitizeFileName(info.filename ?? ''), files, maxBytes);
    write.catch((error: unknown) => refuse(asRefusal(error)));
    writes.push(write);
  });
  parser.on('filesLimit', () => refuse(new UploadRefusal(400, `Au plus ${MAX_UPLOAD_FILES} fichiers par envoi.`)));
  parser.on('partsLimit', () => refuse(new UploadRefusal(400, UNREADABLE)));

  try {
    await pipeline(Readable.fromWeb(body as WebReadableStream<Uint8Array>), parser);
  } catch {
    refuse(new UploadRefusal(400, UNREADABLE));
  }
  const results = await Promise.allSettled(writes);
  const received = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  if (received.length === 0) refuse(new UploadRefusal(400, 'Aucun fichier reçu : ajoutez au moins un document.'));
  const [refusal] = refusals;
  if (refusal) {
    await Promise.all(received.map((file) => files.remove(file.key)));
    throw refusal;
  }
  return received;
}

/** Why a file could not be kept: its own refusal, a storage failure (507), or a broken form. */
export function asRefusal(error: unknown): UploadRefusal {
  if (error instanceof UploadRefusal) return error;
  const storage = storageProblem(error);
  if (storage) {
    console.error(`507 : envoi refusé, ${(error as Error).message}`);
    return new UploadRefusal(507, storage);
  }
  return new UploadRefusal(400, UNREADABLE);
}

/** Keeps one file part: its type from its first bytes, its size checked as it streams. */
async function store(
  stream: Readable & { truncated?: boolean },
  name: string,
  files: FileStore,
  maxBytes: number,
): Promise<ReceivedFile> {
  let type: DocumentType | null = null;
  const hash = createHash('sha256');
  async function* hashed(): AsyncGenerator<Uint8Array> {
    for await (const chunk of checked()) {
      hash.update(chunk);
      yield chunk;
    }
  }
  async function* checked(): AsyncGenerator<Uint8Array> {
    let head: Uint8Array = new Uint8Array(0);
    // Not destroyed on a refusal: the parser must read the part to its end (drained below).
    for await (const chunk of stream.iterator({ destroyOnReturn: false }) as AsyncIterable<Uint8Array>) {
      if (!type) {
        head = concat(head, chunk);
        if (head.length < SNIFF_BYTES) continue;
        type = accepted(head, name);
        yield head;
        continue;
      }
      yield chunk;
    }
    if (stream.truncated) {
      throw new UploadRefusal(413, `« ${name} » dépasse la taille maximale de ${sizeLimitText(maxBytes)} par fichier.`);
    }
    if (!type) {
      if (head.length === 0) throw new UploadRefusal(400, `« ${name} » est vide.`);
      type = accepted(head, name);
      yield head;
    }
  }
  try {
    const { key, size } = await files.stage(hashed());
    return { name, type: type!, key, size, sha256: hash.digest('hex') };
  } finally {
    stream.resume();
  }
}

function accepted(head: Uint8Array, name: string): DocumentType {
  const type = sniffDocument(head);
  if (!type) throw new UploadRefusal(415, `« ${name} » n’est ni un PDF, ni une image PNG, JPEG ou TIFF.`);
  return type;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a);
  joined.set(b, a.length);
  return joined;
}
