import { describe, expect, it } from 'vitest';
import { redirectFor } from './routes.ts';

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
