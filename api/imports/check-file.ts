import { readFileSync } from 'node:fs';
import {
  prepareAgsImport,
  type ImportReport,
  type PreparedImport,
} from '../../src/domain/ags/import/prepare-import.ts';
import { prepareSheetImport } from '../../src/domain/ags/import/prepare-sheet.ts';
import type { Submission } from './open-submission.ts';

const DICTIONARIES = new URL('./dictionaries/', import.meta.url);
const dictionaries = new Map<string, Uint8Array>();
/** A standard dictionary's bytes, read once. */
export function dictionary(name: string): Uint8Array {
  let bytes = dictionaries.get(name);
  if (!bytes) dictionaries.set(name, (bytes = readFileSync(new URL(name, DICTIONARIES))));
  return bytes;
}

/** The PROJ_ID of a file as the import reads it (the file's name when it has none). */
export function projectCode(prepared: PreparedImport, fileName: string): string {
  const proj = prepared.groups.find((group) => group.name === 'PROJ');
  const index = proj?.headings?.indexOf('PROJ_ID') ?? -1;
  return (index >= 0 ? proj?.rows[0]?.values[index]?.trim() : '') || fileName;
}

/** What the prepared import would be for a submission, knowing the LOCA_IDs the project holds. */
export function prepare(
  submission: Submission,
  fileName: string,
  options: { chosenCrs: string | null; existing: ReadonlySet<string> },
): PreparedImport {
  if (submission.kind === 'ags')
    return prepareAgsImport(submission.bytes, { ...options, dictionary, files: submission.files });
  const prepared = prepareSheetImport(submission.sheets, fileName, options);
  const encoding = submission.warnings;
  if (encoding.length > 0) prepared.report.warnings = { Encodage: encoding, ...prepared.report.warnings };
  return prepared;
}

/** A file to check, as the worker thread receives it. */
export interface CheckJob {
  fileName: string;
  bytes: Uint8Array;
  crs: string | null;
  /** The LOCA_IDs its project holds already, when known. */
  existing: string[];
}

/** What checking a file gives: its report and its project's code, or why it cannot be opened. */
export type CheckAnswer =
  | { ok: true; report: ImportReport; projectCode: string; sha256: string }
  | { ok: false; status: 400 | 413 | 415 | 422 | 507; error: string };
