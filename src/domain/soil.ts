import { foldText } from './text.ts';

export type SoilClass =
  'fill' | 'clay' | 'sand' | 'silt' | 'till' | 'gravel' | 'bedrock' | 'fractured_bedrock' | 'asphalt';

/** Fill patterns drawn by the soil column (see the map feature). */
export type SoilPattern =
  | 'random-crosshatch'
  | 'horizontal-lines'
  | 'stipple'
  | 'diagonal'
  | 'crosshatch'
  | 'coarse-dots'
  | 'brick'
  | 'angled-blocks'
  | 'solid';

/** Each fill pattern drawn over its class colour, on an 8 × 8 tile (the popup's column, the log). */
export const SOIL_PATTERN_PATHS: Record<SoilPattern, string> = {
  'random-crosshatch': 'M0 0L8 8M8 0L0 8M2 5L5 2',
  'horizontal-lines': 'M0 2H8M0 6H8',
  stipple: 'M2 2h.5M6 5h.5M3 7h.5',
  diagonal: 'M0 8L8 0',
  crosshatch: 'M0 8L8 0M0 0L8 8',
  'coarse-dots': 'M2.5 2.5h1.5M6 6h1.5',
  brick: 'M0 4H8M4 0V4M0 4V8',
  'angled-blocks': 'M0 6L4 2L8 6',
  solid: '',
};

export interface SoilClassInfo {
  label: string;
  shortName: string;
  colour: string;
  pattern: SoilPattern;
}

/** The nine soil classes of the specification, with their French labels and drawing style. */
export const SOIL_CLASSES: Record<SoilClass, SoilClassInfo> = {
  fill: {
    label: 'Remblai (asphalte/granulaire)',
    shortName: 'Remblai',
    colour: '#9e9e9e',
    pattern: 'random-crosshatch',
  },
  clay: {
    label: 'Argile de la mer de Champlain (limon argileux)',
    shortName: 'Argile',
    colour: '#8d6e63',
    pattern: 'horizontal-lines',
  },
  sand: { label: 'Sable (fin à moyen)', shortName: 'Sable', colour: '#f6c28b', pattern: 'stipple' },
  silt: { label: 'Limon glaciaire (limon sableux)', shortName: 'Limon', colour: '#e8dcc0', pattern: 'diagonal' },
  till: {
    label: 'Till glaciaire (limon sableux avec gravier)',
    shortName: 'Till glaciaire',
    colour: '#8a8f4a',
    pattern: 'crosshatch',
  },
  gravel: { label: 'Gravier / galets (dans le till)', shortName: 'Gravier', colour: '#b0b0a8', pattern: 'coarse-dots' },
  bedrock: {
    label: 'Roche en place (calcaire/schiste)',
    shortName: 'Roche en place',
    colour: '#a0522d',
    pattern: 'brick',
  },
  fractured_bedrock: {
    label: 'Roche fracturée',
    shortName: 'Roche fracturée',
    colour: '#5d4037',
    pattern: 'angled-blocks',
  },
  asphalt: { label: 'Asphalte / couche de roulement', shortName: 'Asphalte', colour: '#37474f', pattern: 'solid' },
};

/**
 * Keywords tried in this order; the first class with a keyword found in the material wins.
 * The order is the specification's. Besides its keywords we accept the plain English words
 * (clay, sand, silt, gravel, rock…) that logs written in English use, each in its own class's
 * place in the order, so an English log is not drawn as fill.
 */
export const SOIL_KEYWORDS: readonly (readonly [SoilClass, readonly string[]])[] = [
  // 'bitum' covers bitume and bitumineux ("enrobé bitumineux").
  ['asphalt', ['asphalte', 'bitum', 'asphalt']],
  ['fill', ['remblai', 'rempli', 'fill']],
  ['fractured_bedrock', ['fracture', 'fissure', 'fractured']],
  ['bedrock', ['roche', 'calcaire', 'schiste', 'bedrock', 'rock', 'limestone', 'shale']],
  ['till', ['till']],
  ['gravel', ['gravier', 'galet', 'gravel', 'cobble']],
  ['sand', ['sable', 'sand']],
  ['silt', ['limon', 'silt']],
  ['clay', ['argile', 'clay']],
];

/**
 * Classifies a free-text horizon material, loosely (case and accents ignored).
 * Unmatched text falls back to fill.
 *
 * @example classifySoil('Argile silteuse grise') // 'clay'
 */
export function classifySoil(material: string | null | undefined): SoilClass {
  const text = foldText(material);
  for (const [soilClass, keywords] of SOIL_KEYWORDS) {
    if (keywords.some((keyword) => text.includes(keyword))) return soilClass;
  }
  return 'fill';
}

/**
 * A horizon's share of the total depth, between 0 and 1; 0 when the depth is zero or not a number.
 *
 * @example thicknessShare(2, 8) // 0.25
 */
export function thicknessShare(thickness: number, totalDepth: number): number {
  if (!Number.isFinite(totalDepth) || totalDepth === 0 || !Number.isFinite(thickness)) return 0;
  return thickness / totalDepth;
}

/**
 * The soil class an AGS legend code (GEOL_LEG) names, or null when it names none of the nine. The
 * codes of the AGS abbreviation list group soils by their first digit, the principal soil: 1 made
 * ground (103 bituminous material), 2 clay, 3 silt, 4 sand, 5 gravel, 7 cobbles and boulders, 8 rock.
 * Peat (6) and the 9xx codes (broken ground, no recovery, void) have no class: the words decide.
 *
 * @example soilOfLegend('203') // 'clay' (sandy CLAY)
 */
export function soilOfLegend(code: string | null | undefined): SoilClass | null {
  const match = /^\s*([1-8])\d\d\s*$/.exec(code ?? '');
  if (!match) return null;
  if (code!.trim() === '103') return 'asphalt';
  const byPrincipal: Record<string, SoilClass | null> = {
    '1': 'fill',
    '2': 'clay',
    '3': 'silt',
    '4': 'sand',
    '5': 'gravel',
    '6': null,
    '7': 'gravel',
    '8': 'bedrock',
  };
  return byPrincipal[match[1]!] ?? null;
}

/**
 * The nouns that name each class in a log's description, French and English, matched at the start
 * of a word (« sables », « argiles », « gravel »): « lentilles » holds no till, « silteuse » no silt.
 */
const PRINCIPAL_NOUNS: readonly (readonly [SoilClass, RegExp])[] = [
  ['asphalt', /^(?:asphalte?|enrobe|bitume|revetement)$/],
  ['fill', /^(?:remblai|fill|made)s?$/],
  ['fractured_bedrock', /^(?:fractured?|fissured?)s?$/],
  // Rocks by name, French and English: a log says « MUDSTONE » or « grès » more often than « rock ».
  [
    'bedrock',
    /^(?:roc|roche|rock|bedrock|calcaire|schiste|shale|limestone|gres|sandstone|mudstone|siltstone|claystone|argilite|dolomie|dolostone|granite|gneiss|basalte?|dolerite|quartzite|ardoise|slate|marbre|marble|conglomerate?|breche|breccia|craie|chalk|coal|houille)s?$/,
  ],
  ['till', /^tills?$/],
  ['gravel', /^(?:gravier|galet|caillou|gravel|cobble|boulder|bloc)[sx]?$/],
  ['sand', /^(?:sable|sand)s?$/],
  ['silt', /^(?:silt|limon)s?$/],
  ['clay', /^(?:argile|clay)s?$/],
];

/**
 * The principal soil of a description, as engineers write it: the first soil named by a noun, the
 * adjectives that qualify it set aside (« Argile silteuse » is a clay, « SILT argileux » a silt,
 * « sandy CLAY » a clay). In a rock layer, « roc fracturé » says fractured rock. Null when no noun
 * names a class.
 *
 * @example principalSoil('Argile silteuse grise, traces de sable') // 'clay'
 */
export function principalSoil(description: string): SoilClass | null {
  const words = foldText(description).split(/[^a-z]+/);
  for (const [i, word] of words.entries()) {
    const named = PRINCIPAL_NOUNS.find(([, noun]) => noun.test(word))?.[0];
    if (!named || named === 'fractured_bedrock') continue;
    if (named === 'bedrock' && words.slice(i + 1, i + 4).some((next) => /^(?:fractur|fissur)/.test(next)))
      return 'fractured_bedrock';
    return named;
  }
  return null;
}

/**
 * The class of a layer of a log: its legend code's when it has one that names a class, else its
 * principal soil (principalSoil), else the specification's keyword rule (classifySoil), which the
 * workspace's horizons follow.
 *
 * @example layerSoil({ description: 'Brown slightly sandy CLAY', legend: '201', geology: '' }) // 'clay'
 */
export function layerSoil(layer: { description: string; legend?: string; geology?: string }): SoilClass {
  return (
    soilOfLegend(layer.legend) ??
    principalSoil(layer.description) ??
    principalSoil(layer.geology ?? '') ??
    classifySoil(`${layer.description} ${layer.geology ?? ''}`)
  );
}
