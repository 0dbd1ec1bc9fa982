import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { SAMPLE_BOREHOLES } from '../../api/db/seed/sample-boreholes.ts';
import { sampleReports } from '../../api/db/seed/seed.ts';
import { AGS_FILE_TYPES, agsFileName, fileSetOf, writeAgs, type AgsDocument } from '../../src/domain/ags.ts';
import { checkAgs } from './check-ags.ts';

const DICTIONARY = readFileSync(
  new URL('../../../shared/data/ags/dictionaries/Standard_dictionary_v4_1_1.ags', import.meta.url),
);
const folder = mkdtempSync(join(tmpdir(), 'geosonde-ags-export-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

it('exports the 30 sample boreholes and their 90 documents as AGS 4.1.1 without a single issue', () => {
  const boreholes = SAMPLE_BOREHOLES.map((b) => ({ ...b, depth: b.horizons.reduce((sum, h) => sum + h.thickness, 0) }));
  const documents: AgsDocument[] = boreholes.flatMap((b) =>
    sampleReports(b).map((r, i) => {
      const type = AGS_FILE_TYPES[r.kind === 'pdf' ? 'application/pdf' : i % 2 ? 'image/jpeg' : 'image/png'];
      const report = {
        ...r,
        bhId: b.id,
        site: b.site,
        muni: b.muni,
        status: 'ready' as const,
        href: null,
        lat: b.lat,
        lon: b.lon,
      };
      // Every fifth document has no file the reader may take: it stays in REPT only.
      return { report, file: i % 5 === 4 ? null : { name: agsFileName(r.id, type), type: type.code } };
    }),
  );
  const text = writeAgs({ documents, boreholes, date: '2026-11-21', recipient: 'GéoSonde (administration)' });
  writeFileSync(join(folder, 'export.ags'), text);
  for (const { report, file } of documents) {
    if (!file) continue;
    mkdirSync(join(folder, 'FILE', fileSetOf(report.id)), { recursive: true });
    writeFileSync(join(folder, 'FILE', fileSetOf(report.id), file.name), '%PDF-');
  }
  expect(checkAgs(Buffer.from(text, 'latin1'), DICTIONARY, folder)).toEqual([]);
  expect(text.match(/^"DATA","(MTL|SJ)-BH-\d\d","/gm)!.length).toBeGreaterThan(90);

  // Without the FILE folder beside it, rule 20 speaks: the export is an archive for that reason.
  const alone = mkdtempSync(join(tmpdir(), 'geosonde-ags-alone-'));
  writeFileSync(join(alone, 'export.ags'), text);
  expect(new Set(checkAgs(Buffer.from(text, 'latin1'), DICTIONARY, alone).map((issue) => issue.rule))).toEqual(
    new Set(['AGS Format Rule 20']),
  );
  rmSync(alone, { recursive: true, force: true });
});
