/**
 * What the check of an AGS file reports: a breach of the AGS Format Rules (an error), a note
 * for information (FYI), or the reason the check had to stop. `rule` names it as the reference
 * validator does ('AGS Format Rule 16', 'FYI (Related to Rule 16)', 'Validator Process Error');
 * `line` is null for the whole file; `group` may be ''.
 */
export interface AgsIssue {
  rule: string;
  line: number | null;
  group: string;
  message: string;
}

export const issue = (rule: string, line: number | null, group: string, message: string): AgsIssue => ({
  rule: `AGS Format Rule ${rule}`,
  line,
  group,
  message,
});

/** A note for information: `related` is the rule it relates to, if any. */
export const fyi = (related: string | null, line: number | null, group: string, message: string): AgsIssue => ({
  rule: related ? `FYI (Related to Rule ${related})` : 'FYI',
  line,
  group,
  message,
});

/** Why the check stopped before the rules on groups (those issues are then missing). */
export const PROCESS_ERROR = 'Validator Process Error';

export type AgsIssueKind = 'error' | 'warning' | 'fyi';

/** Errors block an import; warnings and notes for information do not. */
export function kindOf({ rule }: Pick<AgsIssue, 'rule'>): AgsIssueKind {
  if (rule.startsWith('FYI')) return 'fyi';
  if (rule.startsWith('Warning') || rule.startsWith('Avertissement')) return 'warning';
  return 'error';
}

export const isError = (issue: Pick<AgsIssue, 'rule'>) => kindOf(issue) === 'error';
