import { t, type MessageKey } from '@/lib/i18n';
import type { ImportOutcome } from '@/lib/user-groups/import-merge';
import type { Outcome } from './outcome';

/** A message for exactly one, or for any other count. */
export function counted(count: number, one: MessageKey, many: MessageKey): string {
  return count === 1 ? t(one) : t(many, count);
}

/** What the page says after an import: what was written, and which groups were left alone because they changed. */
export function describeImport(fileName: string, { added, updated, conflicts }: ImportOutcome): Outcome {
  const done = t('importDone', fileName, counted(added, 'importNewGroupsOne', 'importNewGroupsMany'), counted(updated, 'importGroupsOne', 'importGroupsMany'));
  if (conflicts.length === 0) return { kind: 'success', message: done };
  const which = conflicts.map((ref) => `${ref.environment} ${ref.userGroupId}`).join(', ');
  return { kind: 'error', message: conflicts.length === 1 ? t('importConflictsOne', done, which) : t('importConflictsMany', done, conflicts.length, which) };
}
