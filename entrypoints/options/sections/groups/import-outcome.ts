import { plural, t } from '@/lib/i18n';
import type { ImportOutcome } from '@/lib/user-groups/transfer/import-merge';
import { errorResult, successResult, type ActionResult } from '@/components/action-result';

/**
 * What the page says after an import: what was written, how many groups kept their live token (`keptHere`:
 * left out by the preview's default; with those the background kept), and which groups were left alone
 * because they changed.
 */
export function describeImport(
  fileName: string,
  { added, updated, conflicts, kept }: ImportOutcome,
  keptHere = 0,
): ActionResult {
  const keptCount = keptHere + kept.length;
  const written = t('importDone', fileName, plural('importNewGroups', added), plural('importGroups', updated));
  const done = keptCount > 0 ? `${written} ${plural('importKeptDone', keptCount)}` : written;
  if (conflicts.length === 0) return successResult(done);
  const which = conflicts.map((ref) => `${ref.environment} ${ref.userGroupId}`).join(', ');
  return errorResult(plural('importConflicts', conflicts.length, done, which));
}
