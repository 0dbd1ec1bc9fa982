import { expect, it } from 'vitest';
import { SAMPLE_BOREHOLES } from './sample-boreholes.ts';
import { sampleReports } from './seed.ts';
import { readDictionary } from '../../../tests/ags-fixtures.ts';
import { AGS_FILE_TYPES, agsFileName, fileSetOf, type AgsDocument } from '../../../src/domain/ags/ags-export.ts';
import { checkAgs } from '../../../src/domain/ags/check-ags.ts';
import { writeAgs } from '../../../src/domain/ags/write-ags.ts';

const DICTIONARY = readDictionary('Standard_dictionary_v4_1_1.ags');

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
        statusReason: null,
        href: null,
        lat: b.lat,
        lon: b.lon,
        canChange: false,
        thumbnail: null,
      };
      // Every fifth document has no file the reader may take: it stays in REPT only.
      return { report, file: i % 5 === 4 ? null : { name: agsFileName(r.id, type), type: type.code } };
    }),
  );
  const text = writeAgs({ documents, boreholes, date: '2026-11-21', recipient: 'GéoSonde (administration)' });
  // The archive: the .ags file, and each document's file in FILE/<FILE_FSET>/ beside it.
  const archive = [
    'export.ags',
    ...documents.flatMap(({ report, file }) => (file ? [`FILE/${fileSetOf(report.id)}/${file.name}`] : [])),
  ];
  expect(checkAgs(Buffer.from(text, 'latin1'), DICTIONARY, archive)).toEqual([]);
  expect(text.match(/^"DATA","(MTL|SJ)-BH-\d\d","/gm)!.length).toBeGreaterThan(90);

  // Without the FILE folder beside it, rule 20 speaks: the export is an archive for that reason.
  expect(new Set(checkAgs(Buffer.from(text, 'latin1'), DICTIONARY, ['export.ags']).map((issue) => issue.rule))).toEqual(
    new Set(['AGS Format Rule 20']),
  );
});
