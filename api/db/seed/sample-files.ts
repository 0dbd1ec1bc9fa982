import { jsPDF } from 'jspdf';
import { PNG } from 'pngjs';
import { labelOf, PURPOSE_LABELS, TYPE_LABELS, type Borehole } from '../../../src/domain/borehole.ts';
import { formatDepth } from '../../../src/domain/format.ts';
import { classifySoil, SOIL_CLASSES } from '../../../src/domain/soil.ts';

type LoggedBorehole = Omit<Borehole, 'has_pdf'>;

const rgb = (hex: string): [number, number, number] => [
  Number.parseInt(hex.slice(1, 3), 16),
  Number.parseInt(hex.slice(3, 5), 16),
  Number.parseInt(hex.slice(5, 7), 16),
];

/**
 * A one-page PDF report of a sample borehole (A4, 36 pt margins): its identity, then a summary of
 * its soil column drawn to scale with each horizon's material, class and thickness. (Its log is
 * drawn by the log template: see sampleLogPdf in seed.ts.)
 */
export function sampleReportPdf(b: LoggedBorehole, title: string): Uint8Array {
  const doc = new jsPDF({ unit: 'pt', format: 'a4' });
  const margin = 36;
  doc.setProperties({ title, subject: b.id, creator: 'GéoSonde (données de démonstration)' });
  doc
    .setFont('helvetica', 'bold')
    .setFontSize(16)
    .text(title, margin, margin + 14);
  doc.setFont('helvetica', 'normal').setFontSize(10);
  const facts = [
    `Projet : ${b.project}`,
    `Site : ${b.site} — ${b.muni}`,
    `Adresse : ${b.addr}`,
    `Date : ${b.date?.slice(0, 10) ?? '—'}   But : ${PURPOSE_LABELS[b.purpose]}   Type : ${TYPE_LABELS[b.type]}`,
    `Méthode : ${labelOf(b.method) || '—'}   Profondeur : ${formatDepth(b.depth)}`,
    `Coordonnées (WGS 84) : ${b.lat?.toFixed(5) ?? '—'}, ${b.lon?.toFixed(5) ?? '—'}`,
  ];
  facts.forEach((line, i) => doc.text(line, margin, margin + 40 + i * 15));

  const top = margin + 150;
  const height = 560;
  const scale = b.depth > 0 ? height / b.depth : 0;
  let y = top;
  doc.setFontSize(9).text('0 m', margin, top - 4);
  for (const horizon of b.horizons) {
    const soil = SOIL_CLASSES[classifySoil(horizon.material)];
    const h = horizon.thickness * scale;
    doc
      .setFillColor(...rgb(soil.colour))
      .setDrawColor(60)
      .rect(margin + 40, y, 60, h, 'FD');
    doc
      .setTextColor(30)
      .text(
        `${formatDepth(horizon.thickness)} · ${horizon.material} (${soil.shortName})`,
        margin + 110,
        y + Math.min(h / 2 + 3, h),
      );
    y += h;
  }
  doc.text(formatDepth(b.depth), margin, y + 12);
  doc
    .setFontSize(8)
    .setTextColor(110)
    .text('Rapport de démonstration généré par GéoSonde.', margin, 842 - margin / 2);
  return new Uint8Array(doc.output('arraybuffer'));
}

/**
 * A PNG stand-in for a core photograph (480 × 320): one band per horizon in its class colour,
 * with a little deterministic grain so that it looks like material, not a chart.
 */
export function corePhotoPng(b: LoggedBorehole): Buffer {
  const png = new PNG({ width: 480, height: 320 });
  const bands = b.horizons.map((horizon) => ({
    colour: rgb(SOIL_CLASSES[classifySoil(horizon.material)].colour),
    share: b.depth > 0 ? horizon.thickness / b.depth : 0,
  }));
  let seed = [...b.id].reduce((sum, c) => sum + c.charCodeAt(0), 0);
  const grain = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31 - 0.5) * 36;
  // Grain in 4 × 4 blocks and steps of 8: texture that still compresses (about 20 KB).
  const blocks = Array.from({ length: (png.width / 4) * (png.height / 4) }, () => Math.round(grain() / 8) * 8);
  for (let x = 0; x < png.width; x++) {
    const position = x / png.width;
    let cumulative = 0;
    const band = bands.find((candidate) => (cumulative += candidate.share) >= position) ?? bands.at(-1);
    const [r, g, bl] = band?.colour ?? [120, 120, 120];
    for (let y = 0; y < png.height; y++) {
      const i = (y * png.width + x) * 4;
      const noise = blocks[Math.floor(y / 4) * (png.width / 4) + Math.floor(x / 4)]!;
      png.data[i] = Math.max(0, Math.min(255, r + noise));
      png.data[i + 1] = Math.max(0, Math.min(255, g + noise));
      png.data[i + 2] = Math.max(0, Math.min(255, bl + noise));
      png.data[i + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}
