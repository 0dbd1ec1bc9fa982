import { describe, expect, it } from 'vitest';
import { holeTypeOf, methodOfHoleType, methodText } from './hole-types.ts';

describe('hole types (LOCA_TYPE)', () => {
  it('names the standard’s codes in French, whatever their case and spaces', () => {
    expect(holeTypeOf('CP', {})).toEqual({ code: 'CP', label: 'Forage à percussion au câble' });
    expect(holeTypeOf(' tp ', {})).toEqual({ code: 'tp', label: 'Fosse ou tranchée d’exploration' });
    expect(holeTypeOf('', {})).toBeNull();
  });

  it('takes the file’s own description for a code of its own, and keeps an unknown code as written', () => {
    expect(holeTypeOf('SHDP', { SHDP: 'Shallow dynamic probe' })).toEqual({
      code: 'SHDP',
      label: 'Shallow dynamic probe',
    });
    // The standard's meaning wins over a file's wording of a standard code.
    expect(holeTypeOf('CP', { CP: 'Cable Percussion' })?.label).toBe('Forage à percussion au câble');
    expect(holeTypeOf('XQ', { XQ: '  ' })).toEqual({ code: 'XQ', label: null });
    expect(methodText(null, holeTypeOf('XQ', {}))).toBe('XQ');
  });

  it('gives our drilling method for the codes that are one, and says the hole type before it', () => {
    expect(methodOfHoleType('rc')).toBe('coring');
    expect(methodOfHoleType('RO')).toBe('rotary');
    expect(methodOfHoleType('RCG')).toBe('rotary');
    expect(methodOfHoleType('AUGH')).toBe('hollow_stem_auger');
    expect(methodOfHoleType('CP')).toBeNull();
    expect(methodText('coring', holeTypeOf('RC', {}))).toBe('Forage rotatif carotté (RC)');
    expect(methodText('coring', null)).toBe('Carottage');
    expect(methodText(null, null)).toBe('');
  });
});
