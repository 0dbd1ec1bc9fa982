import { readFileSync } from 'node:fs';
import {
  prepareAgsImport,
  readAgsImport,
  type ImportReport,
  type PreparedImport,
} from '../../src/domain/ags/import/prepare-import.ts';
import { prepareSheetImport } from '../../src/domain/ags/import/prepare-sheet.ts';
import { openSubmission, type Submission } from './open-submission.ts';

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

/**
 * What a validated submission writes, read again at commit. An AGS file is not checked again (see
 * readAgsImport); a spreadsheet is, its check being a small part of reading it.
 */
export async function readForCommit(
  fileName: string,
  bytes: Uint8Array,
  crs: string | null,
): Promise<Omit<PreparedImport, 'report'>> {
  const submission = await openSubmission(fileName, bytes);
  return submission.kind === 'ags'
    ? readAgsImport(submission.bytes, { files: submission.files, chosenCrs: crs })
    : prepare(submission, fileName, { chosenCrs: crs, existing: new Set() });
}

/**
 * Work on an import file kept on disk, for a worker thread (file-aside.ts), which reads the file
 * itself: `check` gives its report, `read` what its commit writes.
 */
export type FileJob = CheckJob | ReadJob;

/** A file to check. */
export interface CheckJob {
  task: 'check';
  fileName: string;
  /** The file on this machine's disk (FileStore.pathOf). */
  path: string;
  crs: string | null;
  /** The LOCA_IDs its project holds already, when known. */
  existing: string[];
}

/** A validated file to read again for its commit, as long as its bytes are still those checked. */
export interface ReadJob {
  task: 'read';
  fileName: string;
  path: string;
  crs: string | null;
  sha256: string;
}

type Refusal = { ok: false; status: 400 | 409 | 413 | 415 | 422 | 507; error: string };

/** What checking a file gives: its report and its project's code, or why it cannot be opened. */
export type CheckAnswer = { ok: true; report: ImportReport; projectCode: string; sha256: string } | Refusal;

/** What reading a validated file again gives: what to write, or why not (changed, past a limit). */
export type ReadAnswer = { ok: true; prepared: Omit<PreparedImport, 'report'> } | Refusal;

export type FileAnswer<J extends FileJob> = J extends CheckJob ? CheckAnswer : ReadAnswer;
