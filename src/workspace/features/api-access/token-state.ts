import type { ApiTokenView } from '../../../domain/api-tokens.ts';
import { formatMoment } from '../../../domain/format.ts';

/** Where a token stands: usable, replaced by a rotation (usable until its grace ends), revoked or expired. */
export type TokenState = 'active' | 'replaced' | 'revoked' | 'expired';

/** Each state as the list names it. */
export const TOKEN_STATES: Record<TokenState, string> = {
  active: 'Actif',
  replaced: 'Remplacé',
  revoked: 'Révoqué',
  expired: 'Expiré',
};

/** A moment of the API (ISO 8601) as people in Québec read it. */
export const moment = (iso: string) => formatMoment(Date.parse(iso) / 1000);

/**
 * The state of a token: a revocation wins over a rotation, which wins over the end of its lifetime.
 *
 * @example tokenState({ active: true, revokedAt: null, replacedBy: 'b2c…' }) // 'replaced'
 */
export function tokenState(token: Pick<ApiTokenView, 'active' | 'revokedAt' | 'replacedBy'>): TokenState {
  if (token.revokedAt) return 'revoked';
  if (token.replacedBy) return 'replaced';
  return token.active ? 'active' : 'expired';
}

/** What the state's word leaves out: when a revocation happened, until when a replaced token works. */
export function stateDetail(token: Pick<ApiTokenView, 'active' | 'revokedAt' | 'replacedBy' | 'expiresAt'>): string {
  const state = tokenState(token);
  if (state === 'revoked') return `le ${moment(token.revokedAt!)}`;
  if (state === 'replaced') return `${token.active ? 'valide jusqu’au' : 'arrêté le'} ${moment(token.expiresAt)}`;
  return '';
}
