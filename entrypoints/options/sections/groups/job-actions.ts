import { errorResult, resultOf, successResult, type ActionResult } from '@/components/action-result';
import { downloadFile } from '@/components/download-file';
import { plural, t } from '@/lib/i18n';
import { sendMessage } from '@/lib/messaging/client';
import { startBulkCreate } from '@/lib/messaging/messages/registry-transfer-messages';
import { startSelectionJob } from '@/lib/messaging/messages/selection-job-messages';
import type { BulkJob } from '@/lib/storage/bulk-job/bulk-job-schema';
import { readBulkJobRows } from '@/lib/stores/bulk-create-store';
import { unsentRows, unsentRowsCsv } from '@/lib/user-groups/bulk/bulk-unsent';
import { unlockAndRetry } from '../../shared/unlock-in-place';

/** A new job with the failed rows (or groups) of this one, at its rate. */
export async function retryFailed(workspaceId: string, job: BulkJob): Promise<ActionResult> {
  const { failed } = job;
  // Locked, the job cannot start (its rows need the API token): unlock in place, then it starts.
  const result = await unlockAndRetry(t('jobRetryFailed'), () =>
    job.operation === 'create'
      ? sendMessage(startBulkCreate, {
          workspaceId,
          rows: failed.map(({ line, name, userGroupId, environment }) => ({ line, name, userGroupId, environment })),
          ratePerMinute: job.ratePerMinute,
        })
      : sendMessage(startSelectionJob, {
          workspaceId,
          operation: job.operation,
          groups: failed.map(({ name, userGroupId, environment }) => ({ name, userGroupId, environment })),
          ...(job.ratePerMinute !== null && { ratePerMinute: job.ratePerMinute }),
        }),
  );
  return resultOf(result, plural('jobRetryStarted', failed.length));
}

/** The rows the job did not send, and the failed ones with their error, as a spreadsheet-safe CSV. */
export async function downloadUnsentRows(workspaceId: string, job: BulkJob): Promise<ActionResult> {
  const rows = await readBulkJobRows(workspaceId, job.id);
  if (!rows) return errorResult(t('jobRowsUnreadable'));
  const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-');
  downloadFile({ fileName: `unsent-rows-${stamp}.csv`, mimeType: 'text/csv', text: unsentRowsCsv(job, rows) });
  return successResult(plural('jobUnsentDownloaded', unsentRows(job, rows).length));
}
