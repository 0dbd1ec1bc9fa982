import { issue, type AgsIssue } from './ags-issue.ts';
import { definedValues, type CheckContext } from './check-context.ts';
import { valueOf } from './read-ags.ts';

/** Joins path parts as path.join does on POSIX: empty and '.' parts dropped, '..' going up. */
function joinPath(...parts: string[]): string {
  const segments: string[] = [];
  for (const segment of parts.join('/').split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..' && segments.length > 0 && segments.at(-1) !== '..') segments.pop();
    else segments.push(segment);
  }
  return segments.join('/') || '.';
}

/**
 * Rule 20: every FILE_FSET used is in the FILE group and, when `present` lists the paths beside the
 * .ags file (relative to its folder, '/' between parts), each file of FILE is among them as
 * FILE/<FILE_FSET>/<FILE_NAME>.
 */
export function checkFiles(context: CheckContext, present: readonly string[] | null): AgsIssue[] {
  const file = context.byName.get('FILE');
  const sets = definedValues(context, 'FILE', 'FILE_FSET');
  const issues = context.groups
    .filter((group) => group.name !== 'FILE')
    .flatMap((group) =>
      [...new Set(group.rows.map((row) => valueOf(group, row, 'FILE_FSET')))]
        .filter((set) => set !== '' && !sets.has(set))
        .map((set) => issue('20', null, group.name, `Le FILE_FSET « ${set} » manque au groupe FILE.`)),
    );
  if (!file || present === null) return issues;
  const found = new Set(present.map((path) => joinPath(path)));
  for (const row of file.rows) {
    const path = joinPath('FILE', valueOf(file, row, 'FILE_FSET'), valueOf(file, row, 'FILE_NAME'));
    if (!found.has(path)) issues.push(issue('20', row.line, 'FILE', `Le fichier ${path} est introuvable.`));
  }
  return issues;
}
