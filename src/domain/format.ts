const BYTES_PER_KB = 1024;
const BYTES_PER_MB = 1024 * 1024;

/**
 * Numbers as the product writes them for people: Québec French's decimal comma, and a narrow
 * no-break space (U+202F) between thousands, as French typography sets them (Intl's fr-CA puts a
 * full no-break space there). Codes, files for other tools and the API keep their own formats.
 *
 * @example numberFormat().format(1234567.5) // '1 234 567,5', the spaces narrow
 */
export function numberFormat(options: Intl.NumberFormatOptions = {}): { format: (value: number) => string } {
  const intl = new Intl.NumberFormat('fr-CA', options);
  return { format: (value) => intl.format(value).replaceAll('\u00a0', '\u202f') };
}

const oneDecimal = numberFormat({ minimumFractionDigits: 1, maximumFractionDigits: 1 });

const grouped = numberFormat();

/**
 * A count with its noun, plural from 2 up as in French, its thousands apart (a narrow no-break space).
 *
 * @example countOf(1, 'forage') // '1 forage'
 * @example countOf(1000030, 'forage') // '1 000 030 forages'
 */
export const countOf = (count: number, noun: string) => `${grouped.format(count)} ${noun}${count > 1 ? 's' : ''}`;

/**
 * A count with its words, singular or plural as French writes them (0 and 1 singular).
 *
 * @example countWith(9, 'forage créé', 'forages créés') // '9 forages créés'
 */
export const countWith = (count: number, one: string, many: string) =>
  `${grouped.format(count)} ${count > 1 ? many : one}`;

/** A value to show, or a dash when it is missing. */
export const orDash = (value: string | null | undefined) => value || '—';

/**
 * A file size for people: in Mo from 1 Mo up, else in Ko, with one decimal, in French.
 *
 * @example formatSize(839_680) // '820,0 Ko'
 */
export function formatSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—';
  if (bytes >= BYTES_PER_MB) return `${oneDecimal.format(bytes / BYTES_PER_MB)} Mo`;
  return `${oneDecimal.format(bytes / BYTES_PER_KB)} Ko`;
}

/** Bytes in megabytes with one decimal and no unit, in French: '12,3'. */
export const megabytes = (bytes: number) => oneDecimal.format(bytes / BYTES_PER_MB);

/**
 * A depth or thickness: one decimal and ' m', in French.
 *
 * @example formatDepth(12.34) // '12,3 m'
 */
export function formatDepth(metres: number | null | undefined): string {
  if (typeof metres !== 'number' || !Number.isFinite(metres)) return '—';
  return `${oneDecimal.format(metres)} m`;
}

/** A range of depths, as the map's popup, the record and the log write it: « 3,0–6,0 m ». */
export function formatDepthRange(top: number, base: number): string {
  return `${formatDepth(top).replace(' m', '')}–${formatDepth(base)}`;
}

const fiveDecimals = numberFormat({
  minimumFractionDigits: 5,
  maximumFractionDigits: 5,
  useGrouping: false,
});

/**
 * A latitude or longitude with 5 decimals, for a person to read: a decimal comma, as every number
 * the product shows (the exports for GIS tools and the API keep the point).
 *
 * @example formatCoordinate(45.585) // '45,58500'
 */
export function formatCoordinate(degrees: number | null | undefined): string {
  if (typeof degrees !== 'number' || !Number.isFinite(degrees)) return '—';
  return fiveDecimals.format(degrees);
}

/**
 * An ISO date cut to its first 10 characters (YYYY-MM-DD).
 *
 * @example formatDate('2023-06-14T10:00:00Z') // '2023-06-14'
 */
export function formatDate(iso: string | null | undefined): string {
  return iso ? iso.slice(0, 10) : '—';
}

/**
 * A moment as people in Québec read it, to the minute, with its time zone.
 *
 * @example formatMoment(1795000000) // '18 novembre 2026 à 06 h 06 HNE'
 */
export function formatMoment(epochSeconds: number): string {
  const at = new Date(epochSeconds * 1000);
  const zone = { timeZone: 'America/Toronto' } as const;
  const day = at.toLocaleString('fr-CA', { ...zone, dateStyle: 'long', timeStyle: 'short' });
  const name = new Intl.DateTimeFormat('fr-CA', { ...zone, timeZoneName: 'short' })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value;
  return name ? `${day} ${name}` : day;
}

/** Today's date in Québec (AAAA-MM-JJ): the day a document or an export is dated. */
export const todayInQuebec = () => new Date().toLocaleDateString('en-CA', { timeZone: 'America/Toronto' });
