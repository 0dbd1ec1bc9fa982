import { useEffect, useRef, useState } from 'react';
import type { Borehole } from '../../../domain/borehole.ts';
import { DATABASE_COLUMNS, databaseRow, toCsv, toGeoJson } from '../../../domain/export-rows.ts';

export interface ExportMenuProps {
  /** The selection if any, else every result. */
  rows: Borehole[];
}

function download(name: string, type: string, content: string) {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const FORMATS = [
  {
    label: 'CSV',
    run: (rows: Borehole[]) =>
      download('geosonde-database.csv', 'text/csv;charset=utf-8', toCsv(DATABASE_COLUMNS, rows.map(databaseRow))),
  },
  {
    label: 'GeoJSON',
    run: (rows: Borehole[]) =>
      download('geosonde-database.geojson', 'application/geo+json', JSON.stringify(toGeoJson(rows), null, 2)),
  },
] as const;

/** The 'Exporter' menu of the database: it closes on mouse leave or a click outside. */
export function ExportMenu({ rows }: ExportMenuProps) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onClick = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('click', onClick);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('click', onClick);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className="export-menu" ref={root} onMouseLeave={() => setOpen(false)}>
      <button className="button" type="button" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen(!open)}>
        Exporter ({rows.length})
      </button>
      {open && (
        <ul className="export-menu__list" role="menu">
          {FORMATS.map((format) => (
            <li key={format.label} role="none">
              <button
                type="button"
                role="menuitem"
                onClick={() => {
                  format.run(rows);
                  setOpen(false);
                }}
              >
                {format.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
