import { shieldPath, tenantEmblem, TENANTS, type TenantConfig } from '../../../domain/tenants.ts';
import { signOut, type User } from '../../../stores/session.ts';

export interface ClientTopNavProps {
  tenant: TenantConfig;
  user: User;
  /** An administrator may view the workspace as any organisation. */
  onViewAs?: (slug: string) => void;
}

/** A municipality's emblem: its initials on a shield in its colours (none for GéoSonde itself). */
function TenantEmblemMark({ tenant }: { tenant: TenantConfig }) {
  const emblem = tenantEmblem(tenant.slug);
  if (!emblem) return null;
  return (
    <svg viewBox="0 0 30 34" width="30" height="34" aria-hidden="true" className="tenant-emblem">
      <path d={shieldPath(0, 0, 30)} fill="#fff" />
      <path d={shieldPath(0, 0, 30, true)} fill={emblem.colour} />
      <text
        x="15"
        y="20.5"
        textAnchor="middle"
        fontSize={emblem.initials.length > 1 ? 9.5 : 12}
        fontWeight="700"
        fill="#fff"
      >
        {emblem.initials}
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
        <TenantEmblemMark tenant={tenant} />
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
