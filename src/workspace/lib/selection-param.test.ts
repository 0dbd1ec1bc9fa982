import { describe, expect, it } from 'vitest';
import { selectedIn, withSelected } from './selection-param.ts';

describe('the selection in the address', () => {
  it('writes the ids beside the search and reads them back', () => {
    const search = withSelected('?tenant=montreal&depthMin=5', ['MTL-BH-01', 'MTL-BH-07']);
    expect(search).toBe('?tenant=montreal&depthMin=5&selected=MTL-BH-01%2CMTL-BH-07');
    expect(selectedIn(search)).toEqual(['MTL-BH-01', 'MTL-BH-07']);
  });

  it('removes the parameter for an empty selection, and ignores blanks and repeats', () => {
    expect(withSelected('?selected=A&tenant=admin', [])).toBe('?tenant=admin');
    expect(withSelected('', [])).toBe('');
    expect(selectedIn('?selected=A,,A, B')).toEqual(['A', 'B']);
  });
});
