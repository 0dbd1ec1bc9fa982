import { hasRole, type Role } from '../../../domain/roles.ts';
import type { WorkspaceScreen } from '../../../lib/after-login.ts';

/** Each tab, and the lowest role that has it. */
const SCREENS: readonly (readonly [WorkspaceScreen, string, Role])[] = [
  ['map', 'Carte', 'viewer'],
  ['database', 'Base de données', 'viewer'],
  ['reports', 'Rapports', 'viewer'],
  ['sections', 'Coupes', 'viewer'],
  ['surfaces', 'Surfaces', 'viewer'],
  ['import', 'Importer', 'viewer'],
  ['api', 'Accès API', 'member'],
  ['admin', 'Administration', 'admin'],
];

export interface ScreenNavProps {
  /** The screen shown, none on a page of its own (a record). */
  screen: WorkspaceScreen | null;
  /** The query string the links keep. */
  search: string;
  /** The user's role: a member also has « Accès API », an administrator « Administration » too. */
  role: Role;
}

/** The workspace's tabs: one link per screen, keeping the search. */
export function ScreenNav({ screen, search, role }: ScreenNavProps) {
  return (
    <nav className="workspace__bar" aria-label="Espace de Travail">
      {SCREENS.filter(([, , minimum]) => hasRole(role, minimum)).map(([name, label]) => (
        <a key={name} href={`/client/${name}${search}`} aria-current={name === screen ? 'page' : undefined}>
          {label}
        </a>
      ))}
    </nav>
  );
}
