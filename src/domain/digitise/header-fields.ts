import { coordinatesOf } from './header-coordinates.ts';
import { numberOf, phrasesOf, withWords, type Cell } from './lines.ts';
import { END_WORDS, median, type LogReading, type Read } from './log-reading.ts';
import { FOOT, inMetres } from './units.ts';
import { waterTableOf } from './water-table.ts';
import { unionOf, type Box } from './words.ts';

/** The fields a log's header gives (and its water, which the header or the remarks say). */
export type HeaderReading = Omit<LogReading, 'layers' | 'spt' | 'samples'>;

/** The header's fields, each where it was first read, by their French or English labels. */
export function readHeader(read: readonly Cell[]): HeaderReading {
  const cells = read.map(withoutSpecks);
  return {
    boreholeId: firstMatch(cells, ID_PATTERNS, identifierOf),
    date: firstMatch(cells, DATE_PATTERNS, (match) => isoDay(match[1]!)),
    coordinates: coordinatesOf(cells),
    groundLevel: firstMatch(cells, GROUND_PATTERNS, lengthOf),
    finalDepth: firstMatch(cells, FINAL_DEPTH_PATTERNS, lengthOf),
    water: waterOf(cells),
  };
}

/**
 * A cell less the specks OCR read on its line: a form's blank, the line a value is written on, read
 * as « — — », « sr », « re » a third as high as the words (« Date : 28 juillet — — 2023 »). A figure
 * or a sign (« N = 56 ») is kept, however small.
 */
function withoutSpecks(cell: Cell): Cell {
  if (cell.words.length < 2) return cell;
  const height = median(cell.words.map((word) => word.box.height));
  // A unit after a number (« 1.00 M ») is no speck, however small a harsh scan leaves an « m ».
  const unit = (i: number) => UNIT_WORD.test(cell.words[i]!.text) && numberOf(cell.words[i - 1]?.text ?? '') !== null;
  const kept = cell.words.filter(
    (word, i) => !/^[\p{L}—–_~-]+$/u.test(word.text) || word.box.height >= HEADER_SPECK * height || unit(i),
  );
  return kept.length === cell.words.length || kept.length === 0 ? cell : withWords(cell, kept);
}

/** A word of a header's line under this share of its words' height is a speck. */
const HEADER_SPECK = 0.4;
/** A unit of length as OCR reads it after a number. */
const UNIT_WORD = /^(?:m|M|pi|ft)\.?$/;

/** The water a log's phrases say, and its table of observations (water-table.ts) if it has one. */
function waterOf(cells: readonly Cell[]): HeaderReading['water'] {
  const table = waterTableOf(cells);
  const joined = (said: Read<number>[], listed: Read<number>[]) => [
    ...said,
    ...listed.filter((read) => !said.some((other) => other.value === read.value)),
  ];
  return {
    strikes: joined(everyMatch(cells, WATER_STRIKE), table.strikes),
    levels: joined(everyMatch(cells, WATER_LEVEL), table.levels),
  };
}

// OCR often drops an accent from a capital (« Elévation »): the labels take either.
// A log's title names its borehole (« Journal de sondage F-12 », « RAPPORT DE FORAGE F-100A », « Log
// of borehole BH-3 »); an identifier holds a digit, which keeps « Rapport de forage et
// d'échantillonnage » from giving « et ».
const ID_PATTERNS = [
  /\b(?:journal|rapport|registre|fiche|log)\s+(?:de|du|d['’]|of)\s*(?:forage|sondage|puits|bore(?:hole)?|boring)\s+(?:n[o°º]\.?\s*:?\s*)?(?=[\w./-]*\d)([A-Za-z0-9][\w./-]*)(?![:\w])/i,
  // With a digit: not a note's « puits : voir la colonne Remarques ». A scan may lose the degree
  // sign of « N° » (« FORAGE N » over « F-101A »).
  /\b(?:forage|sondage|puits|borehole|boring)\s*(?:n(?:[o°º]\.?|\.|(?=\s))\s*:?|#|:)\s*(?=[\w./-]*\d)([A-Za-z0-9][\w./-]*)/i,
  // A header grid's box: « N° de forage » or « Forage » over its identifier.
  /^(?:n[o°º]\.?\s+(?:de\s+|du\s+)?|num[ée]ro\s+(?:de\s+|du\s+)?)?(?:forage|sondage|puits|borehole)\s*:?\s+(?=[\w./-]*\d)([A-Za-z0-9][\w./-]*)$/i,
  // A line that starts with the hole and its identifier, whatever follows (« Forage BH-7 (SCRS,
  // MTM-7) »): an identifier of letters and digits, not a depth (« Forage à 8 m »).
  /^(?:forage|sondage|puits|borehole)\s+(?=[A-Za-z]*[\w.-]*\d)([A-Za-z]+[\w./-]*\d[\w./-]*)(?=\s|$)/i,
  // A bilingual box's label, either way round (« Forage / Hole ID », « Borehole No. / Sondage »).
  /^(?:(?:forage|sondage|puits)\s*\/\s*(?:hole|bore\s*hole|boring)\s*(?:id|no\.?|number)|(?:hole|bore\s*hole|boring)\s*(?:id|no\.?|number)\s*\/\s*(?:forage|sondage|puits))\s*:?\s+(?=[\w./-]*\d)([A-Za-z0-9][\w./-]*)$/i,
  // An identifier whose hyphen OCR parted from its number, large type read in two or three words
  // (« Forage F- 100 », « F- 10 4 » for « F-104 »).
  /\b(?:forage|sondage|puits|borehole|boring)\s*(?:n[o°º]\.?\s*:?\s*|#\s*|:\s*)?([A-Za-z]{1,4}-\s\d[\w./-]*(?:\s[\dA-Z]{1,2})?)(?=\s|$)/i,
];

/**
 * The identifier ID_PATTERNS caught, its closing punctuation dropped; none when it is a measure: a
 * number followed by its decimals or its unit (« Venue d'eau en cours de forage : 9,98 m » is no
 * borehole « 9 »).
 */
function identifierOf(match: RegExpExecArray): string | null {
  const identifier = match[1]!
    .replace(/[.,;:]$/, '')
    .replace(/-\s+/, '-')
    .replace(/\s+/g, '');
  const after = match.input.slice(match.index + match[0].length);
  return /^\d+(?:[.,]\d+)?$/.test(identifier) && /^(?:[.,]\d|\s*m\b)/.test(after) ? null : identifier;
}

const FRENCH_MONTHS: Record<string, number> = {
  janvier: 1,
  janv: 1,
  février: 2,
  fevrier: 2,
  févr: 2,
  fevr: 2,
  fév: 2,
  fev: 2,
  mars: 3,
  avril: 4,
  avr: 4,
  mai: 5,
  juin: 6,
  juillet: 7,
  juil: 7,
  juill: 7,
  août: 8,
  aout: 8,
  septembre: 9,
  sept: 9,
  octobre: 10,
  oct: 10,
  novembre: 11,
  nov: 11,
  décembre: 12,
  decembre: 12,
  déc: 12,
  dec: 12,
};
const ENGLISH_MONTHS: Record<string, number> = {
  january: 1,
  jan: 1,
  february: 2,
  feb: 2,
  march: 3,
  mar: 3,
  april: 4,
  apr: 4,
  may: 5,
  june: 6,
  jun: 6,
  july: 7,
  jul: 7,
  august: 8,
  aug: 8,
  september: 9,
  sep: 9,
  october: 10,
  november: 11,
  december: 12,
};
/** A month's number from its French or English name, day first as in « 5 nov. 2023 » or « 5 Nov 2023 ». */
const monthOf = (name: string): number | undefined => FRENCH_MONTHS[name] ?? ENGLISH_MONTHS[name];
const MONTH = String.raw`[a-zéèûô]{3,9}\.?`;
/**
 * Days over which drilling went on, the first written short, its month or year those of the last:
 * « 30 juin au 2 juillet 2022 », « 29 et 30 juin 2022 », « 29-30 juin 2022 », « June 30 to July 2,
 * 2022 », « June 29-30, 2022 ». Its first day is the one a log's date stands for.
 */
const RANGE = String.raw`\d{1,2}(?:er)?(?:\s+${MONTH})?\s*(?:au|à|et|-|–|—)\s*\d{1,2}(?:er)?\s+${MONTH}\s+\d{4}|${MONTH}\s+\d{1,2}\s*(?:to|-|–|—)\s*(?:${MONTH}\s+)?\d{1,2},?\s+\d{4}`;
/**
 * A day as logs write it: 2023-11-05 or 2023/11/05, 05/11/2023 or 05-11-2023 or 05.11.2023 (day
 * first, as in Québec), « 5 novembre 2023 », « 1er nov. 2023 », « 5-Nov-2023 », « 5 Nov 2023 »,
 * « November 5, 2023 »; or the first
 * of a RANGE, « du » before it.
 */
const DAY = String.raw`(?:du\s+|from\s+)?(${RANGE}|\d{4}[-/]\d{1,2}[-/]\d{1,2}|\d{1,2}[-/.]\d{1,2}[-/.]\d{4}|\d{1,2}(?:er)?\s+${MONTH}\s+\d{4}|\d{1,2}-${MONTH}-\d{4}|${MONTH}\s+\d{1,2},?\s+\d{4})`;
/**
 * Between a label and its value: the form the value takes, in brackets (« (AAAA/MM/JJ) », its end
 * maybe misread: « (AAAA/MM/}} »); a colon,
 * or what a scan reads for one (« ; », « | », « ! », a lone « i » or « l »); a rule's end or a speck
 * before the value (« _25 novembre 2015 »).
 */
const AFTER_LABEL = String.raw`(?:\s*\([A-Za-z/\s}\]|-]{4,14}\)?)?\s*[:;|!]?(?:\s+[il](?=\s))?\s*[_'‘’"«]*\s*`;
/** Labels of the day drilling began, specific ones first; « Date » alone, unless of the report or its printing. */
const DATE_PATTERNS = [
  new RegExp(
    String.raw`\b(?:d[ée]but(?:\s+des\s+travaux|\s+du\s+forage)?|dates?\s+(?:du|de|des|d['’])\s*(?:forage|sondage|d[ée]but|travaux|r[ée]alisation|ex[ée]cution|terrain)|(?:for[ée]|r[ée]alis[ée]|ex[ée]cut[ée])\s+le|date\s+drilled|drilled(?:\s+on)?|start(?:ed)?(?:\s+date)?)${AFTER_LABEL}${DAY}`,
    'i',
  ),
  new RegExp(
    String.raw`\bdates?(?!\s+(?:du|de\s+la|de|d['’])\s*(?:rapport|impression|r[ée]vision|[ée]mission|fin))${AFTER_LABEL}${DAY}`,
    'i',
  ),
];
/**
 * A length in feet, its metres maybe after it in brackets (« 117.7 ft (35.86 m) »): the unit its
 * second group, the metres its third.
 */
const IN_FEET = String.raw`\s*(ft\b\.?|feet\b|pi\b\.?|pieds\b)(?:\s*\((\d+(?:[,.]\d+)?)\s*m\))?`;

/** A length as IN_FEET and the patterns that end with it read it: in metres, the ones written if any. */
function lengthOf(match: RegExpExecArray): number | null {
  const [, number, feet, metres] = match;
  if (metres) return numberOf(metres);
  const value = numberOf(number!);
  return value !== null && feet ? inMetres(value, FOOT) : value;
}

/** Metres (or feet: IN_FEET), spaces only between thousands (« 1 234,56 m »), or commas before a point (« 1,234.5 ft »; « 4 0,89 m » is no number: « à » read « 4 »). */
const METRES = String.raw`(\d{1,3}(?:,\d{3})+\.\d+|-?\d{1,3}(?:[\s\u00a0\u202f]\d{3})*(?:[,.]\d+)?|-?\d+(?:[,.]\d+)?)(?:${IN_FEET}|\s*m\b)`;
const GROUND_LABEL = String.raw`(?:(?:[ée]l[ée]vation|[ée]l[ée]v\.|cote|altitude)(?:\s+(?:(?:du|de\s+la)\s+)?(?:terrain|sol|surface))?|ground\s+(?:level|elevation|surface))`;
/**
 * « Élévation du terrain : 23,45 m », or the unit in the label: « Élévation du terrain (m) » over
 * « 23,45 », « Élévation du terrain (géodésique), m » under it.
 */
const GROUND_PATTERNS = [
  new RegExp(String.raw`${GROUND_LABEL}\s*:?\s*${METRES}`, 'i'),
  new RegExp(
    String.raw`${GROUND_LABEL}(?:\s*\([^)]{0,14}\))?\s*(?:\(m\)|,\s*m\b)\s*:?\s*(-?\d[\d\s\u00a0]*(?:[,.]\d+)?)(?![\d,.])`,
    'i',
  ),
];
const FINAL_DEPTH_PATTERNS = [
  new RegExp(
    String.raw`profondeur\s+(?:finale|totale|atteinte|for[ée]e|du\s+(?:forage|sondage|trou))\s*(?:\(m\))?\s*:?\s*${METRES}`,
    'i',
  ),
  // The unit in the label, over or under a bare number (« Profondeur atteinte, m » · « 15,15 »).
  new RegExp(
    String.raw`profondeur\s+(?:finale|totale|atteinte|for[ée]e|du\s+(?:forage|sondage|trou))\s*(?:\(m\)|,\s*m\b)\s*:?\s*(\d{1,3}(?:[,.]\d+)?)(?![\d,.])`,
    'i',
  ),
  new RegExp(String.raw`(?:final|total) depth\s*:?\s*${METRES}`, 'i'),
  // « Depth of hole: 15.15 m », « Hole depth », « Borehole depth », « Profondeur : 15,15 m » (the
  // label alone, its colon and unit written).
  new RegExp(
    String.raw`(?:depth\s+of\s+(?:bore)?hole|(?:bore)?hole\s+depth|(?:^|\s)profondeur\s*:)\s*:?\s*${METRES}`,
    'i',
  ),
  // The phrase that ends the log says it too: « Fin du forage à 6,10 m », « Forage terminé à 7,62 m
  // (élév. 27,04 m) », « End of borehole at 6.10 m », in two languages (« End of borehole / Fin du
  // sondage : 6.10 m »).
  new RegExp(String.raw`${END_WORDS}(?:\s*\/\s*[^\d:/]{2,40}?)?\s*(?:[àa]|at|:)?\s*${METRES}`, 'i'),
];

/**
 * A depth, its unit after it or, when the label gave it (« (m) »), not: then written with its
 * decimals (« 2,16 ») — not a note's number after a legend's words (« Venue d'eau en cours de
 * forage » · « 4. Aucun puits… »), nor the whole metres of a depth whose decimal comma OCR lost
 * (« 7 86 m »). In feet (IN_FEET), turned into metres (lengthOf).
 */
const DEPTH = String.raw`(\d+(?:[,.]\d+)?)(?:${IN_FEET}|\s*m\b|(?<=[,.]\d+)(?![\d/.,-]|\s\d{1,2}\s*m\b))`;
/**
 * What may stand between a water label and its depth: « (m) », « : », « à », « at », « (le
 * 2023-07-28) : », « le 2023-07-28 : ».
 */
const BETWEEN = String.raw`\s*(?:\(m\))?\s*(?:\((?:le|on)\s+[^)]{6,20}\)\s*)?(?:(?:le|on)\s+[^:()=]{6,22}?\s*(?=[:=]))?[:=]?\s*(?:[àa]|at)?\s*`;
/** « en cours de forage », « while drilling »: when the water was met, said before its depth. */
const WHILE_DRILLING = String.raw`(?:\s+(?:en\s+cours\s+de|pendant\s+le|lors\s+du|while|during)\s+(?:forage|drilling))?`;
/**
 * Water struck while drilling: « Venue d'eau à 4,2 m », « Venue d'eau notée à 4,2 m », « Arrivée d'eau : 4,2 m », « Eau rencontrée
 * en cours de forage à 4,2 m », « Water strike at 4.2 m », « Water encountered at 4.2 m while
 * drilling », « Groundwater struck at 4.2 m ».
 */
const WATER_STRIKE = new RegExp(
  String.raw`(?:venue\s+d['’]eau|arriv[ée]e\s+d['’]eau|infiltration\s+d['’]eau|eau\s+rencontr[ée]e|(?:ground)?water\s+(?:strike|struck|encountered|inflow|entered)|seepage)(?:\s+(?:not[ée]e|observ[ée]e|constat[ée]e|rencontr[ée]e))?${WHILE_DRILLING}${BETWEEN}${DEPTH}`,
  'gi',
);
/**
 * A water level once steady, as read in a header or in the remarks: « Niveau d'eau : 2,16 m (le
 * 2023-07-28) », « Niveau d'eau à 2,16 m le … », « Niveau stabilisé : 2,2 m », « Niveau d'eau stabilisé mesuré à
 * 2,16 m », « Nappe à 2,1 m », « Nappe phréatique mesurée à 4,48 m le 18/07/2019 »,
 * « Niveau de la nappe (m) : 2,16 », « Profondeur de l'eau : 3,4 m », « Water level: 2.16 m »,
 * « Groundwater at 2.16 m », « Depth to water: 3.4 m ».
 */
const WATER_LEVEL = new RegExp(
  String.raw`(?:profondeur\s+(?:de\s+l['’]eau|de\s+la\s+nappe|d['’]eau)|depth\s+to\s+(?:ground)?water|niveau\s+(?:d['’]eau|de\s+(?:la\s+)?nappe|phr[ée]atique|stabilis[ée])|nappe(?:\s+phr[ée]atique)?|eau\s+souterraine|standing\s+(?:water\s+)?level|(?:ground)?water\s+level|groundwater)(?:\s+(?:stabilis|mesur|relev|observ)[ée]e?s?|\s+statique){0,2}${BETWEEN}${DEPTH}`,
  'gi',
);

/**
 * Every depth a pattern (global, its first group the depth) finds in the cells, with its box; a
 * depth said again (by the header of each page, or by a form's box ticked and its remarks) is kept
 * once, where it was first read.
 */
function everyMatch(cells: readonly Cell[], pattern: RegExp): Read<number>[] {
  const found: Read<number>[] = [];
  for (const { cell, split } of phrasesOf(cells)) {
    for (const match of cell.text.matchAll(pattern)) {
      if (!straddles(match, split) || opensDescription(match) || (split !== null && bareNumberBeside(match))) continue;
      const value = lengthOf(match);
      if (value === null || found.some((read) => read.value === value)) continue;
      found.push({ value, page: cell.page, box: boxOfGroup(cell, match) });
    }
  }
  return found;
}

/**
 * True when the depth matched is the one a layer's description opens with (« 1,23 m — SILT
 * argileux », « 1,23 m — Sable »), which a water label beside the scale may be read with
 * (« Venue d'eau » · « 1,23 m — SILT… » on one line) — not a phrase going on after a dash (« venue
 * d'eau à 1,12 m — niveau stabilisé à 4,48 m »).
 */
function opensDescription(match: RegExpExecArray): boolean {
  const after = match.input.slice(match.index + match[0].length);
  return /^\s*m?\s*[—–]\s*(?:\p{Lu}{2}|(?:Remblai|Sable|Silt|Limon|Argile|Gravier|Till|Roc|Calcaire|Schiste|Shale)\b)/u.test(
    after,
  );
}

/**
 * A label joined to the next cell of its line whose number says nothing of being a depth: no unit,
 * no colon, « à » or « = » between them, no unit in the label (« Venue d'eau » beside the scale and
 * a PID reading « 3,9 » in the next column). « Venue d'eau : 3,9 », « Niveau d'eau (m) 2,16 »,
 * « Venue d'eau 3,9 m » are depths.
 */
function bareNumberBeside(match: RegExpExecArray): boolean {
  const depth = match[1]!;
  const before = match[0].slice(0, match[0].lastIndexOf(depth));
  const after = match.input.slice(match.index + match[0].length);
  return !/[:=]|\b[àa]\b|\(m\)|\bat\b/i.test(before) && !/^\s*m\b/.test(after) && !/m$/.test(match[0]);
}

/** A day as DAY reads it, as YYYY-MM-DD; null when it is no day of the calendar. */
function isoDay(text: string): string | null {
  // « 18-Jul-2019 » as « 18 jul 2019 ».
  const compact = firstOfRange(text.trim().toLowerCase()).replace(/^(\d{1,2})-(\p{L}+\.?)-(\d{4})$/u, '$1 $2 $3');
  const iso = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/.exec(compact);
  const local = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(compact);
  const french = /^(\d{1,2})(?:er)?\s+([^\s\d]+?)\.?\s+(\d{4})$/.exec(compact);
  const english = /^([^\s\d]+?)\.?\s+(\d{1,2}),?\s+(\d{4})$/.exec(compact);
  const [year, month, day] = iso
    ? [iso[1]!, Number(iso[2]), Number(iso[3])]
    : local
      ? [local[3]!, Number(local[2]), Number(local[1])]
      : french && monthOf(french[2]!)
        ? [french[3]!, monthOf(french[2]!)!, Number(french[1])]
        : english && ENGLISH_MONTHS[english[1]!]
          ? [english[3]!, ENGLISH_MONTHS[english[1]!]!, Number(english[2])]
          : [];
  if (!year || !month || !day) return null;
  const day10 = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  const date = new Date(`${day10}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day10 ? null : day10;
}

/**
 * The first day of a RANGE, written in full: « 30 juin au 2 juillet 2022 » → « 30 juin 2022 »,
 * « june 29-30, 2022 » → « june 29, 2022 »; any other text as it is. A first day after the last
 * with no month of its own is of the month before (« 30 au 2 juillet »).
 */
function firstOfRange(text: string): string {
  const french =
    /^(\d{1,2})(?:er)?(?:\s+([^\s\d]+?)\.?)?\s*(?:au|à|et|-|–|—)\s*(\d{1,2})(?:er)?\s+([^\s\d]+?)\.?\s+(\d{4})$/.exec(
      text,
    );
  if (french) {
    const [, first, month, last, lastMonth, year] = french;
    const number = FRENCH_MONTHS[month ?? lastMonth!] ?? null;
    if (!number) return text;
    const before = !month && Number(first) > Number(last);
    return `${first} ${monthName(before ? number - 1 || 12 : number)} ${before && number === 1 ? Number(year) - 1 : year}`;
  }
  const english = /^([^\s\d]+?)\.?\s+(\d{1,2})\s*(?:to|-|–|—)\s*(?:[^\s\d]+?\.?\s+)?\d{1,2},?\s+(\d{4})$/.exec(text);
  return english ? `${english[1]} ${english[2]}, ${english[3]}` : text;
}

const monthName = (number: number) => Object.keys(FRENCH_MONTHS).find((name) => FRENCH_MONTHS[name] === number)!;

/** The first match of any pattern in the cells, top of the first page first, with the box of what it caught. */
function firstMatch<T>(
  cells: readonly Cell[],
  patterns: readonly RegExp[],
  value: (match: RegExpExecArray) => T | null,
): Read<T> | null {
  for (const { cell, split } of phrasesOf(cells)) {
    for (const pattern of patterns) {
      const match = pattern.exec(cell.text);
      const found = match && straddles(match, split) ? value(match) : null;
      if (match && found !== null) return { value: found, page: cell.page, box: boxOfGroup(cell, match) };
    }
  }
  return null;
}

/** A match in two joined cells must take in both (else one of them, alone, gives it). */
const straddles = (match: RegExpExecArray, split: number | null) =>
  split === null || (match.index < split && match.index + match[0].length > split);

/** The box of a match's first group (or the whole match) among a cell's words. */
function boxOfGroup(cell: Cell, match: RegExpExecArray): Box {
  const group = match[1] ?? match[0];
  const start = match.index + match[0].indexOf(group);
  const end = start + group.length;
  const boxes: Box[] = [];
  let offset = 0;
  for (const word of cell.words) {
    const wordEnd = offset + word.text.length;
    if (wordEnd > start && offset < end) boxes.push(word.box);
    offset = wordEnd + 1;
  }
  return boxes.length ? unionOf(boxes) : cell.box;
}
