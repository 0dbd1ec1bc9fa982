import { useEffect, useRef } from 'react';
import type { WorkspaceScreen } from '../../../lib/after-login.ts';

const SCREENS = [
  ['map', 'Carte'],
  ['database', 'Base de données'],
  ['reports', 'Rapports'],
  ['import', 'Importer'],
  ['admin', 'Administration'],
] as const;

export interface ScreenNavProps {
  /** The screen shown, none on a page of its own (a record). */
  screen: WorkspaceScreen | null;
  /** The query string the links keep. */
  search: string;
  /** An administrator also has the Administration screen. */
  admin: boolean;
}

/** The workspace's tabs: one link per screen, keeping the search. */
export function ScreenNav({ screen, search, admin }: ScreenNavProps) {
  const bar = useRef<HTMLElement>(null);
  // On a phone the tabs scroll sideways: the current one is brought into the bar's view.
  useEffect(() => {
    const current = bar.current?.querySelector<HTMLElement>('[aria-current="page"]');
    if (bar.current && current && current.offsetLeft + current.offsetWidth > bar.current.clientWidth) {
      bar.current.scrollLeft = current.offsetLeft + current.offsetWidth - bar.current.clientWidth;
    }
  }, [screen]);
  return (
    <nav ref={bar} className="workspace__bar" aria-label="Espace de Travail">
      {SCREENS.filter(([name]) => admin || name !== 'admin').map(([name, label]) => (
        <a key={name} href={`/client/${name}${search}`} aria-current={name === screen ? 'page' : undefined}>
          {label}
        </a>
      ))}
    </nav>
  );
}
