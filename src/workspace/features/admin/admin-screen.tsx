import type { User } from '../../../stores/session.ts';
import { AuditPanel } from './audit-panel.tsx';
import { InvitationsPanel } from './invitations-panel.tsx';
import { UsersPanel } from './users-panel.tsx';
import { WebhooksPanel } from './webhooks-panel.tsx';

/**
 * 'Administration': invitations, the accounts of each organisation, their webhooks and the journal. The server
 * refuses all of it to anyone but an administrator; the screen says so instead of showing forms.
 */
export function AdminScreen({ user }: { user: User }) {
  if (user.role !== 'admin') {
    return (
      <section className="admin" aria-label="Administration">
        <p role="alert">Cette page est réservée aux administrateurs.</p>
        <p>
          <a href="/client/map">Retour à la carte</a>
        </p>
      </section>
    );
  }
  return (
    // The page's title (Administration) is the layout's heading; each part has its own.
    <div className="admin">
      <InvitationsPanel />
      <UsersPanel self={user.email} />
      <WebhooksPanel />
      <AuditPanel />
    </div>
  );
}
