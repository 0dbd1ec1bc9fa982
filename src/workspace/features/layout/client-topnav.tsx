import { TENANTS, type TenantConfig } from '../../../domain/tenants.ts';
import { signOut, type User } from '../../../stores/session.ts';

export interface ClientTopNavProps {
  tenant: TenantConfig;
  user: User;
  /** An administrator may view the workspace as any organisation. */
  onViewAs?: (slug: string) => void;
}

const INITIALS: Partial<Record<TenantConfig['slug'], string>> = { montreal: 'M', stjulie: 'SJ' };

/** A municipality's emblem: its initials on a shield in its colours (none for GéoSonde itself). */
function TenantEmblem({ tenant }: { tenant: TenantConfig }) {
  const initials = INITIALS[tenant.slug];
  if (!initials) return null;
  return (
    <svg viewBox="0 0 30 34" width="30" height="34" aria-hidden="true" className="tenant-emblem">
      <path d="M15 1l13 4v11c0 8-5.6 13.6-13 17C7.6 29.6 2 24 2 16V5z" fill="#fff" />
      <path d="M15 4l10 3v9c0 6.4-4.3 11-10 14-5.7-3-10-7.6-10-14V7z" fill={tenant.theme.primaryStrong} />
      <text x="15" y="20.5" textAnchor="middle" fontSize={initials.length > 1 ? 9.5 : 12} fontWeight="700" fill="#fff">
        {initials}
      </text>
    </svg>
  );
}

/**
 * The workspace's 64 px top navigation: brand, organisation, account (the name given at
 * registration, else the address), and for an administrator, whichever organisation it views,
 * the desktop application.
 */
export function ClientTopNav({ tenant, user, onViewAs }: ClientTopNavProps) {
  return (
    <header className="client-topnav">
      <a className="client-topnav__brand" href="/" aria-label="GéoSonde, accueil du site">
        <img src="/favicon.svg" alt="" width="28" height="28" />
        <span>GéoSonde</span>
      </a>
      <span className="client-topnav__tenant workspace__tenant">
        <TenantEmblem tenant={tenant} />
        <span>{tenant.label}</span>
      </span>
      <div className="client-topnav__account">
        {onViewAs && (
          <label className="client-topnav__view">
            <span>Organisation</span>
            <select value={tenant.slug} onChange={(event) => onViewAs(event.target.value)}>
              {Object.values(TENANTS).map((option) => (
                <option key={option.slug} value={option.slug}>
                  {option.slug === 'admin' ? 'Toutes' : option.label}
                </option>
              ))}
            </select>
          </label>
        )}
        <span className="client-topnav__email" title={user.email}>
          {user.displayName || user.email}
        </span>
        {user.role === 'admin' && (
          <a className="client-topnav__link" href="/softwareinst">
            Application
          </a>
        )}
        <button className="client-topnav__signout" type="button" onClick={() => void signOut()}>
          Déconnexion
        </button>
      </div>
    </header>
  );
}
