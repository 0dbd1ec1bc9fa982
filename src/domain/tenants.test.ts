import { describe, expect, it } from 'vitest';
import { resolveTenant, scopeForUser, tenantForEmail, TENANTS } from './tenants.ts';

describe('tenantForEmail', () => {
  it.each([
    ['admin@geosonde.ca', 'admin'],
    ['geotech@montreal.ca', 'montreal'],
    ['Urbanisme@Ville.Sainte-Julie.qc.ca', 'stjulie'],
    ['someone@gmail.com', null],
    ['someone@sub.montreal.ca', null],
    ['not-an-email', null],
    ['', null],
    [null, null],
  ])('%s → %s', (email, slug) => {
    expect(tenantForEmail(email)).toBe(slug);
  });
});

describe('resolveTenant', () => {
  it.each([
    [{ param: 'stjulie', email: 'geotech@montreal.ca' }, 'stjulie'],
    [{ param: 'bogus', email: 'geotech@montreal.ca' }, 'montreal'],
    [{ param: null, email: 'x@ville.sainte-julie.qc.ca' }, 'stjulie'],
    [{ email: 'x@gmail.com', role: 'admin' }, 'admin'],
    [{ email: 'x@gmail.com', role: 'member' }, 'neutral'],
    [{}, 'neutral'],
  ])('%j → %s', (input, slug) => {
    expect(resolveTenant(input).slug).toBe(slug);
  });
});

describe('tenant configs', () => {
  it('has the presets of the specification', () => {
    expect(TENANTS.admin.mapPreset).toEqual({ center: null, radiusKm: null, initialZoom: 9 });
    expect(TENANTS.stjulie.mapPreset).toEqual({ center: { lat: 45.585, lng: -73.3327 }, radiusKm: 8, initialZoom: 13 });
    expect(TENANTS.montreal.mapPreset.initialZoom).toBe(12);
    expect(TENANTS.stjulie.dataScope).toEqual({
      type: 'radius',
      tenantSlug: 'stjulie',
      center: { lat: 45.585, lng: -73.3327 },
      radiusKm: 8,
    });
    expect(TENANTS.stjulie.theme.primary).toMatch(/^#2e7d32$/);
  });

  it('gives every tenant all eleven theme colours', () => {
    for (const tenant of Object.values(TENANTS)) {
      expect(Object.keys(tenant.theme)).toHaveLength(11);
      for (const colour of Object.values(tenant.theme)) expect(colour).toMatch(/^#[0-9a-f]{6}$/);
    }
  });
});

describe('scopeForUser', () => {
  const member = { role: 'member', tenantSlug: 'montreal' };
  const admin = { role: 'admin', tenantSlug: 'admin' };
  it.each([
    ['anonymous', null, 'admin', { type: 'none' }],
    ['a member, whatever the parameter', member, 'admin', { type: 'tenant', tenantSlug: 'montreal' }],
    ['a member without parameter', member, null, { type: 'tenant', tenantSlug: 'montreal' }],
    ['an admin viewing as stjulie', admin, 'stjulie', TENANTS.stjulie.dataScope],
    ['an admin without parameter', admin, null, { type: 'all' }],
    ['a user of an unknown tenant', { role: 'viewer', tenantSlug: 'laval' }, null, { type: 'none' }],
  ])('%s', (_name, user, param, scope) => {
    expect(scopeForUser(user, param)).toEqual(scope);
  });
});
