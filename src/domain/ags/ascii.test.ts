import { describe, expect, it } from 'vitest';
import { ascii } from './ascii.ts';

describe('ascii', () => {
  it.each([
    ['Rapport géotechnique – « Côte-des-Neiges »', 'Rapport geotechnique - "Cote-des-Neiges"'],
    ['Réseau d’aqueduc', "Reseau d'aqueduc"],
    ['cœur\u00a0œuvre…', 'coeur oeuvre...'],
    ['ligne 1\r\nligne 2', 'ligne 1 ligne 2'],
    ['地质', '??'],
  ])('%j → %j', (text, plain) => {
    expect(ascii(text)).toBe(plain);
  });
});
