import type { ReactNode } from 'react';
import type { Borehole } from '../../../domain/borehole.ts';
import { countOf } from '../../../domain/format.ts';
import type { Selection } from '../../lib/use-selection.ts';
import { BoreholeTable } from './borehole-table.tsx';

export interface DatabaseScreenProps {
  rows: Borehole[];
  total: number;
  selection: Selection;
  /** Query string for the links, with the filters and the selected ids. */
  linkQuery: string;
  onReset: () => void;
  /** The 'Exporter' menu for some rows: the selection if any, else every result. */
  exportMenu: (exported: Borehole[]) => ReactNode;
}

/** The database screen: its toolbar (count, exports, links carrying the selection) and the table. */
export function DatabaseScreen({ rows, total, selection, linkQuery, onReset, exportMenu }: DatabaseScreenProps) {
  const { selected } = selection;
  const exported = selected.size ? rows.filter((row) => selected.has(row.id)) : rows;
  const count = countOf(total, 'résultat');
  return (
    <section className="workspace__table" aria-labelledby="database-title">
      <div className="workspace__toolbar">
        <h2 id="database-title">
          {count} · {countOf(selected.size, 'sélectionné')}
        </h2>
        <button className="button" type="button" onClick={onReset}>
          Réinitialiser
        </button>
        {exportMenu(exported)}
        <a
          className="button"
          aria-disabled={selected.size === 0}
          href={selected.size ? `/client/map${linkQuery}` : undefined}
        >
          Voir sur la carte
        </a>
        <a
          className="button"
          aria-disabled={selected.size === 0}
          href={selected.size ? `/client/reports${linkQuery}` : undefined}
        >
          Rapports
        </a>
        <button className="button" type="button" disabled={selected.size === 0} onClick={selection.clear}>
          Effacer sélection
        </button>
      </div>
      <BoreholeTable rows={rows} selected={selected} onToggle={selection.toggle} onToggleAll={selection.toggleAll} />
    </section>
  );
}
