import { useStore } from '@nanostores/react';
import { useEffect, type ReactNode } from 'react';
import { FROM_KEY } from '../lib/after-login.ts';
import { $session, loadSession } from '../stores/session.ts';

export interface SessionGuardProps {
  /** Shown once a session is confirmed. */
  children?: ReactNode;
  /** Page to send an anonymous visitor to. */
  loginPath?: string;
}

/**
 * Shows its children only to a signed-in user. While it asks the server it says so; without a
 * session it remembers the requested path, query and hash, then replaces the page with the
 * sign-in page.
 */
export function SessionGuard({ children, loginPath = '/login' }: SessionGuardProps) {
  const session = useStore($session);

  useEffect(() => {
    void loadSession();
  }, []);

  useEffect(() => {
    if (session.status !== 'signed-out') return;
    // After a deliberate sign-out there is no page to come back to.
    if (session.byUser) sessionStorage.removeItem(FROM_KEY);
    else {
      const { pathname, search, hash } = window.location;
      sessionStorage.setItem(FROM_KEY, `${pathname}${search}${hash}`);
    }
    window.location.replace(loginPath);
  }, [session, loginPath]);

  if (session.status !== 'signed-in') {
    return (
      <p className="session-guard" role="status">
        Vérification de la session…
      </p>
    );
  }
  return <>{children}</>;
}
