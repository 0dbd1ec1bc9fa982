import { useEffect, useRef, useState } from 'react';
import { numberFormat } from '../../../domain/format.ts';
import { TOO_MANY_LOGS } from './database-exports.ts';
import { NO_IMAGE_SELECTED } from './reports-exports.ts';
import { ExportRefused, type ExportFormat } from './table-exports.ts';

const thousands = numberFormat();

/** The id of a format's hint, which describes its menu item (its name stays the label). */
const hintId = (label: string) => `export-hint-${label.replace(/[^\w]+/g, '-')}`;

export interface ExportMenuProps {
  /** How many rows an export holds: the selection if any, else every result. */
  count: number;
  formats: () => ExportFormat[];
  /** What is exported, and of which organisation: reported to the server for the audit. */
  audit: { what: 'boreholes' | 'reports'; tenant: string };
}

/** The 'Exporter' menu: it closes on mouse leave, a click outside or Escape. */
export function ExportMenu({ count, formats, audit }: ExportMenuProps) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  // How far the export running has come (0 to 1), null while that cannot be told.
  const [progress, setProgress] = useState<number | null>(null);
  const [notice, setNotice] = useState('');
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

  const run = async (format: ExportFormat) => {
    setOpen(false);
    setBusy(format.label);
    setProgress(null);
    setNotice('');
    try {
      const notice = (await format.run(setProgress)) ?? '';
      setNotice(notice);
      // An export that produced a file is told to the server, for the administrators' journal.
      if (notice !== NO_IMAGE_SELECTED && notice !== TOO_MANY_LOGS) {
        void fetch('/api/exports', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            // The API names formats with plain spaces; the menu's labels keep theirs unbreakable.
            format: format.label.replace(/\u00a0/g, ' '),
            count,
            what: audit.what,
            ...(audit.tenant === 'neutral' ? {} : { tenant: audit.tenant }),
          }),
          keepalive: true,
        }).catch(() => undefined);
      }
    } catch (error) {
      if (error instanceof ExportRefused) return setNotice(error.message);
      console.error(`Export ${format.label} impossible`, error);
      setNotice(`L’export ${format.label} a échoué. Réessayez ou choisissez un autre format.`);
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="export-menu" ref={root} onMouseLeave={() => setOpen(false)}>
      <button
        className="button"
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        disabled={count === 0 || busy !== null}
        onClick={() => setOpen(!open)}
      >
        {busy ? `Export ${busy}…` : `Exporter (${thousands.format(count)})`}
      </button>
      {open && (
        <ul className="export-menu__list" role="menu">
          {formats().map((format) => (
            <li key={format.label} role="none">
              <button
                type="button"
                role="menuitem"
                // Its name is the label alone; the hint describes it.
                aria-label={format.hint ? format.label : undefined}
                aria-describedby={format.hint ? hintId(format.label) : undefined}
                onClick={() => void run(format)}
              >
                {format.label}
                {format.hint && (
                  <span id={hintId(format.label)} className="export-menu__hint">
                    {format.hint}
                  </span>
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
      {busy && (
        <div className="export-menu__progress">
          <progress max={1} value={progress ?? undefined} aria-label={`Progression de l’export ${busy}`} />
          {progress !== null && <span aria-hidden="true">{Math.floor(progress * 100)} %</span>}
        </div>
      )}
      {notice && (
        <p className="export-menu__notice" role="alert">
          {notice}
        </p>
      )}
    </div>
  );
}
