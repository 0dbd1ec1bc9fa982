import type { Role } from './roles.ts';

/** What a token of the public API (`/v1`) may do; the developers page documents each one. */
export const API_SCOPES = ['read:boreholes', 'read:exports', 'write:exports', 'admin:project'] as const;
export type ApiScope = (typeof API_SCOPES)[number];

/** Each scope in the workspace's words, and the lowest role that may grant it. */
export const SCOPE_INFO: Record<ApiScope, { label: string; minimumRole: Role }> = {
  'read:boreholes': { label: 'Rechercher des forages et lire leurs fiches', minimumRole: 'member' },
  'read:exports': { label: 'Consulter et télécharger les exports', minimumRole: 'member' },
  'write:exports': { label: 'Créer des exports', minimumRole: 'member' },
  // No /v1 route asks for it yet: it is kept for the administration calls to come.
  'admin:project': { label: 'Administrer le projet (sans effet pour l’instant)', minimumRole: 'admin' },
};

/** A token lasts from one day to a year; 90 days unless its owner chooses otherwise. */
export const TOKEN_DAYS = { min: 1, max: 365, default: 90 } as const;

/** After a rotation, the old token keeps working this long, so that a deployment can switch over. */
export const ROTATION_GRACE_HOURS = { min: 0, max: 168, default: 24 } as const;

/** At most this many addresses or CIDR ranges in a token's allow-list. */
export const MAX_ALLOWED_IPS = 20;

/** Every token starts with this, so that a secret scanner recognises one pasted in a repository. */
export const TOKEN_PREFIX = 'gs_';

/** A token as its owner sees it in « Accès API » (`GET /api/tokens`): never the secret itself. */
export interface ApiTokenView {
  id: string;
  name: string;
  /** The token's first characters (`gs_AbCd`), enough to recognise it in a configuration file. */
  prefix: string;
  scopes: ApiScope[];
  /** Addresses or CIDR ranges it may be used from; empty means anywhere. */
  allowedIps: string[];
  createdAt: string;
  expiresAt: string;
  lastUsedAt: string | null;
  /** The `X-Client` header of its last call. */
  lastClient: string | null;
  revokedAt: string | null;
  /** Usable now: neither revoked nor expired. */
  active: boolean;
  /** Set when a rotation replaced it: the id of the token that did. */
  replacedBy: string | null;
}

/** The answer to a creation or a rotation: the secret, shown this once, and the token's view. */
export interface NewApiToken {
  token: string;
  item: ApiTokenView;
}

/** The scopes a role may grant to its tokens. */
export const scopesFor = (role: Role): ApiScope[] =>
  API_SCOPES.filter((scope) => role === 'admin' || SCOPE_INFO[scope].minimumRole !== 'admin');
