import { issue, type AgsIssue } from './ags-issue.ts';
import { splitFields, type AgsLine } from './ags-lines.ts';

/** Rules 1, 2a, 3, 5 and 6: what each line must follow on its own, whatever its group. */
export function checkLine({ number, text, crlf }: AgsLine): AgsIssue[] {
  const issues: AgsIssue[] = [];
  // Read as UTF-8, any code point above 127 breaks the rule (the reference tolerates 160-255 too).
  if (/[\u0080-\uffff]/.test(text)) {
    const bom = number === 1 && text.startsWith('\ufeff') ? ' and/or a byte-order mark (BOM)' : '';
    issues.push(issue('1', number, '', `Has non-ASCII character(s)${bom}.`));
  }
  if (!crlf) issues.push(issue('2a', number, '', 'Is not terminated by <CR> and <LF> characters.'));
  if (text.trim() === '') return issues;
  if (!/^"(GROUP|HEADING|UNIT|TYPE|DATA)"/.test(text)) {
    issues.push(issue('3', number, '', 'Does not start with a valid data descriptor.'));
  }
  const fields = splitFields(text);
  if (fields.unquoted) issues.push(issue('5', number, '', 'Contains fields that are not enclosed in double quotes.'));
  else if (fields.strayQuote) issues.push(issue('5', number, '', 'Contains quotes within a data field not doubled.'));
  if (fields.badSeparator) issues.push(issue('6', number, '', 'Fields are not separated by commas.'));
  return issues;
}
