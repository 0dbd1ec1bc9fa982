import { jsPDF } from 'jspdf';
import { autoTable } from 'jspdf-autotable';
import type { PrintedTable } from './export-table.ts';

/** The page margin, in points, on every side. */
const MARGIN = 36;
const TOTAL_PAGES = '{total}';

/** An A4 landscape PDF: a title, a subtitle, then the table, its heading repeated on each page. */
export function writePdf({ title, subtitle, headings, body }: PrintedTable): Blob {
  const doc = new jsPDF({ orientation: 'landscape', unit: 'pt', format: 'a4' });
  doc.setProperties({ title, creator: 'GéoSonde' });
  doc
    .setFont('helvetica', 'bold')
    .setFontSize(14)
    .text(title, MARGIN, MARGIN + 10);
  doc
    .setFont('helvetica', 'normal')
    .setFontSize(9)
    .setTextColor(80)
    .text(subtitle, MARGIN, MARGIN + 26);
  autoTable(doc, {
    head: [[...headings]],
    body: body.map((row) => [...row]),
    startY: MARGIN + 38,
    margin: { top: MARGIN, right: MARGIN, bottom: MARGIN + 12, left: MARGIN },
    styles: { font: 'helvetica', fontSize: 7, cellPadding: 3, overflow: 'linebreak' },
    headStyles: { fillColor: [21, 64, 104], textColor: 255 },
    alternateRowStyles: { fillColor: [243, 246, 249] },
    didDrawPage: ({ pageNumber }) => {
      const { width, height } = doc.internal.pageSize;
      doc.setFontSize(8).setTextColor(110);
      doc.text(`Page ${pageNumber} / ${TOTAL_PAGES}`, width - MARGIN, height - MARGIN / 2, { align: 'right' });
    },
  });
  doc.putTotalPages(TOTAL_PAGES);
  return doc.output('blob');
}
