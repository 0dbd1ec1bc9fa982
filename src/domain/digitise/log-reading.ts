import type { SoilClass } from '../soil.ts';
import type { Box } from './words.ts';

/** A value read on a page, with where it was read: what the checking screen draws a box around. */
export interface Read<T> {
  value: T;
  page: number;
  box: Box;
}

export interface ReadLayer {
  top: number;
  base: number;
  description: Read<string>;
  /** The code written before the description, in brackets (`[CL]`), or ''. */
  legend: string;
  soil: SoilClass;
  /** The base's label, when the log writes one. */
  baseLabel: Read<number> | null;
}

/** What a log's pages say, each value with its page and box; null (or empty) where nothing was read. */
export interface LogReading {
  boreholeId: Read<string> | null;
  /** The day drilling began, as YYYY-MM-DD. */
  date: Read<string> | null;
  /** As written: latitude / longitude (EPSG:4326, x the longitude) or a projected system's X, Y. */
  coordinates: Read<{ crs: string; x: number; y: number }> | null;
  groundLevel: Read<number> | null;
  finalDepth: Read<number> | null;
  layers: ReadLayer[];
  spt: { depth: number; n: Read<number> }[];
  /** Samples by their label (« CF 3 »: type and number) and the depth where they start. */
  samples: { depth: number; label: Read<string> }[];
  /** Depths of water struck while drilling, and of water levels once steady, as written. */
  water: { strikes: Read<number>[]; levels: Read<number>[] };
}

/** Three letters in a row: a word, not a number or a mark. */
export const LETTERS = /\p{L}{3,}/u;

/**
 * The words that end a log, said of the hole or of its end: « Fin du forage », « Fond du trou »,
 * « Arrêt du sondage », « Forage terminé », « Sondage arrêté », « Puits complété », « End of
 * borehole », « Bottom of hole », « Bottom of boring », « Borehole terminated », « Boring terminated »,
 * « Hole completed ». A hyphen or a point may stand
 * for a space (« Fin-du sondage », « FIN.DU SONDAGE » as OCR may read it). Shared by the end of the descriptions and the header's depth.
 */
export const END_WORDS = String.raw`(?:fin[\s.-]+(?:du|de\s+la|de\s+l['’]|de)[\s.-]*(?:forage|sondage|trou|puits|exploration|excavation|carottage|tari[èe]re)|fond[\s.-]+du[\s.-]+(?:trou|forage|sondage)|arr[êe]t[\s.-]+du[\s.-]+(?:forage|sondage)|(?:forage|sondage|trou|puits|carottage|excavation)[\s.-]+(?:termin|arr[êe]t|compl[ée]t|abandonn)[ée]e?|(?:end|bottom)[\s.-]+of[\s.-]+(?:(?:bore)?hole|boring)|(?:(?:bore)?hole|boring)[\s.-]+(?:terminated|completed|ended))`;

/** The phrase that ends a log, not a layer's description: END_WORDS, or « Refus à la tarière ». */
const END_OF_HOLE = new RegExp(String.raw`^(?:${END_WORDS}|refus\b)`, 'i');

/** Letters and marks a scan reads in a symbol's hatching (« oooOO oO0O0OOQ »), not a word. */
const HATCHING = /[oO0QDcCeé°·•.,:;'"_=~/\\|xX+*#-]/g;

/** True when a text is a symbol's hatching read as letters: four marks or more, nearly all of HATCHING. */
export function isHatching(text: string): boolean {
  const compact = text.replace(/\s+/g, '');
  return compact.length >= 4 && (compact.match(HATCHING)?.length ?? 0) >= 0.85 * compact.length;
}

/** Text a description may hold: words, not the log's end nor a symbol's hatching. */
export const describes = (text: string) => LETTERS.test(text) && !endsHole(text) && !isHatching(text);

/**
 * A description that opens with its layer's depths, « 0,00 – 1,23 m : Remblai… » (« de 1,23 à 1,90 m »,
 * « 1.23-1.90 m - Silt », its colon lost by OCR: « 1,37 - 4,87 m Sable »): the log says each layer's
 * top and base in words, where its lines only separate them.
 */
export const RANGE_LED =
  /^\s*(?:de\s+|from\s+)?(\d{1,3}(?:[,.]\d{1,2})?)\s*(?:m\s*)?(?:[-–—]|à|to)\s*(\d{1,3}(?:[,.]\d{1,2})?)\s*(?:m|pi|ft)?\s*(?:[:;.—–-]\s*|(?=\p{L}))/iu;

/** True when a text is the phrase that ends a log (END_OF_HOLE), a speck OCR read before it (« “Fin du ») set aside. */
export const endsHole = (text: string) => END_OF_HOLE.test(text.replace(/^[^\p{L}\d]+/u, ''));

/**
 * A description less the depth of its layer's top that a log writes before it, the layer's depths
 * being read apart (« 1,20 m — SABLE silteux », « À 1,20 m : Argile », « 1,20 m - Silt », its comma
 * lost by a scan before a dash: « 123 m — SILT »). A depth that the text goes on with is the text's
 * (« 0,30 m de terre végétale »).
 */
export const TOP_LED = /^\s*(?:[àa]\s+)?(\d{1,3}[,.]\d{1,2}|\d{3,4}(?=\s*m\s*[—–]))\s*m\s*[—–:-]\s*/iu;
/** The depth TOP_LED found, its comma put back when a scan lost it (« 123 m — » for « 1,23 m — »). */
export const ledTop = (written: string) => (/^\d+$/.test(written) ? Number(written) / 100 : numberOfDepth(written));
const numberOfDepth = (written: string) => Number(written.replace(',', '.'));
export const withoutTopDepth = (text: string) => text.replace(TOP_LED, '');

/**
 * A description as the platform stores it, in sentence case: many firms set the main soil's name in
 * capitals (« SABLE MOYEN À GROSSIER, graveleux », « SILT et SABLE, traces d'argile »). When the
 * description starts so, the capitals of its first phrase (to the first comma) are lowered, and so are
 * words of four capitals or more after it; codes stay (« MG-20 », « CL », « USCS »: digits or fewer letters).
 * A space before a comma or a full stop goes.
 */
export function inSentenceCase(read: string): string {
  // No space before a comma or a full stop: the soil's name set apart in bold or underlined is a
  // word of its own in a PDF's text (« Remblai » · « , sable et gravier »).
  const description = read.replace(/\s+(?=[,.](?:\s|$))/g, '');
  if (!/^\p{Lu}{3,}\b/u.test(description)) return description;
  const comma = description.indexOf(',');
  const lead = comma === -1 ? description.length : comma;
  const lowered = description.replace(/(?<![\p{L}\d-])\p{Lu}+(?![\p{L}\d-])/gu, (word, at: number) =>
    at < lead || word.length >= 4 ? word.toLowerCase() : word,
  );
  return lowered.charAt(0).toUpperCase() + lowered.slice(1);
}

export const middleOf = (box: Box) => box.y + box.height / 2;
export const centreOf = (box: Box) => box.x + box.width / 2;

/** The middle value (the upper one of an even count); 0 for none. */
export const median = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/**
 * A sample's label as logs write it: its type's letters, then its number (« CF 3 », « CF-3 »,
 * « TM12 »); the sample's box drawn just left of it, which OCR reads as brackets (« []CF-5 »), set aside.
 */
const SAMPLE = /^([A-Z]{1,4})[\s-]?(\d{1,3}[A-Z]?)$/;
/** Letters OCR reads for digits in small type (« CFI2 » for « CF12 », « CF 1S » for « CF15 »), and the digits. */
export const LOOKALIKES: Record<string, string> = {
  I: '1',
  l: '1',
  '|': '1',
  '!': '1',
  O: '0',
  o: '0',
  S: '5',
  s: '5',
  Z: '2',
};
/**
 * A sample's label (« CF 3 », « CF 3A »). Given the types most of the log's labels were read with
 * (« CF »), one after such a type is first read as a number whose digits OCR may have read as
 * letters (« CFI2 » is « CF 12 », not a type « CFI »). A rule's end or a speck before it (« _SS-1 »),
 * and small letters for capitals (« ss-2 »), are OCR's.
 */
export const sampleLabel = (text: string, types: ReadonlySet<string> = new Set()) => {
  const trimmed = text.trim().replace(/^[[\]|{}()_“”"‘’]+\s*/, '');
  // Capitals OCR read small (« ss-2 » in a column of « SS-1 »): the label's letters all small.
  const compact = /^[a-z]{2,4}[\s-]?\d/.test(trimmed) ? trimmed.toUpperCase() : trimmed;
  for (const type of [...types].sort((a, b) => b.length - a.length)) {
    if (!compact.startsWith(type)) continue;
    const rest = compact.slice(type.length).replace(/^[\s-]/, '');
    if (/^[\dIl|!OoSsZ]{1,3}$/.test(rest) && (rest.length === 1 || /^[\dIl|!]/.test(rest))) {
      return `${type} ${Number([...rest].map((character) => LOOKALIKES[character] ?? character).join(''))}`;
    }
  }
  const match = SAMPLE.exec(compact);
  return match ? `${match[1]} ${match[2]}` : null;
};

/**
 * The blows of an SPT's 150 mm increments, as logs write them (« 4-6-8 », « 4/6/8 », or four with
 * a 600 mm spoon, « 4-6-8-9 »), one separator throughout: N is the second and third's sum. A
 * refusal (« 12-50/10 »: 50 blows for 10 cm) gives none. A rule's end OCR read before them (« [20-24-25 ») is set aside.
 */
export const BLOWS = /^[[|({]?(\d{1,2})\s*([-/])\s*(\d{1,2})\s*\2\s*(\d{1,2})(?:\s*\2\s*\d{1,2})?$/;
