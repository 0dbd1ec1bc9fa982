import { useMemo, useState } from 'react';
import type { Borehole } from '../../domain/borehole.ts';
import { toggled } from './selection.ts';

/** The boreholes chosen among the results, and the active one (its popup open). */
export interface Selection {
  /** The chosen boreholes still among the rows shown (all chosen when the rows stay on the server). */
  selected: ReadonlySet<string>;
  /** Every match of the search is selected, loaded or not (the database screen's header box). */
  allMatches: boolean;
  active: string | null;
  toggle: (id: string) => void;
  /** Selects every row, or none when every row is selected. */
  toggleAll: () => void;
  /** Selects every match of the search without loading them. */
  selectAllMatches: () => void;
  /**
   * Toggles a row of a page: with every match selected, the selection becomes the page's other
   * rows (a mail client's "select all" does the same).
   */
  toggleAmong: (id: string, page: readonly Borehole[]) => void;
  /** Makes one borehole active and the only one selected (a click on its card). */
  pick: (id: string) => void;
  /**
   * Whether clicks and taps add to the selection (« Sélection multiple »): the same on the map and in
   * the list, by mouse, keyboard or touch, rather than Ctrl/Cmd alone, which nothing shows.
   */
  multiple: boolean;
  setMultiple: (on: boolean) => void;
  /** Adds boreholes to the selection (those a rectangle drawn on the map takes in). */
  addMany: (ids: readonly string[]) => void;
  /** A card's click: adds or removes it in multiple selection or with Ctrl/Cmd; else picks it. */
  onCardClick: (id: string, event: { ctrlKey: boolean; metaKey: boolean }) => void;
  /** A dot's click: the same as a card's; a dot already active clears all. */
  onDotClick: (dot: { id: string }, event: MouseEvent) => void;
  /** A popup closed on its own: its borehole is no longer active. */
  onPopupClose: (id: string) => void;
  /** Empties the selection; the active borehole stays. */
  clear: () => void;
  /** Empties the selection and the active borehole (a new search). */
  reset: () => void;
}

/**
 * The selection of the map and the database screens, over the rows shown (null: the rows stay on
 * the server, a page at a time), starting from `initial`.
 */
export function useSelection(rows: readonly Borehole[] | null, initial: () => readonly string[] = () => []): Selection {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set(initial()));
  const [allMatches, setAllMatches] = useState(false);
  const [active, setActive] = useState<string | null>(null);
  const [multiple, setMultiple] = useState(false);
  // The selection only ever holds rows that are shown; the server checks the others.
  const selected = useMemo<ReadonlySet<string>>(() => {
    if (rows === null) return chosen;
    const visible = new Set(rows.map((row) => row.id));
    return new Set([...chosen].filter((id) => visible.has(id)));
  }, [chosen, rows]);

  const choose = (ids: ReadonlySet<string>) => {
    setAllMatches(false);
    setChosen(ids);
  };
  const toggle = (id: string) => {
    setAllMatches(false);
    setChosen((current) => toggled(current, id));
  };
  const pick = (id: string) => {
    setActive(id);
    choose(new Set([id]));
  };
  const reset = () => {
    choose(new Set());
    setActive(null);
  };
  const all = rows ?? [];
  return {
    selected,
    allMatches,
    active,
    toggle,
    toggleAll: () =>
      choose(all.length > 0 && all.every((row) => chosen.has(row.id)) ? new Set() : new Set(all.map((row) => row.id))),
    selectAllMatches: () => {
      setChosen(new Set());
      setAllMatches(true);
    },
    toggleAmong: (id, page) =>
      allMatches ? choose(new Set(page.map((row) => row.id).filter((other) => other !== id))) : toggle(id),
    pick,
    multiple,
    setMultiple,
    addMany: (ids) => {
      setAllMatches(false);
      setChosen((current) => new Set([...current, ...ids]));
    },
    onCardClick: (id, event) => (multiple || event.ctrlKey || event.metaKey ? toggle(id) : pick(id)),
    onDotClick: (row, event) => {
      if (multiple || event.ctrlKey || event.metaKey) return toggle(row.id);
      if (active === row.id) return reset();
      pick(row.id);
    },
    onPopupClose: (id) => setActive((current) => (current === id ? null : current)),
    clear: () => choose(new Set()),
    reset,
  };
}
