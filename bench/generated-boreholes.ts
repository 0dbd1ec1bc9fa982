import type { NewBorehole } from '../api/boreholes/repo.ts';
import { BOREHOLE_TYPES, DRILLING_METHODS, HOLE_STATES, PURPOSES } from '../src/domain/borehole.ts';

const WORDS = ['Réfection', 'rue', 'parc', 'pont', 'égout', 'aqueduc', 'école', 'boulevard', 'station'];
const MATERIALS = ['Remblai', 'Argile grise', 'Sable fin', 'Till', 'Calcaire'];

/**
 * `count` boreholes around Montréal (lat 45.3–45.8, lon −73.9 to −73.1), from a small
 * deterministic generator: every run of a benchmark measures the same data.
 */
export function* generatedBoreholes(
  count: number,
  { tenants, munis }: { tenants: readonly string[]; munis: readonly string[] },
): Generator<NewBorehole> {
  let state = 20261121;
  // Math.imul keeps the product exact: in floating point it lost its low bits and the generator
  // fell into a cycle of a few hundred values (540 distinct positions among 1,000,000 boreholes).
  const random = () => (state = (Math.imul(state, 1_103_515_245) + 12_345) & 0x7fffffff) / 2 ** 31;
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  for (let i = 0; i < count; i++) {
    const horizons = Array.from({ length: 1 + Math.floor(random() * 4) }, () => ({
      material: pick(MATERIALS),
      thickness: Math.round(random() * 60) / 10 + 0.1,
    }));
    yield {
      id: `BENCH-${String(i).padStart(6, '0')}`,
      tenantSlug: pick(tenants),
      project: `${pick(WORDS)} ${pick(WORDS)} ${i}`,
      site: `${pick(WORDS)} ${pick(munis)}`,
      muni: pick(munis),
      date: new Date(Date.UTC(2012, 0, 1) + random() * 14 * 365 * 86_400_000).toISOString().slice(0, 10),
      purpose: pick(PURPOSES),
      type: pick(BOREHOLE_TYPES),
      method: pick(DRILLING_METHODS),
      holeState: pick(HOLE_STATES),
      depth: horizons.reduce((sum, h) => sum + h.thickness, 0),
      lat: 45.3 + random() * 0.5,
      lon: -73.9 + random() * 0.8,
      addr: `${Math.floor(random() * 9000) + 100}, ${pick(WORDS)} ${pick(munis)}`,
      screenTop: null,
      screenBottom: null,
      waterDepth: null,
      has_chem: random() < 0.2,
      horizons,
    };
  }
}
