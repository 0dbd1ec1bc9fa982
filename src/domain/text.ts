/**
 * Folds text for loose matching: lower case, accents removed, white space collapsed.
 * Used by the filters and by the soil classifier, and stored beside searchable columns
 * so that SQL and JavaScript compare exactly the same strings.
 *
 * @example foldText('  Montréal  Nord ') // 'montreal nord'
 */
export function foldText(value: string | null | undefined): string {
  if (!value) return '';
  return value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}
