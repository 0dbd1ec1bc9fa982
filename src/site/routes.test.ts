import { describe, expect, it } from 'vitest';
import { INDEXED_ROUTES, redirectFor } from './routes.ts';

describe('redirectFor', () => {
  it.each([
    ['/solutions/digitisation', '/solutions#digitisation'],
    ['/solutions/3d', '/solutions#threed'],
    ['/solutions/contamination', '/solutions#contamination'],
    ['/solutions/integrations/', '/solutions#integrations'],
    ['/sectors/geotech', '/sectors#geotech'],
    ['/sectors/municipal', '/sectors#municipal'],
    ['/sectors/environment', '/sectors#environment'],
    ['/sectors/construction', '/sectors#construction'],
    ['/legal/licensing', '/pricing#license'],
    ['/solutions', null],
    ['/', null],
    ['/solutions/unknown', null],
  ])('%s → %s', (path, target) => {
    expect(redirectFor(path)).toBe(target);
  });
});

describe('INDEXED_ROUTES', () => {
  it('lists the public pages and none of the application', () => {
    expect(INDEXED_ROUTES).toContain('/');
    expect(INDEXED_ROUTES).toContain('/programs/education');
    expect(INDEXED_ROUTES).toHaveLength(16);
    for (const path of INDEXED_ROUTES)
      expect(path).not.toMatch(/^\/(client|login|register|forgot-password|softwareinst)/);
  });
});
