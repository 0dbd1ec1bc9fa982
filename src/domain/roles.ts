/** The roles of an account, from the most to the least trusted. */
export const ROLES = ['admin', 'member', 'viewer'] as const;

/** `admin` manages accounts and sees every tenant; `member` reads and writes its tenant; `viewer` only reads. */
export type Role = (typeof ROLES)[number];

/** True for a known role name. */
export const isRole = (value: unknown): value is Role => ROLES.includes(value as Role);

/**
 * True when `role` may do what `minimum` may: admin ⊇ member ⊇ viewer.
 *
 * @example hasRole('member', 'viewer') // true
 * @example hasRole('viewer', 'member') // false
 */
export const hasRole = (role: Role, minimum: Role) => ROLES.indexOf(role) <= ROLES.indexOf(minimum);
