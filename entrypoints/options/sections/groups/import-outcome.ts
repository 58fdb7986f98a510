import { plural, t } from '@/lib/i18n';
import type { ImportOutcome } from '@/lib/user-groups/transfer/import-merge';
import { errorResult, successResult, type ActionResult } from '@/components/action-result';

/** What the page says after an import: what was written, and which groups were left alone because they changed. */
export function describeImport(fileName: string, { added, updated, conflicts }: ImportOutcome): ActionResult {
  const done = t('importDone', fileName, plural('importNewGroups', added), plural('importGroups', updated));
  if (conflicts.length === 0) return successResult(done);
  const which = conflicts.map((ref) => `${ref.environment} ${ref.userGroupId}`).join(', ');
  return errorResult(plural('importConflicts', conflicts.length, done, which));
}
