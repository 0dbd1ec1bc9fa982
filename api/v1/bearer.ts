import { isIP } from 'node:net';
import { createMiddleware } from 'hono/factory';
import { scopesFor, type ApiScope } from '../../src/domain/api-tokens.ts';
import type { Role } from '../../src/domain/roles.ts';
import { scopeForUser, type DataScope } from '../../src/domain/tenants.ts';
import type { AppEnv } from '../app-env.ts';
import { authorizeCall } from '../tokens/repo.ts';
import { clientIp } from '../request-info.ts';
import { apiError } from './errors.ts';

/** Who calls the public API: the token, the account it acts for, and what that account may read. */
export interface ApiCaller {
  tokenId: string;
  /** The token's scopes that its owner's role still allows (a demoted owner's token loses the rest). */
  scopes: ApiScope[];
  user: { id: string; email: string; role: Role; tenantSlug: string };
  /** The data the owner's account reads now: the token never reads more. */
  dataScope: DataScope;
}

export interface V1Env {
  Variables: AppEnv['Variables'] & { caller: ApiCaller };
}

/** The `X-Client` label, as kept: printable, at most 100 characters. */
const clientLabel = (header: string | undefined) => {
  const label = header
    ?.replace(/[^\x20-\x7e\u00a0-\uffff]/g, '')
    .trim()
    .slice(0, 100);
  return label || null;
};

/**
 * Reads the bearer token of a `/v1` call: unknown, expired, revoked or disabled → 401; from an
 * address outside its allow-list → 403; over its rate limit → 429 with `Retry-After`. Otherwise
 * the call is counted, and `c.var.caller` says for whom it reads.
 */
export const bearerToken = createMiddleware<V1Env>(async (c, next) => {
  const header = c.req.header('authorization') ?? '';
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) return apiError(c, 'missing_token');
  const limit = c.var.settings.apiRateLimit;
  const address = clientIp(c).replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  const holder = await authorizeCall(c.var.db, match[1]!, {
    ip: isIP(address) ? address : null,
    client: clientLabel(c.req.header('x-client')),
    limit,
  });
  if (!holder) return apiError(c, 'invalid_token');
  if (holder.revoked) return apiError(c, 'token_revoked');
  if (holder.expired) return apiError(c, 'token_expired');
  if (holder.user.disabled) return apiError(c, 'account_disabled');
  if (!holder.ipAllowed || !holder.rate) return apiError(c, 'ip_not_allowed');

  const decision = holder.rate;
  c.header('RateLimit-Policy', `${limit.capacity};w=${Math.round((limit.capacity / limit.perMinute) * 60)}`);
  c.header('RateLimit-Limit', String(limit.capacity));
  c.header('RateLimit-Remaining', String(decision.remaining));
  c.header('RateLimit-Reset', String(decision.resetAfter));
  if (!decision.allowed) {
    c.header('Retry-After', String(decision.retryAfter));
    return apiError(c, 'rate_limited');
  }
  const allowed = scopesFor(holder.user.role);
  c.set('caller', {
    tokenId: holder.tokenId,
    scopes: allowed.filter((scope) => holder.scopes.includes(scope)),
    user: holder.user,
    dataScope: scopeForUser(holder.user, null),
  });
  return next();
});

/** 403 unless the token has `scope`. */
export const requireScope = (scope: ApiScope) =>
  createMiddleware<V1Env>(async (c, next) => {
    if (!c.var.caller.scopes.includes(scope)) {
      return apiError(c, 'insufficient_scope', `Ce jeton n’a pas la portée ${scope} que demande cet appel.`);
    }
    return next();
  });
