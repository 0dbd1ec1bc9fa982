import { describe, expect, it } from 'vitest';
import { afterLoginPath, isReturnPath } from './after-login.ts';

const member = { email: 'geotech@montreal.ca', role: 'member' };

describe('afterLoginPath', () => {
  it.each([
    ['the page asked for', { from: '/client/reports?ids=SJ-BH-01#x', user: member }, '/client/reports?ids=SJ-BH-01#x'],
    ['the download page', { from: '/softwareinst', user: member }, '/softwareinst'],
    ['the map of the tenant by default', { from: null, user: member }, '/client/map?tenant=montreal'],
    ['the last screen used', { from: null, user: member, lastRoute: 'database' }, '/client/database?tenant=montreal'],
    ['the reports, last used', { from: null, user: member, lastRoute: 'reports' }, '/client/reports?tenant=montreal'],
    ['the API access, last used', { from: null, user: member, lastRoute: 'api' }, '/client/api?tenant=montreal'],
    ['an unknown last screen', { from: null, user: member, lastRoute: 'nope' }, '/client/map?tenant=montreal'],
    [
      'admin for an administrator',
      { from: null, user: { email: 'x@gmail.com', role: 'admin' } },
      '/client/map?tenant=admin',
    ],
    ['/client without a tenant', { from: null, user: { email: 'x@gmail.com', role: 'viewer' } }, '/client'],
    ['never another site', { from: '//evil.example/client', user: member }, '/client/map?tenant=montreal'],
    ['never a public page', { from: '/pricing', user: member }, '/client/map?tenant=montreal'],
    ['never a lookalike path', { from: '/clientele', user: member }, '/client/map?tenant=montreal'],
  ])('%s', (_name, input, expected) => {
    expect(afterLoginPath(input)).toBe(expected);
  });

  it.each([
    ['/client', true],
    ['/client/map?tenant=admin', true],
    ['https://evil.example/client', false],
    ['javascript:alert(1)', false],
    [null, false],
  ])('isReturnPath(%j) is %s', (path, expected) => {
    expect(isReturnPath(path)).toBe(expected);
  });
});
