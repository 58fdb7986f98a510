import { browser } from 'wxt/browser';
import { jobEndOf, type JobEnd } from '@/lib/jobs/job-end';
import { endedJobOf, jobEndNotice, jobSection } from '@/lib/notifications/job-end-notice';
import { notificationId, notify, onNotificationClick } from '@/lib/notifications/notifications';
import { readNotifyJobEnds } from '@/lib/storage/job-notifications';
import { jobOfKey, type JobItem } from '@/lib/storage/jobs/job-keys';
import { watchJobWrites } from '@/lib/storage/jobs/stored-jobs';
import type { WorkspaceIndexStore } from '@/lib/workspaces/workspace-index-store';
import { openOptionsTabs, optionsPageShowsWorkspace, showOptionsSection } from './options-tab';

/**
 * Notifications about a job's end: `job-ended:<workspace id>:<job item>`; a click shows the job's
 * section, in the options page already open if there is one.
 */
const NOTIFICATION_KIND = 'job-ended';

/**
 * Whether an options page shows the workspace now: open on it, in the active tab of a window that is not
 * minimised (its job panel and sections then show the job's end).
 */
async function optionsPageShows(workspaceId: string, lastUsed: string): Promise<boolean> {
  const optionsUrl = browser.runtime.getURL('/options.html');
  for (const context of await openOptionsTabs()) {
    if (!optionsPageShowsWorkspace(context.documentUrl, optionsUrl, workspaceId, lastUsed)) continue;
    const tab = await browser.tabs.get(context.tabId).catch(() => undefined);
    if (!tab?.active) continue;
    const window = await browser.windows.get(tab.windowId).catch(() => undefined);
    if (window?.state !== 'minimized') return true;
  }
  return false;
}

/**
 * **Notify me when a job ends** (design.md §12): every background job (register pages, bulk create,
 * rotate or delete a selection, rotate due tokens) that ends (done, cancelled, or stopped by a failure)
 * while no options page shows its workspace gets a notification, when the user turned the setting on
 * and the `notifications` permission is held. Followed from the runner's writes of each job, as the
 * toolbar badge is; a click opens the job's section of that workspace. Registered synchronously at the
 * worker's start.
 */
export function registerJobNotifications(index: Pick<WorkspaceIndexStore, 'read' | 'find'>): void {
  onNotificationClick(NOTIFICATION_KIND, async (subject) => {
    const [workspaceId = '', item] = subject.split(':');
    const job = jobOfKey(`ws.${workspaceId}.${item}`);
    if (job) await showOptionsSection(jobSection(job.item), job, (await index.read()).lastUsed);
  });

  async function tell(workspaceId: string, item: JobItem, stored: unknown, end: JobEnd): Promise<void> {
    if (!(await readNotifyJobEnds())) return;
    const ended = endedJobOf(item, stored);
    const workspace = await index.find(workspaceId);
    if (!ended || !workspace) return;
    if (await optionsPageShows(workspaceId, (await index.read()).lastUsed)) return;
    await notify(notificationId(NOTIFICATION_KIND, `${workspaceId}:${item}`), jobEndNotice(ended, end, workspace.name));
  }

  watchJobWrites((writes) => {
    for (const { workspaceId, item, before, after, stored } of writes) {
      const end = jobEndOf(before, after);
      if (!end) continue;
      void tell(workspaceId, item, stored, end).catch((error: unknown) => {
        console.error(
          `Review Companion: the end of a job could not be notified (${error instanceof Error ? error.name : 'unknown'}).`,
        );
      });
    }
  });
}
