import { z } from 'zod/mini';
import { messageRefSchema, text, type MessageRef } from '../../message-ref';

/** Where in a file: a CSV row by the line it starts on, a JSON group by its number in the list (1-based). */
const rowPlaceSchema = z.lazy(() => z.object({ kind: z.enum(['line', 'entry']), position: z.number() }));
export type RowPlace = z.infer<typeof rowPlaceSchema>;

/** A row of a file that cannot be used, and why (named, the page says it). Shown, never dropped silently. */
export const rowProblemSchema = z.lazy(() => z.object({ where: rowPlaceSchema, reason: messageRefSchema }));
export type RowProblem = z.infer<typeof rowProblemSchema>;

/** Sorts problems into the file's order. */
export const byPosition = (a: { where: RowPlace }, b: { where: RowPlace }) => a.where.position - b.where.position;

/** "The same Customer ID as line 4." (or "as entry 4" in a JSON file); line numbers are not grouped ("line 1234"). */
export const sameIdAs = (environment: string, first: RowPlace): MessageRef =>
  first.kind === 'line'
    ? text('fileSameIdAsLine', environment, String(first.position))
    : text('fileSameIdAsEntry', environment, String(first.position));

/**
 * The file rules' zod messages are these message names; describeIssues() turns them into named texts.
 * Too long (`too_big`) and a missing or wrong-typed field (`invalid_type`) are told by their issue code.
 */
export const FIELD_RULES = {
  empty: 'fileFieldEmpty',
  notDate: 'fileFieldNotDate',
  notEnvironment: 'fileFieldNotEnvironment',
  notWholeNumber: 'fileFieldNotWholeNumber',
  controlCharacters: 'fileFieldControlCharacters',
  extraTooLong: 'fileFieldExtraTooLong',
} as const;
const ruleKeys: readonly string[] = Object.values(FIELD_RULES);

interface Issue {
  code?: string;
  path: readonly PropertyKey[];
  message: string;
  maximum?: unknown;
  input?: unknown;
  params?: Record<string, unknown>;
}

function issueText(issue: Issue): MessageRef {
  if (issue.code === 'too_big' && typeof issue.maximum === 'number') return text('fileFieldTooLong', issue.maximum);
  if (issue.message === FIELD_RULES.extraTooLong) return text('fileFieldExtraTooLong', Number(issue.params?.maximum));
  if (ruleKeys.includes(issue.message)) return { key: issue.message };
  // Parsed with `reportInput`: a field that is not there has no input.
  if (issue.code === 'invalid_type') return text(issue.input === undefined ? 'fileFieldMissing' : 'fileFieldWrongType');
  return text('fileFieldInvalid');
}

/** zod issues as one named text: "user_group_id: must not be empty; environment: …" (field names are data). */
export function describeIssues(issues: readonly Issue[]): MessageRef {
  const texts = issues.map((issue) =>
    issue.path.length > 0
      ? text('fileFieldIssue', issue.path.map(String).join('.'), issueText(issue))
      : issueText(issue),
  );
  if (texts.length === 0) return text('fileFieldInvalid');
  return texts.reduceRight((rest, first) => text('fileIssuesJoined', first, rest));
}
