import { describe, expect, it } from 'vitest';
import { moment, stateDetail, tokenState, TOKEN_STATES } from './token-state.ts';

const AT = '2026-03-02T15:30:00.000Z';
const NEXT = 'b2c3d4e5-0000-4000-8000-000000000000';

describe('tokenState', () => {
  it.each([
    ['a usable token', { active: true, revokedAt: null, replacedBy: null }, 'active', 'Actif', ''],
    ['a token past its lifetime', { active: false, revokedAt: null, replacedBy: null }, 'expired', 'Expiré', ''],
    ['a revoked token', { active: false, revokedAt: AT, replacedBy: null }, 'revoked', 'Révoqué', `le ${moment(AT)}`],
    [
      'a replaced token in its grace period',
      { active: true, revokedAt: null, replacedBy: NEXT },
      'replaced',
      'Remplacé',
      `valide jusqu’au ${moment(AT)}`,
    ],
    [
      'a replaced token past its grace period',
      { active: false, revokedAt: null, replacedBy: NEXT },
      'replaced',
      'Remplacé',
      `arrêté le ${moment(AT)}`,
    ],
    [
      'a replaced token revoked during its grace period',
      { active: false, revokedAt: AT, replacedBy: NEXT },
      'revoked',
      'Révoqué',
      `le ${moment(AT)}`,
    ],
  ] as const)('%s', (_name, token, state, label, detail) => {
    expect(tokenState(token)).toBe(state);
    expect(TOKEN_STATES[tokenState(token)]).toBe(label);
    expect(stateDetail({ ...token, expiresAt: AT })).toBe(detail);
  });

  it('writes moments in Québec French', () => {
    expect(moment(AT)).toBe('2 mars 2026 à 10 h 30 HNE');
  });
});
