import { t, type MessageKey } from '../i18n';
import type { JobEnd } from '../jobs/job-end';
import { bulkCountsText } from '../user-groups/bulk/bulk-job-text';
import { messageText } from '../message-ref';
import { registerCountsText } from '../projects/register-job-text';
import { bulkJobSchema, type BulkJob } from '../storage/bulk-job/bulk-job-schema';
import type { JobItem } from '../storage/jobs/job-keys';
import { registerJobSchema, type RegisterJob } from '../storage/register-job/register-job-schema';
import type { Section } from '../url/section-routes';

/** A job that ended, as stored: a workspace's register-pages job, or its user-group job (create, rotate, delete). */
export type EndedJob = { item: 'registerPagesJob'; job: RegisterJob } | { item: 'bulkCreateJob'; job: BulkJob };

/** The stored progress of a job item read whole, or undefined when it is not of that item's shape. */
export function endedJobOf(item: JobItem, stored: unknown): EndedJob | undefined {
  if (item === 'registerPagesJob') {
    const job = registerJobSchema.safeParse(stored);
    return job.success ? { item, job: job.data } : undefined;
  }
  const job = bulkJobSchema.safeParse(stored);
  return job.success ? { item, job: job.data } : undefined;
}

const TITLES: Record<JobEnd, MessageKey> = {
  done: 'notifyJobDoneTitle',
  cancelled: 'notifyJobCancelledTitle',
  stopped: 'notifyJobStoppedTitle',
};

function kindText(ended: EndedJob): string {
  if (ended.item === 'registerPagesJob') return t('notifyJobKindRegister');
  const { operation } = ended.job;
  return t(
    operation === 'rotate'
      ? 'notifyJobKindRotate'
      : operation === 'delete'
        ? 'notifyJobKindDelete'
        : 'notifyJobKindCreate',
  );
}

/** The job's counts as its progress in the options page words them. */
const countsText = (ended: EndedJob): string =>
  ended.item === 'registerPagesJob' ? registerCountsText(ended.job) : bulkCountsText(ended.job);

/**
 * The notification of a job's end (design.md §12): its kind and how it ended in the title; the
 * workspace and the counts in the text, and for a job stopped by a failure, what stopped it.
 */
export function jobEndNotice(ended: EndedJob, end: JobEnd, workspaceName: string): { title: string; message: string } {
  const lines = [t('notifyJobMessage', workspaceName, countsText(ended))];
  if (end === 'stopped' && ended.job.message) lines.push(messageText(ended.job.message));
  return { title: t(TITLES[end], kindText(ended)), message: lines.join('\n') };
}

/** The section of the options page that shows a job of this item: Projects for pages, User groups for groups. */
export const jobSection = (item: JobItem): Section => (item === 'registerPagesJob' ? 'projects' : 'groups');
