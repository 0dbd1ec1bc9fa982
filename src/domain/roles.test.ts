import { describe, expect, it } from 'vitest';
import { hasRole, isRole, ROLES } from './roles.ts';

describe('roles', () => {
  it.each([
    ['admin', 'admin', true],
    ['admin', 'viewer', true],
    ['member', 'member', true],
    ['member', 'viewer', true],
    ['member', 'admin', false],
    ['viewer', 'member', false],
    ['viewer', 'viewer', true],
  ] as const)('%s may do what %s may: %s', (role, minimum, expected) => {
    expect(hasRole(role, minimum)).toBe(expected);
  });

  it('knows the three roles and nothing else', () => {
    expect(ROLES.every(isRole)).toBe(true);
    expect(isRole('owner')).toBe(false);
    expect(isRole(undefined)).toBe(false);
  });
});
