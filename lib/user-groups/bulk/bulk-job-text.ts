import { plural, t } from '../../i18n';
import type { BulkJob } from '../../storage/bulk-job/bulk-job-schema';

/**
 * How far a user-group job is, in the words of its progress (the options page's job screen) and of the
 * notification of its end: "5 of 5 rotated, 0 failed", "12 of 60 created, 1 failed (2 already existed
 * on the service)". (Only a create meets groups that already existed: get-or-create.)
 */
export function bulkCountsText(job: BulkJob): string {
  const succeeded = job.created + job.existed;
  const failed = job.failed.length;
  if (job.operation === 'rotate') return t('jobProgressRotated', succeeded, job.total, failed);
  if (job.operation === 'delete') return t('jobProgressDeleted', succeeded, job.total, failed);
  const created = t('bulkProgressCounts', succeeded, job.total, failed);
  return job.existed > 0 ? `${created} ${plural('bulkProgressExisted', job.existed)}` : created;
}
