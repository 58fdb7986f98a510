import { toSpreadsheetCsv } from '../csv/spreadsheet-csv';
import { plural, type MessageKey, type PluralBase } from '../i18n';
import type { BulkOperation } from '../storage/bulk-job/bulk-job-schema';
import { messageText } from '../message-ref';
import type { ActivityEntry, ActivityKind } from '../storage/activity/activity-schema';

/** Each kind's name in the page (and the kind filter), in the order the filter offers them. */
export const ACTIVITY_KIND_LABELS: Record<ActivityKind, MessageKey> = {
  connectionSaved: 'activityKindConnectionSaved',
  connectionForgotten: 'activityKindConnectionForgotten',
  workspaceAdded: 'activityKindWorkspaceAdded',
  workspaceRenamed: 'activityKindWorkspaceRenamed',
  workspaceCleared: 'activityKindWorkspaceCleared',
  workspaceDeleted: 'activityKindWorkspaceDeleted',
  workspaceImported: 'activityKindWorkspaceImported',
  workspaceReplaced: 'activityKindWorkspaceReplaced',
  lockTurnedOn: 'activityKindLockTurnedOn',
  lockTurnedOff: 'activityKindLockTurnedOff',
  lockChanged: 'activityKindLockChanged',
  credentialsForgottenAll: 'activityKindCredentialsForgottenAll',
  rotationPolicyChanged: 'activityKindRotationPolicyChanged',
  groupCreated: 'activityKindGroupCreated',
  groupRotated: 'activityKindGroupRotated',
  groupDeleted: 'activityKindGroupDeleted',
  groupForgotten: 'activityKindGroupForgotten',
  groupsRestored: 'activityKindGroupsRestored',
  projectRegistered: 'activityKindProjectRegistered',
  jobStarted: 'activityKindJobStarted',
  jobPaused: 'activityKindJobPaused',
  jobResumed: 'activityKindJobResumed',
  jobEnded: 'activityKindJobEnded',
};

/** A job's entries name the job: what it does, to how many groups. */
const JOB_SUBJECTS: Record<BulkOperation, PluralBase> = {
  create: 'activityJobCreate',
  rotate: 'activityJobRotate',
  delete: 'activityJobDelete',
};

/** What an entry is about, in words: its group, project or job, and its detail. */
export function entrySubject(entry: ActivityEntry): string {
  const parts: string[] = [];
  if (entry.operation && entry.count !== undefined) parts.push(plural(JOB_SUBJECTS[entry.operation], entry.count));
  if (entry.group) parts.push(`${entry.group.name} (${entry.group.id}, ${entry.group.environment})`);
  if (entry.project) parts.push(`${entry.project.name} ${entry.project.url}`);
  if (entry.detail) parts.push(messageText(entry.detail));
  return parts.join(' · ');
}

export interface ActivityQuery {
  search: string;
  kind: ActivityKind | 'all';
  /** A workspace id, or all. */
  workspace: string;
}

/**
 * The entries matching the query, newest first. The lower-cased text a search looks at is built once
 * per entry list (`haystacks`), so that a keystroke over 20,000 entries only compares strings.
 */
export function activityIndex(entries: readonly ActivityEntry[]): { entries: ActivityEntry[]; haystacks: string[] } {
  const newest = entries.slice().reverse();
  return {
    entries: newest,
    haystacks: newest.map((entry) =>
      [entry.workspace?.name, entrySubject(entry), entry.fingerprint, String(entry.seq)]
        .filter(Boolean)
        .join('\u0000')
        .toLocaleLowerCase(),
    ),
  };
}

export function searchActivity(
  index: { entries: ActivityEntry[]; haystacks: string[] },
  query: ActivityQuery,
  kindLabel: (kind: ActivityKind) => string = (kind) => kind,
): ActivityEntry[] {
  const needle = query.search.trim().toLocaleLowerCase();
  if (!needle && query.kind === 'all' && query.workspace === 'all') return index.entries;
  const matching: ActivityEntry[] = [];
  for (let position = 0; position < index.entries.length; position += 1) {
    const entry = index.entries[position]!;
    if (query.kind !== 'all' && entry.kind !== query.kind) continue;
    if (query.workspace !== 'all' && entry.workspace?.id !== query.workspace) continue;
    if (
      needle &&
      !index.haystacks[position]!.includes(needle) &&
      !kindLabel(entry.kind).toLocaleLowerCase().includes(needle)
    )
      continue;
    matching.push(entry);
  }
  return matching;
}

export const ACTIVITY_EXPORT_FORMAT = 'review-companion.activity';
export const ACTIVITY_CSV_COLUMNS = [
  'seq',
  'at',
  'kind',
  'outcome',
  'workspace',
  'group_name',
  'group_id',
  'environment',
  'project_url',
  'fingerprint',
  'detail',
  'prev',
] as const;

const stamp = (at: Date) => {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
};

/**
 * The log as stored (oldest first, every field, `prev` included so that the file can be checked
 * against the chain). Entries hold no secret, so neither does the file.
 */
export function exportActivityJson(entries: readonly ActivityEntry[], folded: number, at: Date) {
  const document = { format: ACTIVITY_EXPORT_FORMAT, version: 1, exportedAt: at.toISOString(), folded, entries };
  return {
    fileName: `activity-${stamp(at)}.json`,
    mimeType: 'application/json',
    text: `${JSON.stringify(document, null, 2)}\n`,
  };
}

/** The log for a spreadsheet, oldest first; names and details are guarded against formulas. */
export function exportActivityCsv(entries: readonly ActivityEntry[], at: Date) {
  const rows = entries.map((entry) => [
    String(entry.seq),
    entry.at,
    entry.kind,
    entry.outcome,
    entry.workspace?.name ?? '',
    entry.group?.name ?? entry.project?.name ?? '',
    entry.group?.id ?? entry.project?.id ?? '',
    entry.group?.environment ?? '',
    entry.project?.url ?? '',
    entry.fingerprint ?? '',
    entry.detail ? messageText(entry.detail) : '',
    entry.prev,
  ]);
  return {
    fileName: `activity-${stamp(at)}.csv`,
    mimeType: 'text/csv',
    text: toSpreadsheetCsv(ACTIVITY_CSV_COLUMNS, rows),
  };
}
