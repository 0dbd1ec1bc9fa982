import { numberFormat } from '../format.ts';

/**
 * What a standard penetration test (AGS 4 group ISPT) gave: its N value, or the refusal that
 * stopped it. A test is a seating drive of 150 mm in two increments (ISPT_INC1–2 blows over
 * ISPT_PEN1–2 mm) then a test drive of 300 mm in four (ISPT_INC3–6 over ISPT_PEN3–6); N is the
 * blows of the test drive. When the hammer stops before the end (50 blows for a test drive is the
 * usual limit), the result is the blows over the millimetres driven: « 50/165 mm ».
 *
 * Files say it in several ways; each is read, the most exact first:
 * - the totals: ISPT_SEAT and ISPT_MAIN blows, ISPT_NPEN mm for both drives;
 * - the increments, INC1–6 and PEN1–6;
 * - the reported result ISPT_REP as engineers write it: « N=12 (2,2/3,3,3,3) »,
 *   « 50 (25 for 95mm/50 for 70mm) », « 25/50 for 20mm », « N>50 (4,5/8,13,18,26 for 25mm) »,
 *   « 50/165 mm », « 50 pour 165 mm ».
 */
export interface SptResult {
  /** The N value (blows over the 300 mm test drive), as written or as read from the increments. */
  n: number | null;
  /** Set when the test stopped short: the blows of the drive that stopped, over its millimetres. */
  refusal: SptRefusal | null;
}
export interface SptRefusal {
  blows: number;
  /** Millimetres driven by those blows; null when the file says only « N>50 ». */
  mm: number | null;
  /** True when the seating drive itself stopped short: the test drive was never done. */
  seating: boolean;
}

const SEATING_MM = 150;
const TEST_DRIVE_MM = 300;
const INCREMENT_MM = 75;

const numberIn = (text: string | undefined): number | null => {
  const trimmed = text?.trim() ?? '';
  if (trimmed === '') return null;
  const value = Number(trimmed.replace(',', '.'));
  return Number.isFinite(value) && value >= 0 ? value : null;
};
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** A drive as ISPT_REP writes it: « 2,3,3,4 », « 26,29,0 for 0mm », « 50 for 70mm », empty. */
interface Drive {
  blows: number | null;
  mm: number | null;
}
function driveIn(text: string): Drive {
  const increments = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (increments.length === 0) return { blows: null, mm: null };
  let mm = 0;
  let blows = 0;
  for (const [i, increment] of increments.entries()) {
    const short = /^(\d+)\s*(?:for|pour|\/)\s*(\d+(?:[.,]\d+)?)\s*mm$/i.exec(increment);
    if (short) {
      blows += Number(short[1]);
      mm += numberIn(short[2])!;
      if (i !== increments.length - 1) return { blows: null, mm: null }; // a short increment ends the drive
    } else if (/^\d+$/.test(increment)) {
      blows += Number(increment);
      mm += INCREMENT_MM;
    } else {
      return { blows: null, mm: null };
    }
  }
  return { blows, mm };
}

/** What ISPT_REP says: its N (« N=12 », « N>50 », a leading number) and its two drives. */
function reported(text: string) {
  const rep = text.trim();
  const nMatch = /^N\s*(=|>|≥)\s*(\d+)/i.exec(rep) ?? /^(=?)(\d+)\b(?!\s*(?:\/|for|pour|mm))/i.exec(rep);
  const n = nMatch ? Number(nMatch[2]) : null;
  const above = nMatch?.[1] === '>' || nMatch?.[1] === '≥';
  // « 50/165 mm », « N=50/75mm »: the blows of the test drive over its millimetres, nothing else.
  const plain = /^(?:N\s*[=>]\s*)?(\d+)\s*\/\s*(\d+(?:[.,]\d+)?)\s*mm$/i.exec(rep);
  if (plain) return { n: null, above: false, seat: null, main: { blows: Number(plain[1]), mm: numberIn(plain[2]) } };
  // « 50 for 165mm » alone: the test drive.
  const lone = /^(\d+)\s*(?:for|pour)\s*(\d+(?:[.,]\d+)?)\s*mm$/i.exec(rep);
  if (lone) return { n: null, above: false, seat: null, main: { blows: Number(lone[1]), mm: numberIn(lone[2]) } };
  // The drives, in brackets after the N (« N=12 (2,2/3,3,3,3) ») or alone (« 25/50 for 20mm »).
  const drives = /\(([^()]*)\)/.exec(rep)?.[1] ?? (/^[\d\s,]+\/[^/]*$/.test(rep) ? rep : null);
  if (drives === null || !drives.includes('/')) return { n, above, seat: null, main: null };
  const [seatText, mainText] = drives.split('/', 2) as [string, string];
  return { n, above, seat: driveIn(seatText), main: driveIn(mainText) };
}

/**
 * Reads one ISPT row: `nValue` is ISPT_NVAL as a number, `fields` every field of the row by heading.
 *
 * @example sptResult(null, { ISPT_MAIN: '50', ISPT_NPEN: '315', ISPT_REP: '50 (25 for 150mm/50 for 165mm)' })
 *   // { n: null, refusal: { blows: 50, mm: 165, seating: false } }
 */
export function sptResult(nValue: number | null, fields: Record<string, string>): SptResult {
  const inc = (i: number) => numberIn(fields[`ISPT_INC${i}`]);
  const pen = (i: number) => numberIn(fields[`ISPT_PEN${i}`]);
  const rep = reported(fields.ISPT_REP ?? '');
  const total = numberIn(fields.ISPT_NPEN);
  const seatPens = [1, 2].map(pen).filter((value) => value !== null);
  const mainIncrements = [3, 4, 5, 6].filter((i) => inc(i) !== null);

  // The test drive's blows, then its millimetres: the totals, the report, the increments, in turn.
  const mainBlows =
    numberIn(fields.ISPT_MAIN) ??
    rep.main?.blows ??
    (mainIncrements.length ? sum(mainIncrements.map(inc) as number[]) : null);
  const seatMm = seatPens.length ? sum(seatPens) : (rep.seat?.mm ?? null);
  const mainMm =
    (total !== null && seatMm !== null ? Math.max(0, total - seatMm) : null) ??
    rep.main?.mm ??
    (mainIncrements.length ? sum(mainIncrements.map((i) => pen(i) ?? INCREMENT_MM)) : null) ??
    (total !== null ? Math.max(0, total - SEATING_MM) : null);

  const n = nValue ?? (rep.above ? null : rep.n);
  if (mainBlows === null) {
    // No test drive: the seating drive may have stopped short (its 150 mm not reached).
    const seatIncrements = [1, 2].map(inc).filter((value) => value !== null);
    const seatBlows =
      numberIn(fields.ISPT_SEAT) ?? rep.seat?.blows ?? (seatIncrements.length ? sum(seatIncrements) : null);
    if (seatBlows !== null && seatMm !== null && seatMm < SEATING_MM) {
      return { n: null, refusal: { blows: seatBlows, mm: seatMm, seating: true } };
    }
  }
  // A test drive short of its 300 mm; its blows may be written only as the N value.
  const blows = mainBlows ?? n;
  if (blows !== null && mainMm !== null && mainMm < TEST_DRIVE_MM) {
    return { n, refusal: { blows, mm: mainMm, seating: false } };
  }
  if (n === null && rep.above && rep.n !== null)
    return { n: null, refusal: { blows: rep.n, mm: null, seating: false } };
  return { n: n ?? (mainMm !== null && mainMm >= TEST_DRIVE_MM ? mainBlows : null), refusal: null };
}

const wholeNumber = numberFormat({ maximumFractionDigits: 0 });
const oneDecimal = numberFormat({ maximumFractionDigits: 1 });

/** The result as the log, the record and the API say it: « 12 », « 50/165 mm », « > 50 », « — ». */
export function sptText({ n, refusal }: SptResult): string {
  if (refusal) {
    const text = refusal.mm === null ? `> ${refusal.blows}` : `${refusal.blows}/${wholeNumber.format(refusal.mm)} mm`;
    return refusal.seating ? `${text} (amorçage)` : text;
  }
  return n === null ? '—' : oneDecimal.format(n);
}
