import { fyi, issue, type AgsIssue } from './ags-issue.ts';
import { splitFields, type AgsLine } from './ags-lines.ts';

/** Rules 1, 2a, 3, 5 and 6: what each line must follow on its own, whatever its group. */
export function checkLine({ number, text, crlf }: AgsLine): AgsIssue[] {
  const issues: AgsIssue[] = [];
  // Read as UTF-8: a code point above 255 breaks the rule; 128 to 255 (extended ASCII) is only
  // noted, as the reference does. A byte-order mark (U+FEFF) on line 1 counts as a break.
  if (/[\u0100-\u{10ffff}]/u.test(text)) {
    const first = number === 1;
    issues.push(
      issue(
        '1',
        number,
        '',
        `Contient des caractères hors ASCII${first ? ' et/ou une marque d’ordre des octets (BOM)' : ''}.`,
      ),
    );
    if (first)
      issues.push(fyi('1', number, '', 'Enregistrez le fichier sans BOM : d’autres logiciels le liraient mal.'));
  } else if (/[\u0080-\u00ff]/.test(text)) {
    issues.push(fyi('1', number, '', 'Contient des caractères ASCII étendus (128 à 255).'));
  }
  if (!crlf) issues.push(issue('2a', number, '', 'Ne se termine pas par <CR><LF>.'));
  if (text.trim() === '') return issues;
  if (!/^"(GROUP|HEADING|UNIT|TYPE|DATA)"/.test(text)) {
    issues.push(issue('3', number, '', 'Ne commence pas par GROUP, HEADING, UNIT, TYPE ou DATA.'));
  }
  const fields = splitFields(text);
  if (fields.unquoted) issues.push(issue('5', number, '', 'Contient des champs sans guillemets droits.'));
  else if (fields.strayQuote) issues.push(issue('5', number, '', 'Contient un guillemet non doublé dans un champ.'));
  if (fields.badSeparator) issues.push(issue('6', number, '', 'Les champs ne sont pas séparés par des virgules.'));
  return issues;
}
