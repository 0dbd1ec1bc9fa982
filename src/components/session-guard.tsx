import { useEffect, useState, type ReactNode } from 'react';

/** Where the sign-in page finds the path to return to after success. */
export const FROM_STORAGE_KEY = 'gs:auth:from';

export interface SessionGuardProps {
  /** Shown once a session is confirmed. */
  children?: ReactNode;
  /** Page to send an anonymous visitor to. */
  loginPath?: string;
}

/**
 * Shows its children only to a signed-in user. While it asks `/api/me` it says so; without a
 * session it remembers the requested path, query and hash, then replaces the page with the
 * sign-in page.
 */
export function SessionGuard({ children, loginPath = '/login' }: SessionGuardProps) {
  const [state, setState] = useState<'checking' | 'signed-in'>('checking');

  useEffect(() => {
    const controller = new AbortController();
    async function check() {
      try {
        const response = await fetch('/api/me', { credentials: 'same-origin', signal: controller.signal });
        const user: unknown = response.ok ? await response.json() : null;
        if (user) return setState('signed-in');
      } catch (error) {
        if (controller.signal.aborted) return;
        console.warn('Vérification de la session impossible', error);
      }
      const { pathname, search, hash } = window.location;
      sessionStorage.setItem(FROM_STORAGE_KEY, `${pathname}${search}${hash}`);
      window.location.replace(loginPath);
    }
    void check();
    return () => controller.abort();
  }, [loginPath]);

  if (state === 'checking') {
    return (
      <p className="session-guard" role="status">
        Vérification de la session…
      </p>
    );
  }
  return <>{children}</>;
}
