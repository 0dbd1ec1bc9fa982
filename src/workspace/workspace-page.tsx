import { useEffect } from 'react';
import { SessionGuard } from '../components/session-guard.tsx';
import { LAST_ROUTE_KEY, lastScreen, type WorkspaceScreen } from '../lib/after-login.ts';
import { SignedInWorkspace } from './workspace-app.tsx';

/** A workspace screen behind the session guard: one island per page. */
export function WorkspacePage({ screen }: { screen: WorkspaceScreen }) {
  return (
    <SessionGuard>
      <SignedInWorkspace screen={screen} />
    </SessionGuard>
  );
}

/** /client: opens the last workspace screen used (the map by default), keeping the query string. */
function GoToLastScreen() {
  useEffect(() => {
    const last = lastScreen(localStorage.getItem(LAST_ROUTE_KEY));
    window.location.replace(`/client/${last}${window.location.search}${window.location.hash}`);
  }, []);
  return (
    <p className="session-guard" role="status">
      Ouverture de l’Espace de Travail…
    </p>
  );
}

export function WorkspaceIndex() {
  return (
    <SessionGuard>
      <GoToLastScreen />
    </SessionGuard>
  );
}
