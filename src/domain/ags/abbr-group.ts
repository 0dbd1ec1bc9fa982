import type { AgsContents } from './ags-export.ts';
import { texts, type AgsTable } from './ags-table.ts';
import { LOCA_TYPES } from './loca-group.ts';
import { reptTypeOf } from './rept-group.ts';

/** Standard descriptions of the codes and types we use (rule 16 compares them with the dictionary). */
const ABBREVIATIONS: Record<string, Record<string, string>> = {
  DICT_TYPE: { GROUP: 'Flag to indicate definition is a GROUP', HEADING: 'Flag to indicate definition is a HEADING' },
  DICT_STAT: { KEY: 'Key field', OTHER: 'Other field' },
  LOCA_TYPE: {
    RO: 'Rotary open hole',
    AUGH: 'Hollow Stem Auger',
    SNC: 'Sonic core drilling',
    RC: 'Rotary cored',
  },
  REPT_TYPE: { PDF: 'Document PDF (rapport ou journal)', IMAGE: 'Image (photographie, scan)' },
  FILE_TYPE: {
    PDF: 'Portable Document Format',
    PNG: 'Portable Network Graphics image file',
    JPG: 'Joint Photographic Experts Group graphics/image file',
    TIF: 'Tagged Image File Format image file',
  },
  FILE_DOCT: { REP: 'Report' },
};

/** ABBR: the codes the export uses, and only those, with their descriptions. */
export function abbrGroup({ documents, locations, files }: AgsContents): AgsTable {
  const used = (heading: string, codes: Iterable<string>) =>
    [...new Set(codes)].map((code) => [heading, code, ABBREVIATIONS[heading]![code]!]);
  return {
    name: 'ABBR',
    headings: texts('ABBR_HDNG', 'ABBR_CODE', 'ABBR_DESC'),
    rows: [
      ...used('DICT_TYPE', ['GROUP', 'HEADING']),
      ...used('DICT_STAT', ['KEY', 'OTHER']),
      ...used(
        'LOCA_TYPE',
        locations.flatMap((b) => (b.method ? [LOCA_TYPES[b.method]] : [])),
      ),
      ...used(
        'REPT_TYPE',
        documents.map((d) => reptTypeOf(d.report)),
      ),
      ...used(
        'FILE_TYPE',
        files.map((d) => d.file!.type),
      ),
      ...(files.length ? used('FILE_DOCT', ['REP']) : []),
    ],
  };
}
