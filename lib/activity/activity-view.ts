import { plural, type MessageKey, type PluralBase } from '../i18n';
import type { BulkOperation } from '../storage/bulk-job/bulk-job-schema';
import { messageText } from '../message-ref';
import { createRowSearch } from '../text/word-search';
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
  activityCleared: 'activityKindActivityCleared',
};

/** A job's entries name the job: what it does, to how many groups. */
const JOB_SUBJECTS: Record<BulkOperation, PluralBase> = {
  create: 'activityJobCreate',
  rotate: 'activityJobRotate',
  delete: 'activityJobDelete',
};

/** What else an entry says: its detail, or for a clearing, what it removed and the log it replaced. */
export function entryDetail(entry: ActivityEntry): string {
  if (entry.detail) return messageText(entry.detail);
  if (entry.replaced)
    return plural(
      'activityClearedSubject',
      entry.count ?? 0,
      String(entry.replaced.count),
      entry.replaced.hash.slice(0, 16),
    );
  return '';
}

/** What an entry is about, in words: its group, project or job, and its detail. */
export function entrySubject(entry: ActivityEntry): string {
  const parts: string[] = [];
  if (entry.operation && entry.count !== undefined) parts.push(plural(JOB_SUBJECTS[entry.operation], entry.count));
  if (entry.group) parts.push(`${entry.group.name} (${entry.group.id}, ${entry.group.environment})`);
  if (entry.project) parts.push(`${entry.project.name} ${entry.project.url}`);
  const detail = entryDetail(entry);
  if (detail) parts.push(detail);
  return parts.join(' · ');
}

export interface ActivityQuery {
  search: string;
  kind: ActivityKind | 'all';
  /** A workspace id, or all. */
  workspace: string;
}

/** The log newest first, and its search (what each row shows, folded when the first search needs it). */
export interface ActivityIndex {
  entries: readonly ActivityEntry[];
  find: (search: string) => readonly ActivityEntry[];
}

/**
 * The index of an entry list: the search looks at what a row shows (its number, workspace, kind, what
 * it is about and fingerprint) by the one rule of every list (lib/text/word-search.ts), so that "corp
 * globex" finds "Globex Corp" as "Globex Corp" does. Nothing is folded until a search asks.
 */
export function activityIndex(
  entries: readonly ActivityEntry[],
  kindLabel: (kind: ActivityKind) => string = (kind) => kind,
): ActivityIndex {
  const newest = entries.slice().reverse();
  const find = createRowSearch(newest, (entry) => [
    String(entry.seq),
    entry.workspace?.name,
    kindLabel(entry.kind),
    entrySubject(entry),
    entry.fingerprint,
  ]);
  return { entries: newest, find };
}

/** The entries matching the query (its words, then its kind and workspace), newest first. */
export function searchActivity(index: ActivityIndex, query: ActivityQuery): readonly ActivityEntry[] {
  const found = index.find(query.search);
  if (query.kind === 'all' && query.workspace === 'all') return found;
  return found.filter(
    (entry) =>
      (query.kind === 'all' || entry.kind === query.kind) &&
      (query.workspace === 'all' || entry.workspace?.id === query.workspace),
  );
}
