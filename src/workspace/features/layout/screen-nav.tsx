import type { WorkspaceScreen } from '../../../lib/after-login.ts';

const SCREENS = [
  ['map', 'Carte'],
  ['database', 'Base de données'],
  ['reports', 'Rapports'],
  ['import', 'Importer'],
] as const;

export interface ScreenNavProps {
  screen: WorkspaceScreen;
  /** The query string the links keep. */
  search: string;
}

/** The workspace's tabs: one link per screen, keeping the search. */
export function ScreenNav({ screen, search }: ScreenNavProps) {
  return (
    <nav className="workspace__bar" aria-label="Espace de Travail">
      {SCREENS.map(([name, label]) => (
        <a key={name} href={`/client/${name}${search}`} aria-current={name === screen ? 'page' : undefined}>
          {label}
        </a>
      ))}
    </nav>
  );
}
