import type { AgsIssue } from '../ags-issue.ts';
import { calendarDate } from '../date-format.ts';
import { headingsOf, valueOf, type AgsGroup } from '../read-ags.ts';
import { kindOf, sanitizeFileName, sniffDocument, titleFromFileName, type DocumentType } from '../../upload.ts';

/** A file of an AGS submission (FILE/<FILE_FSET>/<FILE_NAME>) to become a document of boreholes. */
export interface Attachment {
  /** Its path in the submission, beside the .ags file. */
  path: string;
  /** The boreholes (LOCA_ID) whose rows name its file set. */
  locaIds: string[];
  title: string;
  /** FILE_DATE when the file gives one (AAAA-MM-JJ), else null (the import's day). */
  date: string | null;
  type: DocumentType;
  kind: 'pdf' | 'image';
  bytes: Uint8Array;
}

const note = (line: number, message: string): AgsIssue => ({ rule: 'Fichiers joints', line, group: 'FILE', message });

/**
 * The attachments of a ZIP submission: each row of the FILE group whose file is in the ZIP becomes a
 * document of the boreholes that name its file set (FILE_FSET on their LOCA row or on any row of
 * theirs in another group). Only PDF and images are documents in GéoSonde: other files, and files
 * no borehole names (the project's), stay in the kept submission and are listed as warnings.
 */
export function attachmentsOf(
  groups: AgsGroup[],
  files: ReadonlyMap<string, Uint8Array>,
): { attachments: Attachment[]; warnings: AgsIssue[] } {
  const file = groups.find((group) => group.name === 'FILE');
  if (!file) return { attachments: [], warnings: [] };
  const setsOf = new Map<string, Set<string>>();
  for (const group of groups) {
    const headings = headingsOf(group);
    if (!headings.includes('LOCA_ID') || !headings.includes('FILE_FSET')) continue;
    for (const row of group.rows) {
      const [set, locaId] = [valueOf(group, row, 'FILE_FSET').trim(), valueOf(group, row, 'LOCA_ID')];
      if (set === '' || locaId === '') continue;
      setsOf.set(set, (setsOf.get(set) ?? new Set()).add(locaId));
    }
  }
  const attachments: Attachment[] = [];
  const warnings: AgsIssue[] = [];
  for (const row of file.rows) {
    const set = valueOf(file, row, 'FILE_FSET').trim();
    const name = valueOf(file, row, 'FILE_NAME').trim();
    const path = `FILE/${set}/${name}`;
    const bytes = files.get(path);
    if (!bytes) continue; // Rule 20 reports it.
    const locaIds = [...(setsOf.get(set) ?? [])];
    const type = sniffDocument(bytes.subarray(0, 16));
    if (locaIds.length === 0) {
      warnings.push(note(row.line, `${path} : aucun forage ne nomme le lot ${set}, non rattaché.`));
    } else if (!type) {
      warnings.push(note(row.line, `${path} : ni PDF ni image (PNG, JPEG, TIFF), gardé dans l’envoi seulement.`));
    } else {
      const description = valueOf(file, row, 'FILE_DESC').trim();
      attachments.push({
        path,
        locaIds,
        title: (description || titleFromFileName(sanitizeFileName(name))).slice(0, 200),
        date: calendarDate(valueOf(file, row, 'FILE_DATE')),
        type,
        kind: kindOf(type),
        bytes,
      });
    }
  }
  return { attachments, warnings };
}
