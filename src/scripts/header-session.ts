import { $session, loadSession, signOut } from '../stores/session.ts';

/**
 * The header's account links: 'Connexion' for a visitor; 'Espace de Travail' (keeping the current
 * query string) and 'Déconnexion' once signed in; 'Application' (the desktop app's download) for
 * an administrator, whichever organisation the page shows.
 */
export function initHeaderSession(links: HTMLElement | null): void {
  if (!links) return;
  const show = (when: string, visible: boolean) =>
    links.querySelectorAll<HTMLElement>(`[data-when="${when}"]`).forEach((element) => (element.hidden = !visible));

  $session.subscribe((session) => {
    links.dataset.state = session.status;
    if (session.status === 'checking') return;
    const user = session.status === 'signed-in' ? session.user : null;
    show('signed-out', !user);
    show('signed-in', Boolean(user));
    show('admin', user?.role === 'admin');
    const workspace = links.querySelector<HTMLAnchorElement>('[data-workspace]');
    if (workspace) workspace.href = `/client${window.location.search}`;
  });

  links.querySelector('[data-logout]')?.addEventListener('click', () => {
    void signOut().then(() => {
      if (/^\/(client|softwareinst)/.test(window.location.pathname)) window.location.assign('/login');
    });
  });
  void loadSession();
}
