/** A breach of the AGS Format Rules: the rule, the line (null for the whole file) and the group. */
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
