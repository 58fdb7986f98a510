import { plural, t } from '../i18n';
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
  // Each count in its plural form ("1 hatte bereits ein Projekt", "2 hatten…").
  return t(
    'registerProgressCounts',
    doneCount(job),
    job.total,
    plural('registerCountDone', counts.registered),
    plural('registerCountExisted', counts.existed),
    plural('registerCountFailed', counts.failed),
    plural('registerCountUnknown', counts.unknown),
  );
}
