import { errorResult, resultOf, successResult, type ActionResult } from '@/components/action-result';
import { downloadFile } from '@/components/download-file';
import { plural, t } from '@/lib/i18n';
import { sendMessage } from '@/lib/messaging/client';
import {
  cancelBulkCreate,
  resumeBulkCreate,
  startBulkCreate,
} from '@/lib/messaging/messages/registry-transfer-messages';
import { startSelectionJob } from '@/lib/messaging/messages/selection-job-messages';
import { bulkCreateRowsItemFor } from '@/lib/storage/bulk-job/bulk-rows-item';
import { storedBulkJobRowsSchema, type BulkJob, type BulkOperation } from '@/lib/storage/bulk-job/bulk-job-schema';
import { unsentRows, unsentRowsCsv } from '@/lib/user-groups/bulk/bulk-unsent';
import { workspaceScope } from '@/lib/storage/workspace-keys';

/** "Creating groups", "Rotating tokens", "Deleting groups". */
export function jobKindText(operation: BulkOperation): string {
  return operation === 'rotate' ? t('jobKindRotate') : operation === 'delete' ? t('jobKindDelete') : t('jobKindCreate');
}

/** What a job control did, in words for the live region next to the controls. */
export type JobActionResult = ActionResult;

export async function cancelJob(workspaceId: string): Promise<JobActionResult> {
  return resultOf(await sendMessage(cancelBulkCreate, { workspaceId }), t('jobCancelRequested'));
}

export async function resumeJob(workspaceId: string): Promise<JobActionResult> {
  return resultOf(await sendMessage(resumeBulkCreate, { workspaceId }), t('jobResumed'));
}

/** A new job with the failed rows (or groups) of this one, at its rate. */
export async function retryFailed(workspaceId: string, job: BulkJob): Promise<JobActionResult> {
  const { failed } = job;
  const result =
    job.operation === 'create'
      ? await sendMessage(startBulkCreate, {
          workspaceId,
          rows: failed.map(({ line, name, userGroupId, environment }) => ({ line, name, userGroupId, environment })),
          ratePerMinute: job.ratePerMinute,
        })
      : await sendMessage(startSelectionJob, {
          workspaceId,
          operation: job.operation,
          groups: failed.map(({ name, userGroupId, environment }) => ({ name, userGroupId, environment })),
          ...(job.ratePerMinute !== null && { ratePerMinute: job.ratePerMinute }),
        });
  return resultOf(result, plural('jobRetryStarted', failed.length));
}

/** The rows the job did not send, and the failed ones with their error, as a spreadsheet-safe CSV. */
export async function downloadUnsentRows(workspaceId: string, job: BulkJob): Promise<JobActionResult> {
  const stored = storedBulkJobRowsSchema.safeParse(await bulkCreateRowsItemFor(workspaceScope(workspaceId)).getValue());
  const rows = stored.success && stored.data?.jobId === job.id ? stored.data.rows : undefined;
  if (!rows) return errorResult(t('jobRowsUnreadable'));
  const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-');
  downloadFile({ fileName: `unsent-rows-${stamp}.csv`, mimeType: 'text/csv', text: unsentRowsCsv(job, rows) });
  return successResult(plural('jobUnsentDownloaded', unsentRows(job, rows).length));
}
