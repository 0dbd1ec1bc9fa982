import { useCallback, useEffect, useId, useState } from 'react';
import type { ImportReport } from '../../../domain/ags/import/prepare-import.ts';
import { reportCsv } from '../../../domain/ags/import/report-csv.ts';
import { apiJson, errorMessage } from '../../../lib/api.ts';
import { countWith } from '../../../domain/format.ts';
import type { ImportItem } from '../../../domain/ags/import/import-item.ts';
import { ImportForm } from './import-form.tsx';
import { ImportHistory } from './import-history.tsx';
import { ImportReportView } from './import-report.tsx';
import { sendImport } from './send-import.ts';

interface CommitAnswer {
  created: number;
  updated: number;
  unchanged: number;
  documents: number;
  boreholes: { id: string; locaId: string; status: string }[];
}

type Step =
  | { name: 'choose' }
  | { name: 'sending'; share: number }
  | { name: 'checked'; id: string; report: ImportReport }
  | { name: 'committing'; id: string; report: ImportReport }
  | { name: 'done'; report: ImportReport; result: CommitAnswer };

/** Saves text as a file the browser downloads. */
function download(name: string, text: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * 'Importer': an AGS 4 file, AGS ZIP or filled template dropped or browsed for, sent with its progress, checked by the server
 * (nothing written yet), its report shown and downloadable; 'Importer' then writes it, and the
 * result links to the boreholes on the map. Below, the organisation's past imports.
 */
export function ImportScreen({ canImport }: { canImport: boolean }) {
  const ids = useId();
  const [file, setFile] = useState<File | null>(null);
  const [crs, setCrs] = useState('');
  const [step, setStep] = useState<Step>({ name: 'choose' });
  const [error, setError] = useState<string | null>(null);
  const [history, setHistory] = useState<ImportItem[] | null>(null);

  const reload = useCallback(() => {
    apiJson<{ items: ImportItem[] }>('/api/imports').then(
      ({ items }) => setHistory(items),
      () => setHistory([]),
    );
  }, []);
  useEffect(reload, [reload]);

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setStep({ name: 'choose' });
    setError(null);
  };
  const check = async () => {
    if (!file) return;
    setError(null);
    setStep({ name: 'sending', share: 0 });
    const answer = await sendImport(file, crs, (share) => setStep({ name: 'sending', share }));
    if (answer.ok) setStep({ name: 'checked', id: answer.id, report: answer.report });
    else {
      setError(answer.error);
      setStep({ name: 'choose' });
    }
    reload();
  };
  const commit = async (id: string, report: ImportReport) => {
    setStep({ name: 'committing', id, report });
    try {
      const result = await apiJson<CommitAnswer>(`/api/imports/${id}/commit`, { method: 'POST' });
      setStep({ name: 'done', report, result });
    } catch (failure) {
      setError(errorMessage(failure, 'Import impossible. Réessayez.'));
      setStep({ name: 'checked', id, report });
    }
    reload();
  };

  const remove = async (item: ImportItem) => {
    setError(null);
    try {
      await apiJson(`/api/imports/${item.id}`, { method: 'DELETE' });
      // The report on screen was this import's: it goes with it.
      if ((step.name === 'checked' || step.name === 'committing') && step.id === item.id) setStep({ name: 'choose' });
    } catch (failure) {
      setError(errorMessage(failure, `« ${item.fileName} » n’a pas pu être retiré. Réessayez.`));
    }
    reload();
  };

  const report = step.name === 'checked' || step.name === 'committing' || step.name === 'done' ? step.report : null;
  // Every borehole of the file, unchanged ones included: the result shows where the file's data lies.
  const written = step.name === 'done' ? step.result.boreholes : [];
  return (
    <section className="import-screen" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>Importer des données de forage</h2>
      {canImport ? (
        <ImportForm
          file={file}
          crs={crs}
          sending={step.name === 'sending' ? step.share : null}
          onFile={choose}
          onCrs={setCrs}
          onCheck={() => void check()}
        />
      ) : (
        <p className="import-screen__read-only">
          Votre compte est en lecture seule : il ne peut pas importer de données.
        </p>
      )}
      {error && (
        <p className="import-screen__error" role="alert">
          {error}
        </p>
      )}
      {report && file && (
        <div className="import-screen__report">
          <ImportReportView report={report} />
          <div className="import-screen__actions">
            <button
              type="button"
              className="button"
              onClick={() => download(`${file.name}.rapport.csv`, reportCsv(file.name, report), 'text/csv')}
            >
              Télécharger le rapport (CSV)
            </button>
            {step.name !== 'done' && (
              <button
                type="button"
                className="button button--primary"
                disabled={!report.valid || step.name === 'committing'}
                onClick={() => step.name === 'checked' && void commit(step.id, report)}
              >
                {step.name === 'committing' ? 'Import…' : 'Importer'}
              </button>
            )}
          </div>
        </div>
      )}
      {step.name === 'done' && (
        <p className="import-screen__result" role="status">
          Import terminé : {countWith(step.result.created, 'forage créé', 'forages créés')},{' '}
          {countWith(step.result.updated, 'mis à jour', 'mis à jour')},{' '}
          {countWith(step.result.unchanged, 'inchangé', 'inchangés')}
          {step.result.documents > 0 &&
            `, ${countWith(step.result.documents, 'document joint', 'documents joints')}`}.{' '}
          {written.length > 0 && (
            <a href={`/client/map?ids=${written.map((b) => encodeURIComponent(b.id)).join(',')}`}>Voir sur la carte</a>
          )}
        </p>
      )}
      {history && <ImportHistory items={history} onRemove={(item) => void remove(item)} />}
    </section>
  );
}
