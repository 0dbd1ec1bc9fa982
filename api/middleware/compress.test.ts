import { describe, expect, it } from 'vitest';
import { chooseEncoding } from './compress.ts';

describe('chooseEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0, gzip;q=0.3', 'gzip'],
    ['*', 'br'],
    ['*;q=0.2, br;q=0', 'gzip'],
    ['deflate', null],
  ])('Accept-Encoding %j → %s', (accepted, expected) => {
    expect(chooseEncoding(accepted)).toBe(expected);
  });
});
