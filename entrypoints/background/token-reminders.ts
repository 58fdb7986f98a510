import { browser } from 'wxt/browser';
import { debounce } from '@/lib/async/debounce';
import { plural, t } from '@/lib/i18n';
import { canonicalJson } from '@/lib/hash/sha256';
import { notificationId, notify, onNotificationClick } from '@/lib/notifications/notifications';
import { readPolicyTokenRotation } from '@/lib/storage/policy-status';
import { readTokenRotation } from '@/lib/storage/rotation/token-rotation';
import { workspaceScope } from '@/lib/storage/workspace-keys';
import {
  readDueSummary,
  watchDueCountInputs,
  writeDueSummary,
  type DueSummary,
} from '@/lib/storage/rotation/due-summary';
import { checkDue, totalDue } from '@/lib/user-groups/rotation/due-reminders';
import type { WorkspaceIndexStore } from '@/lib/workspaces/workspace-index-store';
import type { ToolbarBadge } from './job-badge';
import { showOptionsSection } from './options-tab';
import type { Workspaces } from './workspaces';

/** Once a day (and a minute after the worker first registers it): due tokens are counted, and reminded of. */
export const TOKEN_REMINDER_ALARM = 'token-reminders';
const DAY_MINUTES = 24 * 60;
/** Notifications about due tokens: `tokens-due:<workspace id>`; a click opens that workspace's due groups. */
const NOTIFICATION_KIND = 'tokens-due';
/** A burst of changes (a job's rows, an import) is counted once it has been quiet this long. */
const SETTLE_MS = 3_000;

export interface TokenRemindersDeps {
  index: WorkspaceIndexStore;
  workspaces: Pick<Workspaces, 'open'>;
  badge: ToolbarBadge;
  now?: () => Date;
}

/**
 * Reminders of tokens due for rotation (design.md §13), for the workspaces whose user asked for them:
 * the toolbar badge (with no job under way) says how many, kept current as the registry and settings
 * change; the daily alarm also shows a notification per workspace with due tokens, when the user
 * granted the permission; a click opens that workspace's due groups.
 */
export function createTokenReminders(deps: TokenRemindersDeps) {
  const now = deps.now ?? (() => new Date());

  const check = (): Promise<DueSummary> =>
    checkDue({
      workspaces: async () => (await deps.index.read()).index.workspaces,
      settingsOf: (workspaceId) => readTokenRotation(workspaceScope(workspaceId)),
      policy: readPolicyTokenRotation,
      groupsOf: async (workspaceId) => {
        const opened = await deps.workspaces.open(workspaceId);
        return opened.ok ? (await opened.value.registry().read()).groups : [];
      },
      now,
    });

  function show(summary: DueSummary): void {
    const due = totalDue(summary);
    deps.badge.showDue(due, due > 0 ? plural('badgeDueTitle', due) : undefined);
  }

  async function refresh({ remind }: { remind: boolean }): Promise<void> {
    const summary = await check();
    // Written only when a count changed: every registry write asks for a recount, and a write of the
    // same counts would spend the storage quota and fail once it is full (storage-full.spec).
    const stored = await readDueSummary();
    if (canonicalJson(stored?.workspaces) !== canonicalJson(summary.workspaces)) await writeDueSummary(summary);
    show(summary);
    if (!remind) return;
    for (const workspace of summary.workspaces) {
      if (workspace.due === 0) continue;
      await notify(notificationId(NOTIFICATION_KIND, workspace.id), {
        title: t('notifyDueTitle'),
        message: plural('notifyDueMessage', workspace.due, workspace.name),
      });
    }
  }

  const logged = (work: Promise<void>) =>
    work.catch((error: unknown) => {
      console.error(
        `Review Companion: tokens due for rotation could not be counted (${error instanceof Error ? error.name : 'unknown'}).`,
      );
    });

  return {
    /** Registered synchronously at the worker's start: what a notification click and a change of the registries do. */
    register(): void {
      // A click shows the workspace's due groups (the Show select's Due for rotation), in an open options page if any.
      onNotificationClick(NOTIFICATION_KIND, async (workspaceId) => {
        await showOptionsSection('groups', { workspaceId, target: 'due' }, (await deps.index.read()).lastUsed);
      });
      const recount = debounce(() => void logged(refresh({ remind: false })), { waitMs: SETTLE_MS });
      watchDueCountInputs(recount);
    },

    /** Once the worker has started: the daily alarm if it is missing, and the badge of the last count. */
    restore: (): Promise<void> =>
      logged(
        (async () => {
          if (!(await browser.alarms.get(TOKEN_REMINDER_ALARM)))
            await browser.alarms.create(TOKEN_REMINDER_ALARM, { delayInMinutes: 1, periodInMinutes: DAY_MINUTES });
          const stored = await readDueSummary();
          if (stored) show(stored);
        })(),
      ),

    /** The daily alarm: count, show, and notify. */
    onAlarm: (): Promise<void> => logged(refresh({ remind: true })),

    /** Count and show now (no notification). */
    refresh: (): Promise<void> => logged(refresh({ remind: false })),
  };
}

export type TokenReminders = ReturnType<typeof createTokenReminders>;
