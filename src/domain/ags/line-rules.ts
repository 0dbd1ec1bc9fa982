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
  if (text.trim() === '') {
    if (text !== '') issues.push(issue('5', number, '', 'Ne contient que des espaces.'));
    return issues;
  }
  if (!/^"(GROUP|HEADING|UNIT|TYPE|DATA)"/.test(text)) {
    issues.push(issue('3', number, '', 'Ne commence pas par GROUP, HEADING, UNIT, TYPE ou DATA.'));
  }
  const quotes = quoting(text);
  if (quotes === 'unquoted') issues.push(issue('5', number, '', 'Contient des champs sans guillemets droits.'));
  else if (quotes === 'stray') issues.push(issue('5', number, '', 'Contient un guillemet non doublé dans un champ.'));
  const fields = splitFields(text);
  if (fields.badSeparator) issues.push(issue('6', number, '', 'Les champs ne sont pas séparés par des virgules.'));
  return issues;
}

/**
 * Rule 5 line by line, as the reference validator reads it: a line begins and ends with a quote;
 * a HEADING, UNIT or TYPE line has no comma outside `","`; in the other lines, where a comma may be
 * text, a quote is a stray when it is neither one that encloses a comma-separated piece nor doubled.
 * So the second line of a text field broken by a line break, `","101"`, breaks rule 3 alone.
 */
function quoting(text: string): 'unquoted' | 'stray' | null {
  if (!text.startsWith('"') || !text.endsWith('"') || text.endsWith('","')) return 'unquoted';
  if (/^"*(HEADING|UNIT|TYPE)/.test(text))
    return text.split('","').length !== text.split(',').length ? 'unquoted' : null;
  const inside = text
    .split(',')
    .map((piece) => piece.replace(/^"+|"+$/g, ''))
    .join(' ')
    .replaceAll('""', ' ');
  return inside.includes('"') ? 'stray' : null;
}
