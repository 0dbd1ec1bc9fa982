import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BOREHOLE_TYPES, DRILLING_METHODS, PURPOSES } from '../../src/domain/borehole.ts';
import {
  DATABASE_COLUMNS,
  databaseRow,
  toCsv,
  toGeoJson,
  type ExportedBorehole,
} from '../../src/domain/export-rows.ts';
import { csvChunks, geoJsonChunks } from './text-exports.ts';

const text = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom('', 'a,b', '"q"', 'x\r\ny', '=1+1', '+33', '-2', '@a', '\tt', '\rr', 'é <&>', ' lead'),
);
const borehole: fc.Arbitrary<ExportedBorehole> = fc.record({
  id: text,
  project: text,
  site: text,
  muni: text,
  date: fc.option(fc.constantFrom('2024-02-29', '1999-12-31'), { nil: null }),
  purpose: fc.constantFrom(...PURPOSES),
  type: fc.constantFrom(...BOREHOLE_TYPES),
  method: fc.option(fc.constantFrom(...DRILLING_METHODS), { nil: null }),
  depth: fc.double({ min: 0, max: 500, noNaN: true }),
  addr: text,
  lat: fc.option(fc.double({ min: 45, max: 46, noNaN: true }), { nil: null }),
  lon: fc.option(fc.double({ min: -74, max: -73, noNaN: true }), { nil: null }),
});

/** The rows in batches of `size`, as the database hands them over. */
async function* batchesOf(rows: ExportedBorehole[], size: number) {
  for (let i = 0; i < rows.length; i += size) yield await Promise.resolve(rows.slice(i, i + size));
}

async function written(chunks: AsyncGenerator<Uint8Array>) {
  const parts: Uint8Array[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return Buffer.concat(parts).toString('utf8');
}

describe('streamed CSV and GeoJSON', () => {
  it('write, batch by batch, the very text of the workspace CSV (toCsv)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(borehole, { maxLength: 20 }), fc.integer({ min: 1, max: 7 }), async (rows, size) => {
        expect(await written(csvChunks(batchesOf(rows, size)))).toBe(toCsv(DATABASE_COLUMNS, rows.map(databaseRow)));
      }),
    );
  });

  it('write the FeatureCollection of the workspace GeoJSON (toGeoJson)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(borehole, { maxLength: 20 }), fc.integer({ min: 1, max: 7 }), async (rows, size) => {
        const text = await written(geoJsonChunks(batchesOf(rows, size)));
        expect(JSON.parse(text)).toEqual(toGeoJson(rows));
      }),
    );
  });
});
