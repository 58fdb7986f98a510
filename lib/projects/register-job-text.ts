import { t } from '../i18n';
import { doneCount } from '../jobs/job-queue';
import type { RegisterJob } from '../storage/register-job/register-job-schema';
import { pageCounts } from './register-job';

/**
 * How far a register-pages job is, in the words of its progress (Options → Projects) and of the
 * notification of its end: "42 of 42 done: 40 registered, 1 already had a project, 1 failed, 0 of
 * unknown outcome."
 */
export function registerCountsText(job: RegisterJob): string {
  const counts = pageCounts(job);
  return t(
    'registerProgressCounts',
    doneCount(job),
    job.total,
    counts.registered,
    counts.existed,
    counts.failed,
    counts.unknown,
  );
}
