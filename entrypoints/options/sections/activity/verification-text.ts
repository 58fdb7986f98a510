import { errorResult, successResult, type ActionResult } from '@/components/action-result';
import type { ExportVerification } from '@/lib/activity/verify-against-export';
import { formatDateTime, plural, t } from '@/lib/i18n';
import type { ActivityVerification } from '@/lib/storage/activity/activity-chain';

// What each verification says, in the page's language. Entries are named by their number as the
// table's Entry column shows it (no digit grouping), so that "entry 22" is found there.

/** Verify activity log: the chain's links hold, or where the first does not. */
export function chainText(outcome: ActivityVerification): ActionResult {
  if (outcome.ok) return successResult(plural('activityVerified', outcome.count));
  return errorResult(outcome.seq === undefined ? t('activityBrokenIndex') : t('activityBroken', String(outcome.seq)));
}

const FILE_PROBLEMS = {
  unreadable: 'activityExportUnreadable',
  noHash: 'activityExportNoHash',
  empty: 'activityExportEmpty',
} as const;

/** Verify against export: what was proven, or the first entry dropped or changed, or why nothing could be. */
export function exportText(outcome: ExportVerification): ActionResult {
  if (outcome.ok) {
    const said = [plural('activityExportVerified', outcome.compared, String(outcome.last), String(outcome.newest))];
    if (outcome.foldedByAge > 0) said.push(plural('activityExportFoldedByAge', outcome.foldedByAge));
    if (outcome.removedWithWorkspace > 0)
      said.push(plural('activityExportRemovedWithWorkspace', outcome.removedWithWorkspace));
    return successResult(said.join(' '));
  }
  switch (outcome.reason) {
    case 'dropped':
      return errorResult(t('activityExportDropped', String(outcome.seq)));
    case 'changed':
      return errorResult(t('activityExportChanged', String(outcome.seq)));
    case 'cleared':
      return errorResult(t('activityExportCleared', String(outcome.seq), formatDateTime(outcome.at)));
    case 'allFolded':
      return errorResult(plural('activityExportAllFolded', outcome.count));
    case 'chain':
      return chainText(outcome.broken);
    case 'file':
      return errorResult(
        outcome.read.problem === 'tampered'
          ? t('activityExportTampered', String(outcome.read.seq))
          : t(FILE_PROBLEMS[outcome.read.problem]),
      );
  }
}
