import { PDFDocument } from '@napi-rs/canvas';
import type { Sheet } from '../../src/domain/log/sheet.ts';
import { pageOf } from '../files/log-pdf.ts';

/** A section's sheet as a one-page vector PDF, its text selectable (the logs' embedded typeface). */
export function sectionPdf(sheet: Sheet): Buffer {
  const document = new PDFDocument({
    title: sheet.title,
    subject: sheet.description,
    creator: 'GéoSonde',
    producer: 'GéoSonde',
  });
  pageOf(document, sheet);
  return document.close();
}
