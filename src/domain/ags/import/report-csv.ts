import { csvCell } from '../../csv.ts';
import { ruleAsks, ruleTitle } from '../rule-texts.ts';
import type { EntriesByRule, ImportReport } from './prepare-import.ts';

/**
 * The report of an import as CSV (semicolons, as spreadsheets read them in French): one line per
 * entry, with its kind, rule (in French, with what it asks), line, group, message and the line's
 * text where the report kept it; the summary first.
 */
export function reportCsv(fileName: string, report: ImportReport): string {
  const lines: (string | number | null)[][] = [
    ['Fichier', 'Niveau', 'Règle', 'Ce que demande la règle', 'Ligne', 'Groupe', 'Message', 'Texte de la ligne'],
    [fileName, 'Résumé', '', '', null, '', report.summary, ''],
  ];
  const add = (level: string, entries: EntriesByRule) => {
    for (const [rule, list] of Object.entries(entries)) {
      for (const entry of list) {
        lines.push([
          fileName,
          level,
          ruleTitle(rule),
          ruleAsks(rule),
          entry.line,
          entry.group,
          entry.message,
          entry.text ?? '',
        ]);
      }
    }
  };
  add('Erreur', report.errors);
  add('Forage écarté', report.setAside ?? {});
  add('Avertissement', report.warnings);
  add('Pour information', report.fyi);
  return `\ufeff${lines.map((line) => line.map((value) => csvCell(value, ';')).join(';')).join('\r\n')}\r\n`;
}
