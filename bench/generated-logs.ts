import type { DrillingMethod } from '../src/domain/borehole.ts';
import type { BoreholeLog } from '../src/domain/log/borehole-log.ts';

/** Soils as Québec logs describe them: the main word, then what comes with it. */
const SOILS = [
  { name: 'Remblai', with: ['sable et gravier', 'silt sableux', 'pierre concassée 0-20 mm', 'débris de brique'] },
  { name: 'Argile silteuse', with: ['grise', 'trace de sable fin', 'plastique', 'de la mer de Champlain'] },
  { name: 'Argile', with: ['grise', 'brune, oxydée', 'très plastique', 'litée'] },
  { name: 'Silt argileux', with: ['gris', 'trace de sable', 'lâche', 'humide'] },
  { name: 'Sable fin', with: ['silteux', 'brun', 'uniforme', 'trace de gravier'] },
  { name: 'Sable moyen à grossier', with: ['graveleux', 'gris-brun', 'propre', 'saturé'] },
  { name: 'Gravier', with: ['sableux', 'avec cailloux', 'arrondi', 'gris'] },
  { name: 'Till', with: ['sable silteux avec gravier', 'cailloux et blocs', 'gris', 'très dense'] },
  { name: 'Shale', with: ['noir', 'altéré en surface', 'fracturé', 'friable'] },
  { name: 'Calcaire', with: ['gris foncé', 'peu fracturé', 'sain', 'fossilifère'] },
];
const STATES = ['sec', 'humide', 'très humide', 'saturé'];
const COMPACTNESS = ['très lâche', 'lâche', 'compact', 'dense', 'très dense', 'ferme', 'raide'];
const PROJECTS = [
  'Réfection de la rue Saint-Denis',
  'Agrandissement école primaire',
  'Poste de pompage',
  'Pont P-1234',
];
const SITES = ['Montréal', 'Laval', 'Longueuil', 'Sainte-Julie', 'Terrebonne', 'Repentigny'];
const METHODS: DrillingMethod[] = ['hollow_stem_auger', 'rotary', 'coring', 'sonic'];

/**
 * `count` borehole logs of a small deterministic generator (`seed` picks the series): the truth of
 * the digitisation's tests and benchmark, drawn by the log renderer then read back. Two to six
 * layers, an SPT every 1.5 m above the rock, a sample per test, water for most, coordinates in
 * MTM 8 or in latitude and longitude.
 */
export function generatedLogs(count: number, seed = 20261126): BoreholeLog[] {
  let state = seed;
  const random = () => (state = (Math.imul(state, 1_103_515_245) + 12_345) & 0x7fffffff) / 2 ** 31;
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  // toFixed(6) drops the binary noise of the product (314572.80000000005).
  const round = (value: number, step: number) => Number((Math.round(value / step) * step).toFixed(6));
  return Array.from({ length: count }, (_, index) => {
    const layers: BoreholeLog['layers'] = [];
    let top = 0;
    for (let i = 0, n = 2 + Math.floor(random() * 5); i < n; i++) {
      const soil = i === 0 ? SOILS[0]! : pick(SOILS.slice(1));
      const base = Math.round((top + 0.3 + random() * (i === 0 ? 1.5 : 6)) * 100) / 100;
      const words = [soil.name, pick(soil.with), pick(soil.with), pick(COMPACTNESS), pick(STATES)];
      layers.push({ top, base, description: [...new Set(words)].join(', '), legend: '', geology: '' });
      top = base;
    }
    const depth = top;
    const spt: BoreholeLog['spt'] = [];
    for (let at = 0.75; at < depth - 0.45; at += 1.5) {
      spt.push({ top: round(at, 0.05), n: random() < 0.05 ? null : 2 + Math.floor(random() * 70), refusal: null });
    }
    const projected = random() < 0.6;
    const lat = 45.4 + random() * 0.3;
    const lon = -73.9 + random() * 0.5;
    const day = new Date(Date.UTC(2015, 0, 1) + Math.floor(random() * 3650) * 86_400_000).toISOString().slice(0, 10);
    return {
      id: `F-${String(100 + index)}${pick(['', 'A', '-2'])}`,
      locaId: null,
      project: pick(PROJECTS),
      site: pick(SITES),
      organisation: 'GéoSonde — essais',
      lat: round(lat, 0.00001),
      lon: round(lon, 0.00001),
      original: projected
        ? {
            crs: 'EPSG:32188',
            x: round(280_000 + random() * 40_000, 0.1),
            y: round(5_030_000 + random() * 40_000, 0.1),
          }
        : null,
      locationConfidence: 'surveyed',
      groundLevel: random() < 0.8 ? round(20 + random() * 40, 0.01) : null,
      depth,
      date: day,
      endDate: day,
      method: pick(METHODS),
      holeType: null,
      screen: null,
      layers,
      spt,
      samples: spt.map((test, i) => ({
        top: test.top,
        base: round(test.top + 0.6, 0.05),
        type: 'CF',
        ref: String(i + 1),
      })),
      waterStrikes: random() < 0.5 ? [round(0.5 + random() * depth * 0.6, 0.01)] : [],
      standingLevels: random() < 0.6 ? [round(0.3 + random() * depth * 0.5, 0.01)] : [],
      cores: [],
    };
  });
}
