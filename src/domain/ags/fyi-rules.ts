import { DICTIONARY_FILES } from './ags-dictionary.ts';
import { fyi, type AgsIssue } from './ags-issue.ts';
import type { CheckContext } from './check-context.ts';
import { headingsOf, valueOf, type AgsGroup } from './read-ags.ts';

/** A note when TRAN_AGS names no known edition: the 4.1.1 dictionary is used instead. */
export function checkEdition({ byName }: CheckContext): AgsIssue[] {
  const tran = byName.get('TRAN');
  const row = tran?.rows[0];
  if (!tran || !row || !headingsOf(tran).includes('TRAN_AGS')) return [];
  const edition = valueOf(tran, row, 'TRAN_AGS');
  if (edition in DICTIONARY_FILES) return [];
  return [
    fyi(
      null,
      row.line,
      'TRAN',
      `« ${edition} » sous TRAN_AGS n’est pas une édition AGS\u00a04 connue : le dictionnaire standard 4.1.1 sert à la vérification.`,
    ),
  ];
}

/**
 * Notes (rule 16) for the file's abbreviations that the standard list also defines, with another
 * description (compared without case): the file may have redefined a standard code.
 */
export function checkAbbreviationDescriptions({ byName }: CheckContext, standard: AgsGroup | undefined): AgsIssue[] {
  const abbr = byName.get('ABBR');
  if (!abbr || !standard || !headingsOf(abbr).includes('ABBR_DESC')) return [];
  const described = new Map<string, string[]>();
  for (const row of standard.rows) {
    const key = `${valueOf(standard, row, 'ABBR_HDNG')}\u0000${valueOf(standard, row, 'ABBR_CODE')}`;
    described.set(key, [...(described.get(key) ?? []), valueOf(standard, row, 'ABBR_DESC')]);
  }
  return abbr.rows.flatMap((row) => {
    const [heading, code, description] = ['ABBR_HDNG', 'ABBR_CODE', 'ABBR_DESC'].map((h) => valueOf(abbr, row, h));
    return (described.get(`${heading}\u0000${code}`) ?? [])
      .filter((expected) => expected.toLowerCase() !== description!.toLowerCase())
      .map((expected) =>
        fyi(
          '16',
          row.line,
          'ABBR',
          `${heading} : l’abréviation « ${code} » est décrite « ${description} », la liste standard dit « ${expected} ».`,
        ),
      );
  });
}
