import type { LatLng } from './geo.ts';

export const TENANT_SLUGS = ['admin', 'montreal', 'stjulie'] as const;
export type TenantSlug = (typeof TENANT_SLUGS)[number];

/** What a tenant may read. The server derives it from the session, never from the request. */
export type DataScope =
  | { type: 'all' }
  | { type: 'tenant'; tenantSlug: string }
  /** What the tenant owns (its imports), plus every borehole within the circle. */
  | { type: 'radius'; tenantSlug: string; center: LatLng; radiusKm: number }
  | { type: 'none' };

export interface MapPreset {
  center: LatLng | null;
  radiusKm: number | null;
  initialZoom: number;
}

export interface TenantTheme {
  primary: string;
  primaryStrong: string;
  primaryHover: string;
  accent: string;
  surface: string;
  surfaceAlt: string;
  surface2: string;
  border: string;
  textOnSurface: string;
  mutedText: string;
  chipBg: string;
}

export interface TenantConfig {
  slug: TenantSlug | 'neutral';
  label: string;
  domainAllowlist: readonly string[];
  mapPreset: MapPreset;
  theme: TenantTheme;
  dataScope: DataScope;
}

const blueTheme: TenantTheme = {
  primary: '#1d4f91',
  primaryStrong: '#123a6e',
  primaryHover: '#2a63ad',
  accent: '#e8a33d',
  surface: '#ffffff',
  surfaceAlt: '#f4f7fb',
  surface2: '#e9eef6',
  border: '#d3dbe7',
  textOnSurface: '#14213d',
  mutedText: '#55617a',
  chipBg: '#e3ebf7',
};

export const SAINTE_JULIE_CENTER: LatLng = { lat: 45.585, lng: -73.3327 };
export const SAINTE_JULIE_RADIUS_KM = 8;
export const DOWNTOWN_MONTREAL: LatLng = { lat: 45.5019, lng: -73.5674 };

/** The three tenants of the product; the slug is the value of the `tenant` URL parameter. */
export const TENANTS: Record<TenantSlug, TenantConfig> = {
  admin: {
    slug: 'admin',
    label: 'GéoSonde (administration)',
    domainAllowlist: ['geosonde.ca'],
    mapPreset: { center: null, radiusKm: null, initialZoom: 9 },
    theme: blueTheme,
    dataScope: { type: 'all' },
  },
  montreal: {
    slug: 'montreal',
    label: 'Ville de Montréal',
    domainAllowlist: ['montreal.ca'],
    mapPreset: { center: DOWNTOWN_MONTREAL, radiusKm: null, initialZoom: 12 },
    theme: {
      ...blueTheme,
      primary: '#c8102e',
      primaryStrong: '#9b0c23',
      primaryHover: '#d83a52',
      accent: '#1d4f91',
      chipBg: '#fbe7ea',
    },
    dataScope: { type: 'tenant', tenantSlug: 'montreal' },
  },
  stjulie: {
    slug: 'stjulie',
    label: 'Ville de Sainte-Julie',
    domainAllowlist: ['ville.sainte-julie.qc.ca'],
    mapPreset: { center: SAINTE_JULIE_CENTER, radiusKm: SAINTE_JULIE_RADIUS_KM, initialZoom: 13 },
    theme: {
      primary: '#2e7d32',
      primaryStrong: '#1b5e20',
      primaryHover: '#43a047',
      accent: '#f9a825',
      surface: '#ffffff',
      surfaceAlt: '#f3f8f3',
      surface2: '#e6f0e6',
      border: '#cfe0cf',
      textOnSurface: '#16301a',
      mutedText: '#4f6552',
      chipBg: '#e3f1e4',
    },
    dataScope: { type: 'radius', tenantSlug: 'stjulie', center: SAINTE_JULIE_CENTER, radiusKm: SAINTE_JULIE_RADIUS_KM },
  },
};

/** The theme shown when no tenant applies: neutral greys, and no data. */
export const NEUTRAL_TENANT: TenantConfig = {
  slug: 'neutral',
  label: 'GéoSonde',
  domainAllowlist: [],
  mapPreset: { center: DOWNTOWN_MONTREAL, radiusKm: null, initialZoom: 10 },
  theme: {
    ...blueTheme,
    primary: '#455a64',
    primaryStrong: '#263238',
    primaryHover: '#546e7a',
    accent: '#78909c',
    chipBg: '#eceff1',
  },
  dataScope: { type: 'none' },
};

export function isTenantSlug(value: unknown): value is TenantSlug {
  return typeof value === 'string' && (TENANT_SLUGS as readonly string[]).includes(value);
}

/** The tenant whose allowlist holds the e-mail's domain, if any. */
export function tenantForEmail(email: string | null | undefined): TenantSlug | null {
  const domain = email?.split('@').pop()?.trim().toLowerCase();
  if (!domain || !email?.includes('@')) return null;
  return TENANT_SLUGS.find((slug) => TENANTS[slug].domainAllowlist.includes(domain)) ?? null;
}

export interface TenantResolutionInput {
  param?: string | null;
  email?: string | null;
  role?: string | null;
}

/**
 * The tenant to display: a valid `tenant` parameter, else the tenant of the e-mail's domain,
 * else admin for administrators, else the neutral fallback. Display only: what a user may
 * read is decided by `scopeForUser`.
 *
 * @example resolveTenant({ email: 'a@montreal.ca' }).slug // 'montreal'
 */
export function resolveTenant({ param, email, role }: TenantResolutionInput): TenantConfig {
  if (isTenantSlug(param)) return TENANTS[param];
  const byEmail = tenantForEmail(email);
  if (byEmail) return TENANTS[byEmail];
  if (role === 'admin') return TENANTS.admin;
  return NEUTRAL_TENANT;
}

/**
 * What a signed-in user may read. A non-admin user reads its own tenant's scope whatever the
 * request says; an administrator may view as any tenant (its scope), or everything.
 */
export function scopeForUser(
  user: { role: string; tenantSlug: string } | null,
  requestedTenant?: string | null,
): DataScope {
  if (!user) return { type: 'none' };
  if (user.role === 'admin')
    return isTenantSlug(requestedTenant) ? TENANTS[requestedTenant].dataScope : { type: 'all' };
  return isTenantSlug(user.tenantSlug) ? TENANTS[user.tenantSlug].dataScope : { type: 'none' };
}

/** A municipality's emblem: its initials on a shield in its colour (GéoSonde itself has none). */
export interface TenantEmblem {
  initials: string;
  colour: string;
}

const EMBLEM_INITIALS: Partial<Record<string, string>> = { montreal: 'M', stjulie: 'SJ' };

/** The emblem of a tenant, or null. @example tenantEmblem('stjulie') // { initials: 'SJ', colour: '#1b5e20' } */
export function tenantEmblem(slug: string): TenantEmblem | null {
  const initials = EMBLEM_INITIALS[slug];
  return initials && isTenantSlug(slug) ? { initials, colour: TENANTS[slug].theme.primaryStrong } : null;
}

/**
 * The emblem's shield as an SVG path, `width` wide with its top left at (x, y): the outline drawn
 * on a 30 × 34 grid, scaled. The workspace's bar and the logs draw the same shield.
 */
export function shieldPath(x: number, y: number, width: number, inner = false): string {
  const s = width / 30;
  const p = (px: number, py: number) => `${+(x + px * s).toFixed(3)} ${+(y + py * s).toFixed(3)}`;
  return inner
    ? `M${p(15, 4)}L${p(25, 7)}L${p(25, 16)}C${p(25, 22.4)} ${p(20.7, 27)} ${p(15, 30)}C${p(9.3, 27)} ${p(5, 22.4)} ${p(5, 16)}L${p(5, 7)}Z`
    : `M${p(15, 1)}L${p(28, 5)}L${p(28, 16)}C${p(28, 24)} ${p(22.4, 29.6)} ${p(15, 33)}C${p(7.6, 29.6)} ${p(2, 24)} ${p(2, 16)}L${p(2, 5)}Z`;
}
