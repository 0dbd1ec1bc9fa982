import { useState, type MouseEvent, type ReactNode } from 'react';
import type { ReportItem } from '../../../domain/report.ts';
import { countOf } from '../../../domain/format.ts';
import { toggled } from '../../lib/selection.ts';
import { ChangeDialog, type DocumentChange } from './change-dialog.tsx';
import { ReportGrid } from './report-grid.tsx';
import { UploadDialog } from './upload-dialog.tsx';

export interface ReportsLibraryProps {
  rows: ReportItem[];
  total: number;
  /** The map's address for some boreholes (the query string kept, `ids` replaced). */
  mapLink: (boreholeIds: string[]) => string;
  onReset: () => void;
  /** The 'Exporter' menu for some documents (the selection if any, else all) and the selection itself. */
  exportMenu: (exported: ReportItem[], selected: ReportItem[]) => ReactNode;
  /** False for a read-only account: no uploads. */
  canUpload: boolean;
  /** Called when the server added, replaced or deleted a document (the library reloads). */
  onChanged: () => void;
}

const open = (report: ReportItem | undefined) => {
  if (report?.href) window.open(report.href, '_blank', 'noopener');
};

/**
 * The library: one card per document. A click toggles the selection, Ctrl/Cmd-click opens the
 * document. The parent remounts it when the URL's query changes, which resets the selection.
 */
export function ReportsLibrary({ rows, total, mapLink, onReset, exportMenu, canUpload, onChanged }: ReportsLibraryProps) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [uploading, setUploading] = useState(false);
  const [change, setChange] = useState<DocumentChange | null>(null);
  const chosen = rows.filter((row) => selected.has(row.id));
  // Only what the user may change: what it added, or anything for an administrator.
  const changeable = chosen.length > 0 && chosen.every((row) => row.canChange);
  const cannotChange = 'Vous ne pouvez remplacer ou supprimer que les documents que vous avez ajoutés.';
  const allSelected = rows.length > 0 && chosen.length === rows.length;
  const onCard = (event: MouseEvent, report: ReportItem) => {
    if (event.ctrlKey || event.metaKey) open(report);
    else setSelected((current) => toggled(current, report.id));
  };
  const boreholes = [...new Set(chosen.map((row) => row.bhId))];
  const firstOpenable = chosen.find((row) => row.href);
  const sites = new Map(rows.map((row) => [row.bhId, row.site]));
  const onlyBorehole = sites.size === 1 ? [...sites.keys()][0]! : '';

  return (
    <section className="workspace__table" aria-labelledby="reports-title">
      <div className="workspace__toolbar">
        <h2 id="reports-title">
          {countOf(total, 'document')} · {countOf(chosen.length, 'sélectionné')}
        </h2>
        <button
          className="button"
          type="button"
          disabled={rows.length === 0}
          onClick={() => setSelected(allSelected ? new Set() : new Set(rows.map((row) => row.id)))}
        >
          {allSelected ? 'Tout désélectionner' : 'Tout sélectionner'}
        </button>
        {exportMenu(chosen.length ? chosen : rows, chosen)}
        <button className="button" type="button" onClick={onReset}>
          Réinitialiser
        </button>
        <button className="button" type="button" disabled={!firstOpenable} onClick={() => open(firstOpenable)}>
          Ouvrir
        </button>
        <a
          className="button"
          aria-disabled={boreholes.length === 0}
          href={boreholes.length ? mapLink(boreholes) : undefined}
        >
          Voir sur la carte
        </a>
        <button className="button" type="button" disabled={chosen.length === 0} onClick={() => setSelected(new Set())}>
          Effacer sélection
        </button>
        <button
          className="button"
          type="button"
          disabled={chosen.length !== 1 || !changeable}
          title={chosen.length !== 1 ? 'Sélectionnez un seul document.' : changeable ? undefined : cannotChange}
          onClick={() => setChange({ kind: 'replace', document: chosen[0]! })}
        >
          Remplacer…
        </button>
        <button
          className="button"
          type="button"
          disabled={!changeable}
          title={chosen.length > 0 && !changeable ? cannotChange : undefined}
          onClick={() => setChange({ kind: 'delete', documents: chosen })}
        >
          Supprimer
        </button>
        <button
          className="button button--primary"
          type="button"
          disabled={!canUpload}
          title={canUpload ? undefined : 'Votre compte est en lecture seule.'}
          onClick={() => setUploading(true)}
        >
          Ajouter un rapport / journal
        </button>
      </div>
      <UploadDialog
        open={uploading}
        onClose={() => setUploading(false)}
        boreholes={[...sites].map(([id, site]) => ({ id, site })).sort((a, b) => a.id.localeCompare(b.id, 'fr'))}
        initialBorehole={boreholes[0] ?? onlyBorehole}
        onUploaded={onChanged}
      />
      <ChangeDialog
        change={change}
        onClose={() => setChange(null)}
        onChanged={() => {
          // Deleted documents leave the selection with their cards.
          if (change?.kind === 'delete') setSelected(new Set());
          onChanged();
        }}
      />
      <ReportGrid rows={rows} selected={selected} onCard={onCard} canVerify={canUpload} />
    </section>
  );
}
