import { useMemo, useState } from 'react';
import type { Borehole } from '../../domain/borehole.ts';
import { toggled } from './selection.ts';

/** The boreholes chosen among the results, and the active one (its popup open). */
export interface Selection {
  /** The chosen boreholes still among the rows shown. */
  selected: ReadonlySet<string>;
  active: string | null;
  toggle: (id: string) => void;
  /** Selects every row, or none when every row is selected. */
  toggleAll: () => void;
  /** Makes one borehole active and the only one selected (a click on its card). */
  pick: (id: string) => void;
  /** A dot's click: Ctrl/Cmd toggles it; else it becomes active, or clears all when it already was. */
  onDotClick: (row: Borehole, event: MouseEvent) => void;
  /** A popup closed on its own: its borehole is no longer active. */
  onPopupClose: (id: string) => void;
  /** Empties the selection; the active borehole stays. */
  clear: () => void;
  /** Empties the selection and the active borehole (a new search). */
  reset: () => void;
}

/** The selection of the map and the database screens, over the rows shown, starting from `initial`. */
export function useSelection(rows: readonly Borehole[], initial: () => readonly string[] = () => []): Selection {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set(initial()));
  const [active, setActive] = useState<string | null>(null);
  // The selection only ever holds rows that are shown.
  const selected = useMemo<ReadonlySet<string>>(() => {
    const visible = new Set(rows.map((row) => row.id));
    return new Set([...chosen].filter((id) => visible.has(id)));
  }, [chosen, rows]);

  const toggle = (id: string) => setChosen((current) => toggled(current, id));
  const pick = (id: string) => {
    setActive(id);
    setChosen(new Set([id]));
  };
  const reset = () => {
    setChosen(new Set());
    setActive(null);
  };
  return {
    selected,
    active,
    toggle,
    toggleAll: () =>
      setChosen((current) =>
        rows.length > 0 && rows.every((row) => current.has(row.id)) ? new Set() : new Set(rows.map((row) => row.id)),
      ),
    pick,
    onDotClick: (row, event) => {
      if (event.ctrlKey || event.metaKey) return toggle(row.id);
      if (active === row.id) return reset();
      pick(row.id);
    },
    onPopupClose: (id) => setActive((current) => (current === id ? null : current)),
    clear: () => setChosen(new Set()),
    reset,
  };
}
