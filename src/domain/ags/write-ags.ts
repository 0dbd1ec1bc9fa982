import type { ReportItem } from '../report.ts';
import { abbrGroup } from './abbr-group.ts';
import type { AgsBorehole, AgsContents, AgsExport } from './ags-export.ts';
import { tableText, type AgsTable } from './ags-table.ts';
import { dictGroup } from './dict-group.ts';
import { fileGroup } from './file-group.ts';
import { geolGroup } from './geol-group.ts';
import { locaGroup } from './loca-group.ts';
import { projGroup } from './proj-group.ts';
import { reptGroup } from './rept-group.ts';
import { tranGroup } from './tran-group.ts';
import { typeGroup } from './type-group.ts';
import { unitGroup } from './unit-group.ts';

/** The groups of an export, in the order they are written. */
const GROUPS: ((contents: AgsContents) => AgsTable)[] = [
  projGroup,
  tranGroup,
  dictGroup,
  abbrGroup,
  typeGroup,
  unitGroup,
  locaGroup,
  geolGroup,
  reptGroup,
  fileGroup,
];

/** The boreholes of the documents, each once: known from the API, or else from its first document. */
function locationsOf({ documents, boreholes }: AgsExport): AgsBorehole[] {
  const firsts = new Map<string, ReportItem>();
  for (const { report } of documents) if (!firsts.has(report.bhId)) firsts.set(report.bhId, report);
  const known = new Map(boreholes.map((b) => [b.id, b]));
  return [...firsts.values()]
    .sort((a, b) => (a.bhId < b.bhId ? -1 : a.bhId > b.bhId ? 1 : 0))
    .map((r): AgsBorehole => known.get(r.bhId) ?? { id: r.bhId, lat: r.lat, lon: r.lon, site: r.site, muni: r.muni });
}

/**
 * The AGS 4.1.1 text of an export: ASCII (rule 1), CRLF line ends, every field quoted, groups
 * separated by a blank line, the boreholes of the documents only.
 */
export function writeAgs(agsExport: AgsExport): string {
  const contents: AgsContents = {
    ...agsExport,
    locations: locationsOf(agsExport),
    files: agsExport.documents.filter((d) => d.file),
  };
  // A group without rows is left out (rule 2: every group holds data).
  return `${GROUPS.map((group) => group(contents))
    .filter((g) => g.rows.length > 0)
    .map(tableText)
    .join('\r\n\r\n')}\r\n`;
}
