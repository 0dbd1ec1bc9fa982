import { DRILLING_METHODS, METHOD_LABELS, type DrillingMethod } from '../borehole.ts';
import { LOCA_TYPES } from './loca-group.ts';

/**
 * The kinds of hole of AGS 4 (LOCA_TYPE, abbreviations of the standard's list), in French. A file
 * may define its own codes in its ABBR group: those are shown with the file's description, and a
 * code neither knows is shown as written.
 */
export const HOLE_TYPE_LABELS: Readonly<Record<string, string>> = {
  ABS: 'Échantillonneur à lest automatique',
  AUGH: 'Tarière à tige creuse',
  CP: 'Forage à percussion au câble',
  CPT: 'Essai au pénétromètre statique (CPT)',
  DCP: 'Pénétromètre dynamique à cône',
  DP: 'Pénétromètre dynamique avec échantillonnage',
  EXP: 'Affleurement relevé',
  HA: 'Tarière à main',
  ICBR: 'Essai CBR en place',
  IDEN: 'Essai de masse volumique en place',
  INST: 'Instrument',
  IP: 'Fosse d’inspection',
  IVAN: 'Essai au scissomètre en place',
  OP: 'Fosse ou tranchée d’observation',
  PM: 'Forage pressiométrique',
  RC: 'Forage rotatif carotté',
  RCG: 'Forage rotatif en terrain meuble',
  RO: 'Forage rotatif destructif',
  SCP: 'Pénétromètre statique',
  SH: 'Puits',
  SNC: 'Forage sonique carotté',
  TP: 'Fosse ou tranchée d’exploration',
  TRAV: 'Relevé linéaire',
  VC: 'Vibrocarottier',
  W: 'Forage au lavage',
  WLS: 'Échantillonneur dynamique sans fenêtre',
  WS: 'Échantillonneur à fenêtre',
};

/** The codes that are one of our drilling methods (the filters'), besides those our export writes. */
const METHOD_OF_CODE: Readonly<Record<string, DrillingMethod>> = {
  ...Object.fromEntries(DRILLING_METHODS.map((method) => [LOCA_TYPES[method], method])),
  RCG: 'rotary',
};

/** A hole's LOCA_TYPE as the record and the log show it: its code and what it means, if known. */
export interface HoleType {
  code: string;
  /** The French label, or the description of the file's ABBR group; null when neither knows it. */
  label: string | null;
}

const codeOf = (locaType: string) => locaType.trim().toUpperCase();

/** The drilling method a LOCA_TYPE names, when it is one of ours. */
export function methodOfHoleType(locaType: string): DrillingMethod | null {
  return METHOD_OF_CODE[codeOf(locaType)] ?? null;
}

/**
 * What a LOCA_TYPE is: ours first, then the file's own description (ABBR_DESC of its ABBR row
 * for LOCA_TYPE), else the code alone. An empty LOCA_TYPE is no hole type.
 *
 * @example holeTypeOf('cp', {}) // { code: 'CP', label: 'Forage à percussion au câble' }
 */
export function holeTypeOf(locaType: string, fileCodes: Readonly<Record<string, string>>): HoleType | null {
  const code = codeOf(locaType);
  if (code === '') return null;
  const own = Object.entries(fileCodes)
    .find(([key]) => codeOf(key) === code)?.[1]
    .trim();
  return { code: locaType.trim(), label: HOLE_TYPE_LABELS[code] ?? (own || null) };
}

/**
 * The method as the record and the log say it: the hole type the file gave (« Forage à percussion
 * au câble (CP) »), else our method, else empty.
 */
export function methodText(method: DrillingMethod | null, holeType: HoleType | null): string {
  if (holeType) return holeType.label ? `${holeType.label} (${holeType.code})` : holeType.code;
  return method ? METHOD_LABELS[method] : '';
}
