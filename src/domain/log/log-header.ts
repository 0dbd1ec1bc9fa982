import { methodText } from '../ags/hole-types.ts';
import { shieldPath, type TenantEmblem } from '../tenants.ts';
import type { BoreholeLog } from './borehole-log.ts';
import { COLUMNS, HEADER, HEADS, MARGIN, PLOT_MAX_N, twoDecimals, WIDTH, type Column } from './log-frame.ts';
import type { Shape } from './sheet.ts';
import { ellipsis, fittingSize, textWidth } from './text-width.ts';
import { formatDepthRange, numberFormat } from '../format.ts';

export const LOCATION_CONFIDENCE_LABELS: Record<string, string> = {
  surveyed: 'levée',
  converted: 'convertie',
  approximate: 'approximative',
  unknown: 'inconnue',
};

const degrees = numberFormat({ minimumFractionDigits: 5, maximumFractionDigits: 5 });
const oneDecimal = numberFormat({ minimumFractionDigits: 1, maximumFractionDigits: 1 });

/**
 * The name a borehole goes by: its LOCA_ID in its project (« BH05 · Élargissement A-40 »), as
 * people know it. The key GéoSonde gives it when another project has a BH05 (`BH05-087F6E`) is
 * the address's business, not the name's.
 */
export function boreholeName(log: Pick<BoreholeLog, 'id' | 'locaId' | 'project'>): string {
  const id = log.locaId ?? log.id;
  return log.project ? `${id} · ${log.project}` : id;
}

/** The width of the tenant's emblem in the header, in millimetres. */
const EMBLEM = 9;

/** A tenant's emblem on the sheet: the shield and its initials, `EMBLEM` wide from (x, y). */
function emblemShapes(emblem: TenantEmblem | null, x: number, y: number): Shape[] {
  if (!emblem) return [];
  return [
    {
      kind: 'group',
      className: 'log-emblem',
      title: 'Emblème de l’organisation',
      shapes: [
        { kind: 'path', d: shieldPath(x, y, EMBLEM), fill: '#fff', stroke: emblem.colour, strokeWidth: 0.3 },
        { kind: 'path', d: shieldPath(x, y, EMBLEM, true), fill: emblem.colour, stroke: 'none', strokeWidth: 0 },
        {
          kind: 'text',
          x: x + EMBLEM / 2,
          y: y + EMBLEM * (20.5 / 30),
          size: emblem.initials.length > 1 ? 2.8 : 3.6,
          anchor: 'middle',
          bold: true,
          fill: '#fff',
          lines: [emblem.initials],
        },
      ],
    },
  ];
}

/** The water the log shows, in words as well as by its symbols: what a reader (and OCR) can read. */
function waterLine(log: BoreholeLog): string {
  const seen = [
    ...log.waterStrikes.map((depth) => `venue d’eau à ${twoDecimals.format(depth)} m`),
    ...log.standingLevels.map((depth) => `niveau stabilisé à ${twoDecimals.format(depth)} m`),
  ];
  const screen = log.screen ? ` — Crépine : ${formatDepthRange(log.screen.top, log.screen.base)}` : '';
  return `Eau : ${seen.length ? seen.join(' — ') : 'aucune observation'}${screen}`;
}

/**
 * The header: the log's title (the borehole's name), the organisation that signs it with its
 * emblem, the scale and page, then a line each for the project, position, ground and depth, dates
 * and method, and water. Each text fits its place: smaller when it must, then cut with « … ».
 */
export function header(log: BoreholeLog, scale: number, page: { number: number; total: number } | null): Shape[] {
  const lines = [
    `Projet : ${log.project}${log.site && log.site !== log.project ? ` — ${log.site}` : ''}`,
    log.lat !== null && log.lon !== null
      ? `Coordonnées : ${degrees.format(Math.abs(log.lat))} ${log.lat >= 0 ? 'N' : 'S'}, ` +
        `${degrees.format(Math.abs(log.lon))} ${log.lon >= 0 ? 'E' : 'O'} (WGS 84)` +
        (log.original && log.original.crs !== 'EPSG:4326'
          ? ` — X ${oneDecimal.format(log.original.x)}, Y ${oneDecimal.format(log.original.y)} (${log.original.crs})`
          : '')
      : 'Coordonnées : inconnues',
    `Position : ${LOCATION_CONFIDENCE_LABELS[log.locationConfidence] ?? log.locationConfidence}` +
      ` — Élévation du terrain : ${log.groundLevel === null ? 'inconnue' : `${twoDecimals.format(log.groundLevel)} m`}` +
      ` — Profondeur finale : ${twoDecimals.format(log.depth)} m`,
    `Début : ${log.date ?? 'inconnu'} — Fin : ${log.endDate ?? 'inconnue'} — Méthode : ${methodText(log.method, log.holeType) || 'inconnue'}`,
    waterLine(log),
  ];
  const top = MARGIN;
  const left = MARGIN + 3;
  const right = WIDTH - MARGIN - 3;
  // The organisation signs beside its emblem, on at most 70 mm; the title takes what is left.
  const signature = log.emblem ? right - EMBLEM - 2 : right;
  const organisation = ellipsis(log.organisation, 70, 3);
  const scaleLine = `Échelle 1:${scale}${page ? ` — page ${page.number} sur ${page.total}` : ''}`;
  const titleWidth = signature - Math.max(textWidth(organisation, 3), textWidth(scaleLine, 2.6)) - 4 - left;
  const title = `Journal de forage ${boreholeName(log)}`;
  const titleSize = fittingSize(title, titleWidth, 5, 3.6, true);
  const lineSize = (line: string) => fittingSize(line, right - left, 2.8, 2.2);
  return [
    {
      kind: 'rect',
      x: MARGIN,
      y: top,
      width: WIDTH - 2 * MARGIN,
      height: HEADER - 2,
      stroke: '#222',
      strokeWidth: 0.3,
    },
    {
      kind: 'text',
      className: 'log-title',
      x: left,
      y: top + 7,
      size: titleSize,
      bold: true,
      lines: [ellipsis(title, titleWidth, titleSize, true)],
    },
    ...emblemShapes(log.emblem ?? null, right - EMBLEM, top + 2.5),
    { kind: 'text', x: signature, y: top + 7, size: 3, anchor: 'end', lines: [organisation] },
    { kind: 'text', x: signature, y: top + 11.5, size: 2.6, anchor: 'end', lines: [scaleLine] },
    ...lines.map((line, i): Shape => {
      const size = lineSize(line);
      return { kind: 'text', x: left, y: top + 14 + i * 5, size, lines: [ellipsis(line, right - left, size)] };
    }),
  ];
}

/** The columns' headings, each within its column. */
export function columnHeads(): Shape[] {
  const top = MARGIN + HEADER;
  const heads: [Column, string][] = [
    ['depth', 'Prof. (m)'],
    ['elevation', 'Élév. (m)'],
    ['soil', 'Sol'],
    ['description', 'Description'],
    ['samples', 'Échant.'],
    ['spt', 'SPT N'],
    ['plot', `N (0 à ${PLOT_MAX_N})`],
    ['rqd', 'RQD %'],
  ];
  return heads.flatMap(([column, label]): Shape[] => {
    const [left, right] = COLUMNS[column];
    const size = fittingSize(label, right - left - 1, 2.3, 1.6, true);
    return [
      { kind: 'rect', x: left, y: top, width: right - left, height: HEADS, fill: '#eef1f4', stroke: '#222' },
      { kind: 'text', x: (left + right) / 2, y: top + 5, size, bold: true, anchor: 'middle', lines: [label] },
    ];
  });
}
