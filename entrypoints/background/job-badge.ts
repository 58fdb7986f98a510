import { browser } from 'wxt/browser';
import { jobProgressSchema } from '@/lib/storage/jobs/job-progress-schema';
import { combinedBadge, jobBadge, type JobBadge } from '@/lib/jobs/job-badge';

const JOB_KEY = /^ws\.[a-z0-9-]{1,36}\.(bulkCreateJob|registerPagesJob)$/;

/** The toolbar action (Firefox MV2 names it browserAction). */
function toolbarAction() {
  const api = browser as unknown as { action?: typeof browser.action; browserAction?: typeof browser.action };
  return api.action ?? api.browserAction;
}

/**
 * The toolbar icon's badge shows a running job's progress ("12/60", "20%"), from each write of a
 * workspace's job (the runner writes after every row), and clears when the job ends. Registered
 * synchronously at the worker's start; what it knows is rebuilt from the next writes.
 */
export function registerJobBadge(): void {
  const badges = new Map<string, JobBadge>();
  let shown: JobBadge | undefined;
  browser.storage.onChanged.addListener((changes, area) => {
    if (area !== 'local') return;
    let changed = false;
    for (const [key, change] of Object.entries(changes)) {
      if (!JOB_KEY.test(key)) continue;
      const job = jobProgressSchema.safeParse(change.newValue);
      badges.set(key, jobBadge(job.success ? job.data : null));
      changed = true;
    }
    if (!changed) return;
    const badge = combinedBadge(badges);
    if (shown?.text === badge.text && shown.color === badge.color) return;
    shown = badge;
    const action = toolbarAction();
    if (!action) return;
    void action.setBadgeText({ text: badge.text }).catch(() => undefined);
    if (badge.text !== '') void action.setBadgeBackgroundColor({ color: badge.color }).catch(() => undefined);
  });
}
