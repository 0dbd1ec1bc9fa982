import { useEffect, useRef, useState } from 'react';
import { hasRole, type Role } from '../../../domain/roles.ts';
import type { WorkspaceScreen } from '../../../lib/after-login.ts';

/** Each tab, and the lowest role that has it. */
const SCREENS: readonly (readonly [WorkspaceScreen, string, Role])[] = [
  ['map', 'Carte', 'viewer'],
  ['database', 'Base de données', 'viewer'],
  ['reports', 'Rapports', 'viewer'],
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
  const bar = useRef<HTMLElement>(null);
  // On a phone the tabs scroll sideways: the current one is brought into the bar's view.
  useEffect(() => {
    const current = bar.current?.querySelector<HTMLElement>('[aria-current="page"]');
    if (bar.current && current && current.offsetLeft + current.offsetWidth > bar.current.clientWidth) {
      bar.current.scrollLeft = current.offsetLeft + current.offsetWidth - bar.current.clientWidth;
    }
  }, [screen]);
  // Tabs hidden past an edge are hinted at by that edge fading out (`data-more`: left, right, both).
  const [more, setMore] = useState('');
  useEffect(() => {
    const element = bar.current;
    if (!element) return;
    const update = () => {
      const left = element.scrollLeft > 1;
      const right = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
      setMore(left && right ? 'both' : left ? 'left' : right ? 'right' : '');
    };
    update();
    const resize = new ResizeObserver(update);
    resize.observe(element);
    element.addEventListener('scroll', update, { passive: true });
    return () => {
      resize.disconnect();
      element.removeEventListener('scroll', update);
    };
  }, []);
  return (
    <nav ref={bar} className="workspace__bar" aria-label="Espace de Travail" data-more={more || undefined}>
      {SCREENS.filter(([, , minimum]) => hasRole(role, minimum)).map(([name, label]) => (
        <a key={name} href={`/client/${name}${search}`} aria-current={name === screen ? 'page' : undefined}>
          {label}
        </a>
      ))}
    </nav>
  );
}
