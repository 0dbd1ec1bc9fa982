import { describe, expect, it } from 'vitest';
import { classifySoil, layerSoil, SOIL_CLASSES, soilOfLegend, thicknessShare, type SoilClass } from './soil.ts';

describe('classifySoil', () => {
  it.each<[string | null, SoilClass]>([
    ['Asphalte', 'asphalt'],
    ['Enrobé bitumineux', 'asphalt'],
    ['Asphalt pavement', 'asphalt'],
    ['Remblai granulaire', 'fill'],
    ['Sol rempli de débris', 'fill'],
    ['Fill, sand and gravel', 'fill'],
    ['Roche fracturée', 'fractured_bedrock'],
    ['Schiste FISSURÉ', 'fractured_bedrock'],
    ['Fractured limestone', 'fractured_bedrock'],
    ['Roche en place', 'bedrock'],
    ['Calcaire gris', 'bedrock'],
    ['Schiste argileux', 'bedrock'],
    ['Bedrock', 'bedrock'],
    ['Till glaciaire', 'till'],
    ['Gravier et sable', 'gravel'],
    ['Galets arrondis', 'gravel'],
    ['Sable fin', 'sand'],
    ['Limon sableux', 'sand'],
    ['Limon argileux', 'silt'],
    ['Argile grise', 'clay'],
    ['Grey clay', 'clay'],
    ['Terre végétale', 'fill'],
    ['', 'fill'],
    [null, 'fill'],
  ])('%j → %s', (material, expected) => {
    expect(classifySoil(material)).toBe(expected);
  });

  it('applies the order of the specification: the first class found wins', () => {
    expect(classifySoil('Remblai d’asphalte')).toBe('asphalt');
    expect(classifySoil('Remblai argileux')).toBe('fill');
    expect(classifySoil('Till avec roche fracturée')).toBe('fractured_bedrock');
    expect(classifySoil('Till sableux')).toBe('till');
  });
});

describe('SOIL_CLASSES', () => {
  it.each<[SoilClass, string, string]>([
    ['fill', 'Remblai (asphalte/granulaire)', 'Remblai'],
    ['clay', 'Argile de la mer de Champlain (limon argileux)', 'Argile'],
    ['sand', 'Sable (fin à moyen)', 'Sable'],
    ['silt', 'Limon glaciaire (limon sableux)', 'Limon'],
    ['till', 'Till glaciaire (limon sableux avec gravier)', 'Till glaciaire'],
    ['gravel', 'Gravier / galets (dans le till)', 'Gravier'],
    ['bedrock', 'Roche en place (calcaire/schiste)', 'Roche en place'],
    ['fractured_bedrock', 'Roche fracturée', 'Roche fracturée'],
    ['asphalt', 'Asphalte / couche de roulement', 'Asphalte'],
  ])('%s is “%s” (%s)', (soilClass, label, shortName) => {
    expect(SOIL_CLASSES[soilClass]).toMatchObject({ label, shortName });
    expect(SOIL_CLASSES[soilClass].colour).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('gives every class its own pattern', () => {
    const patterns = Object.values(SOIL_CLASSES).map((info) => info.pattern);
    expect(new Set(patterns).size).toBe(9);
  });
});

describe('thicknessShare', () => {
  it.each([
    [2, 8, 0.25],
    [8, 8, 1],
    [1, 0, 0],
    [1, Number.NaN, 0],
    [Number.NaN, 4, 0],
  ])('thickness %d of depth %d → %d', (thickness, depth, share) => {
    expect(thicknessShare(thickness, depth)).toBe(share);
  });
});

describe('soilOfLegend and layerSoil', () => {
  it.each<[string, SoilClass | null]>([
    ['101', 'fill'],
    ['102', 'fill'],
    ['103', 'asphalt'],
    ['201', 'clay'],
    [' 207 ', 'clay'],
    ['302', 'silt'],
    ['430', 'sand'],
    ['504', 'gravel'],
    ['730', 'gravel'],
    ['804', 'bedrock'],
    ['601', null],
    ['998', null],
    ['NR01', null],
    ['2010', null],
    ['', null],
  ])('GEOL_LEG %j → %s', (code, expected) => {
    expect(soilOfLegend(code)).toBe(expected);
  });

  it('takes the legend code before the words, and the words without a code', () => {
    expect(layerSoil({ description: 'Sable avec lentilles de silt', legend: '201' })).toBe('clay');
    // « lentilles de silt » reads as till by the keyword rule; its first noun says clay.
    expect(classifySoil('Argile avec lentilles de silt')).toBe('till');
    expect(layerSoil({ description: 'Argile avec lentilles de silt', legend: '' })).toBe('clay');
    expect(layerSoil({ description: 'PEAT, fibrous', legend: '601' })).toBe(classifySoil('PEAT, fibrous'));
  });

  it.each<[string, SoilClass]>([
    ['Argile silteuse grise, traces de sable', 'clay'],
    ['SILT argileux, un peu de sable', 'silt'],
    ['Limon sableux', 'silt'],
    ['Argile sableuse', 'clay'],
    ['Sable graveleux, humide', 'sand'],
    ['Firm brown slightly sandy CLAY', 'clay'],
    ['Dense grey gravelly SAND', 'sand'],
    ['Silty fine SAND', 'sand'],
    ['Till : silt sableux avec gravier et blocs', 'till'],
    ['Remblai : sable et gravier, débris de brique', 'fill'],
    ['Enrobé bitumineux', 'asphalt'],
    ['Roc : calcaire gris, fracturé', 'fractured_bedrock'],
    ['Shale, fractured and weathered', 'fractured_bedrock'],
    ['Roc calcaire sain', 'bedrock'],
    ['Cailloux et blocs', 'gravel'],
  ])('a layer described %j is %s: its first noun, not its adjectives', (description, expected) => {
    expect(layerSoil({ description })).toBe(expected);
  });

  it('falls back on the keyword rule when no noun names a class', () => {
    expect(layerSoil({ description: 'Terre végétale' })).toBe('fill');
    expect(layerSoil({ description: 'Silteux, brun' })).toBe(classifySoil('Silteux, brun'));
  });
});
