import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * Opens a PDF with pdf.js as the server reads every PDF — no fonts loaded into the page, no console
 * notes — hands it to `use`, and frees it whatever happens. pdf.js takes the buffer over: it gets
 * a copy, and the caller keeps its bytes.
 */
export async function withPdf<T>(bytes: Uint8Array, use: (document: PDFDocumentProxy) => Promise<T>): Promise<T> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = getDocument({ data: new Uint8Array(bytes), disableFontFace: true, verbosity: 0 });
  try {
    return await use(await task.promise);
  } finally {
    await task.destroy();
  }
}
