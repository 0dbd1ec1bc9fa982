import { parentPort } from 'node:worker_threads';
import { UnreadableFile, wordsOf } from './document-words.ts';
import { openOcr, type OcrReader } from './ocr-words.ts';

/**
 * Reads documents' words in a thread of its own (see documentReader): pdf.js and the drawing of
 * pages take their second here, not on the server's thread; OCR's own thread is started from here
 * and kept for the next document. Answers each document with its words, or why it cannot be read.
 */
let reader: Promise<OcrReader> | null = null;
const ocr = () => (reader ??= openOcr());

parentPort!.on('message', ({ bytes, mime }: { bytes: Uint8Array; mime: string }) => {
  wordsOf(bytes, mime, ocr).then(
    (result) => parentPort!.postMessage({ result }),
    (error: unknown) =>
      parentPort!.postMessage({
        unreadable: error instanceof UnreadableFile ? error.message : null,
        error: error instanceof Error ? error.message : String(error),
      }),
  );
});
