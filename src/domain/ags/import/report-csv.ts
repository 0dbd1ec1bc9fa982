import { csvCell } from '../../csv.ts';
import type { EntriesByRule, ImportReport } from './prepare-import.ts';

/**
 * The report of an import as CSV (semicolons, as spreadsheets read them in French): one line per
 * entry, with its kind, rule, line, group and message; the summary first.
 */
export function reportCsv(fileName: string, report: ImportReport): string {
  const lines: (string | number | null)[][] = [
    ['Fichier', 'Niveau', 'Règle', 'Ligne', 'Groupe', 'Message'],
    [fileName, 'Résumé', '', null, '', report.summary],
  ];
  const add = (level: string, entries: EntriesByRule) => {
    for (const [rule, list] of Object.entries(entries)) {
      for (const entry of list) lines.push([fileName, level, rule, entry.line, entry.group, entry.message]);
    }
  };
  add('Erreur', report.errors);
  add('Avertissement', report.warnings);
  add('Pour information', report.fyi);
  return `\ufeff${lines.map((line) => line.map((value) => csvCell(value, ';')).join(';')).join('\r\n')}\r\n`;
}
