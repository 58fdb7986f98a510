import { browser } from 'wxt/browser';
import { t } from '@/lib/i18n';
import { watchJobWrites } from '@/lib/storage/jobs/stored-jobs';
import { combinedBadge, dueBadge, jobBadge, NO_BADGE, type JobBadge } from '@/lib/jobs/job-badge';

/** The toolbar action (Firefox MV2 names it browserAction). */
function toolbarAction() {
  const api = browser as unknown as { action?: typeof browser.action; browserAction?: typeof browser.action };
  return api.action ?? api.browserAction;
}

/** What the background tells the badge besides jobs: the tokens due for rotation, and their tooltip. */
export interface ToolbarBadge {
  showDue(due: number, title: string | undefined): void;
}

/**
 * The toolbar icon's badge shows a running job's progress ("12/60", "20%"), from each write of a
 * workspace's job (the runner writes after every row), and clears when the job ends. With no job
 * under way, it shows how many tokens are due for rotation (when reminders are on), with a tooltip
 * that says so. Registered synchronously at the worker's start; what it knows of jobs is rebuilt
 * from the next writes.
 */
export function registerJobBadge(): ToolbarBadge {
  const badges = new Map<string, JobBadge>();
  let due: { badge: JobBadge; title: string | undefined } = { badge: NO_BADGE, title: undefined };
  let shown: { text: string; color: string; title: string | undefined } | undefined;

  function render(): void {
    const job = combinedBadge(badges);
    const next = job.text !== '' ? { ...job, title: undefined } : { ...due.badge, title: due.title };
    if (shown?.text === next.text && shown.color === next.color && shown.title === next.title) return;
    shown = next;
    const action = toolbarAction();
    if (!action) return;
    void action.setBadgeText({ text: next.text }).catch(() => undefined);
    if (next.text !== '') void action.setBadgeBackgroundColor({ color: next.color }).catch(() => undefined);
    void Promise.resolve(action.setTitle({ title: next.title ?? t('actionTitle') })).catch(() => undefined);
  }

  watchJobWrites((writes) => {
    for (const { key, after } of writes) badges.set(key, jobBadge(after));
    render();
  });
  return {
    showDue(count, title) {
      due = { badge: dueBadge(count), title: count > 0 ? title : undefined };
      render();
    },
  };
}
