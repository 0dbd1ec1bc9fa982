import type { EntriesByRule, ImportReport } from '../../../domain/ags/import/prepare-import.ts';

/** 'AGS Format Rule 10b' → 'Règle AGS 10b'; GéoSonde's and the other headings as they are. */
const ruleTitle = (rule: string) =>
  rule
    .replace(/^AGS Format Rule (\w+)$/, 'Règle AGS $1')
    .replace(/^FYI \(Related to Rule (\w+)\)$/, 'Pour information (règle AGS $1)')
    .replace(/^FYI$/, 'Pour information')
    .replace(/^Validator Process Error$/, 'Vérification arrêtée');

const SHOWN = 50;

/** One level of the report (errors, warnings, notes): a collapsible block per rule, with its count. */
function Entries({ title, entries, open }: { title: string; entries: EntriesByRule; open: boolean }) {
  const rules = Object.entries(entries);
  if (rules.length === 0) return null;
  const total = rules.reduce((sum, [, list]) => sum + list.length, 0);
  return (
    <section className="import-report__level" aria-label={title}>
      <h3>
        {title} ({total})
      </h3>
      {rules.map(([rule, list]) => (
        <details key={rule} open={open && rules.length <= 3}>
          <summary>
            {ruleTitle(rule)} — {list.length}
          </summary>
          <ul>
            {list.slice(0, SHOWN).map((entry, i) => (
              <li key={i}>
                {entry.line !== null && <span className="import-report__line">ligne {entry.line}</span>}
                {entry.group && <span className="import-report__group">{entry.group}</span>}
                {entry.message}
              </li>
            ))}
            {list.length > SHOWN && <li>… et {list.length - SHOWN} autre(s), dans le rapport CSV.</li>}
          </ul>
        </details>
      ))}
    </section>
  );
}

/** The verdict on a file before anything is written: its summary, then errors, warnings and notes. */
export function ImportReportView({ report }: { report: ImportReport }) {
  return (
    <div className="import-report" data-valid={report.valid}>
      <p className="import-report__summary" role="status">
        {report.valid ? 'Fichier valide : ' : 'Fichier refusé : '}
        {report.summary}
      </p>
      <Entries title="Erreurs bloquantes" entries={report.errors} open />
      <Entries title="Avertissements" entries={report.warnings} open />
      <Entries title="Pour information" entries={report.fyi} open={false} />
    </div>
  );
}
