const PRINTABLE = /^[\x20-\x7e]*$/;

/**
 * Plain ASCII for an AGS field (rule 1): accents dropped, typographic quotes, dashes and spaces
 * made plain, line breaks as spaces, anything else non-ASCII as '?'.
 *
 * @example ascii('Rapport géotechnique – « Côte-des-Neiges »') // 'Rapport geotechnique - "Cote-des-Neiges"'
 */
export function ascii(text: string): string {
  if (PRINTABLE.test(text)) return text.replace(/ {2,}/g, ' ').trim();
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[\u2018\u2019\u201a\u2032]/g, "'")
    .replace(/\u00ab[\s\u00a0\u202f]*|[\s\u00a0\u202f]*\u00bb/g, '"')
    .replace(/[\u201c\u201d\u201e\u2033]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/\u2026/g, '...')
    .replace(/[œŒæÆß]/g, (c) => ({ œ: 'oe', Œ: 'OE', æ: 'ae', Æ: 'AE', ß: 'ss' })[c]!)
    .replace(/[\s\u00a0\u202f]+/g, ' ')
    .replace(/[^\x20-\x7e]/g, '?')
    .trim();
}
