import type { ReactNode } from 'react';
import type { EntriesByRule, ImportReport, ReportEntry } from '../../../domain/ags/import/prepare-import.ts';
import { PROCESS_ERROR } from '../../../domain/ags/ags-issue.ts';
import { ruleAsks, ruleTitle } from '../../../domain/ags/rule-texts.ts';

const SHOWN = 50;

/** An entry: where (line, group), what was found, and the line as the file writes it. */
function Entry({ entry }: { entry: ReportEntry }) {
  return (
    <>
      {entry.line !== null && <span className="import-report__line">ligne {entry.line}</span>}
      {entry.group && <span className="import-report__group">{entry.group}</span>}
      {entry.message}
      {entry.text !== undefined && (
        <code className="import-report__text" aria-label="Texte de la ligne">
          {entry.text}
        </code>
      )}
    </>
  );
}

/** One level of the report (errors, warnings, notes): a collapsible block per rule, with its count. */
function Entries({
  title,
  entries,
  open,
  children,
}: {
  title: string;
  entries: EntriesByRule;
  open: boolean;
  /** What this level means for the import, when it needs saying. */
  children?: ReactNode;
}) {
  const rules = Object.entries(entries);
  if (rules.length === 0) return null;
  const total = rules.reduce((sum, [, list]) => sum + list.length, 0);
  return (
    <section className="import-report__level" aria-label={title}>
      <h3>
        {title} ({total})
      </h3>
      {children && <p className="import-report__meaning">{children}</p>}
      {rules.map(([rule, list]) => (
        <details key={rule} open={open && rules.length <= 3}>
          <summary>
            {ruleTitle(rule)} — {list.length}
            {ruleAsks(rule) && <span className="import-report__asks">{ruleAsks(rule)}</span>}
          </summary>
          <ul>
            {list.slice(0, SHOWN).map((entry, i) => (
              <li key={i}>
                <Entry entry={entry} />
              </li>
            ))}
            {list.length > SHOWN && <li>… et {list.length - SHOWN} autre(s), dans le rapport CSV.</li>}
          </ul>
        </details>
      ))}
    </section>
  );
}

/**
 * The verdict on a file before anything is written: its summary, then why the check stopped when
 * it did (first: it is the cause, and what follows only covers the lines read before it), then
 * errors, the boreholes set aside, warnings and notes, each rule with what it asks.
 */
export function ImportReportView({ report }: { report: ImportReport }) {
  const { [PROCESS_ERROR]: stops, ...errors } = report.errors;
  const stop = stops?.[0];
  return (
    <div className="import-report" data-valid={report.valid}>
      <p className="import-report__summary" role="status">
        {report.valid ? 'Fichier valide : ' : 'Fichier refusé : '}
        {report.summary}
      </p>
      {stop && (
        <section className="import-report__stop" aria-label="Vérification arrêtée">
          <h3>Vérification arrêtée</h3>
          <p>
            <Entry entry={stop} />
          </p>
          <p>
            Le fichier n’a pas été lu jusqu’au bout : les erreurs qui suivent ne portent que sur les lignes lues avant.
            Corrigez cette ligne, puis vérifiez le fichier de nouveau.
          </p>
        </section>
      )}
      <Entries title="Erreurs bloquantes" entries={errors} open />
      <Entries title="Forages écartés" entries={report.setAside ?? {}} open>
        Ces forages ne seront pas importés, ni leurs couches, essais ou documents : GéoSonde ne saurait pas les ranger
        sans risque. Les autres forages du fichier le seront. Corrigez-les dans le fichier, puis importez-le de nouveau
        pour les ajouter.
      </Entries>
      <Entries title="Avertissements" entries={report.warnings} open />
      <Entries title="Pour information" entries={report.fyi} open={false} />
    </div>
  );
}
