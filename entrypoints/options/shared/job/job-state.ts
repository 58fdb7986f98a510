import { plural, t } from '@/lib/i18n';
import { remainingCount } from '@/lib/jobs/job-queue';
import { messageText } from '@/lib/message-ref';
import type { JobProgress } from '@/lib/storage/jobs/job-progress-schema';

/**
 * Where any job stands, in one line under its progress: running at its rate (or waiting out a 429),
 * paused and why, cancelled with how many rows were not sent, or done. Every kind says it the same way.
 */
export function describeJobState(job: JobProgress): string {
  switch (job.status) {
    case 'running':
      if (job.rateLimitedUntil !== undefined)
        return t('bulkRateLimited', new Date(job.rateLimitedUntil).toLocaleTimeString());
      return job.ratePerMinute === null ? t('bulkRunningUnthrottled') : t('bulkRunningAt', String(job.ratePerMinute));
    case 'paused':
      return t('bulkPaused', job.message ? messageText(job.message) : t('bulkPausedWaiting'));
    case 'cancelled': {
      const notSent = remainingCount(job);
      return notSent === 0 ? t('bulkCancelled') : plural('bulkCancelledRows', notSent);
    }
    case 'done':
      return t('bulkDone');
  }
}
