import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { registerJobNotifications } from '@/entrypoints/background/job-notifications';
import { optionsPageShowsWorkspace } from '@/entrypoints/background/options-tab';
import { jobEndOf } from '@/lib/jobs/job-end';
import { text } from '@/lib/message-ref';
import { endedJobOf, jobEndNotice, type EndedJob } from '@/lib/notifications/job-end-notice';
import type { BulkJob } from '@/lib/storage/bulk-job/bulk-job-schema';
import { readNotifyJobEnds, watchNotifyJobEnds, writeNotifyJobEnds } from '@/lib/storage/job-notifications';
import { LOCKED_MESSAGE } from '@/lib/storage/lock/lock-keys';
import type { RegisterJob } from '@/lib/storage/register-job/register-job-schema';
import type { WorkspaceIndexStore } from '@/lib/workspaces/workspace-index-store';

const progress = {
  ratePerMinute: 150,
  skipped: 0,
  retries: [],
  notBefore: 0,
  startedAt: '2026-11-26T10:00:00.000Z',
  updatedAt: '2026-11-26T10:01:00.000Z',
};

function registerJob(
  status: RegisterJob['status'],
  outcomes: RegisterJob['outcomes'],
  extra: Partial<RegisterJob> = {},
) {
  const total = 4;
  return { ...progress, id: 'job-1', status, total, queued: total, next: outcomes.length, outcomes, ...extra };
}

const FOUR_PAGES: RegisterJob['outcomes'] = [
  { row: 0, outcome: 'registered', projectId: 'p1' },
  { row: 1, outcome: 'registered', projectId: 'p2' },
  { row: 2, outcome: 'existed', projectId: 'p0' },
  { row: 3, outcome: 'failed', message: text('errorLocked') },
];

function bulkJob(operation: BulkJob['operation'], extra: Partial<BulkJob> = {}): BulkJob {
  return {
    ...progress,
    id: 'bulk-1',
    status: 'done',
    total: 3,
    queued: 3,
    next: 3,
    operation,
    created: 2,
    existed: 0,
    failed: [{ line: 3, name: 'Team C', environment: 'Customer', userGroupId: 'c', message: text('errorLocked') }],
    ...extra,
  };
}

describe('which writes of a job end it', () => {
  const running = { id: 'a', status: 'running' } as const;
  it('a job under way that is done, cancelled, or paused by a failure has ended', () => {
    expect(jobEndOf(running, { id: 'a', status: 'done' })).toBe('done');
    expect(jobEndOf(running, { id: 'a', status: 'cancelled' })).toBe('cancelled');
    expect(jobEndOf({ id: 'a', status: 'paused' }, { id: 'a', status: 'cancelled' })).toBe('cancelled');
    expect(jobEndOf(running, { id: 'a', status: 'paused', message: text('errorJobRowsUnreadable') })).toBe('stopped');
  });

  it('a row recorded, a pause for the lock, a new job, a job already ended or removed have not', () => {
    expect(jobEndOf(running, running)).toBeUndefined();
    expect(jobEndOf(running, { id: 'a', status: 'paused', message: LOCKED_MESSAGE })).toBeUndefined();
    expect(jobEndOf(running, { id: 'a', status: 'paused' })).toBeUndefined();
    expect(
      jobEndOf({ id: 'a', status: 'paused', message: text('errorJobRowsUnreadable') }, { id: 'a', status: 'paused' }),
    ).toBeUndefined();
    expect(jobEndOf({ id: 'a', status: 'done' }, { id: 'b', status: 'done' })).toBeUndefined();
    expect(jobEndOf(null, { id: 'b', status: 'done' })).toBeUndefined();
    expect(jobEndOf({ id: 'a', status: 'done' }, { id: 'a', status: 'done' })).toBeUndefined();
    expect(jobEndOf({ id: 'a', status: 'cancelled' }, { id: 'a', status: 'cancelled' })).toBeUndefined();
    expect(jobEndOf(running, null)).toBeUndefined();
  });
});

describe('the notification of a job’s end', () => {
  it('names the kind and the end, the workspace and the counts', () => {
    const pages: EndedJob = { item: 'registerPagesJob', job: registerJob('done', FOUR_PAGES) };
    expect(jobEndNotice(pages, 'done', 'Acme')).toEqual({
      title: 'Job finished: Page registration',
      message: 'Workspace “Acme”: 4 of 4 done: 2 registered, 1 already had a project, 1 failed, 0 of unknown outcome.',
    });
    const created: EndedJob = { item: 'bulkCreateJob', job: bulkJob('create', { created: 1, existed: 1 }) };
    expect(jobEndNotice(created, 'cancelled', 'Acme')).toEqual({
      title: 'Job cancelled: Group creation',
      message: 'Workspace “Acme”: 2 of 3 created, 1 failed (1 already existed on the service)',
    });
    expect(jobEndNotice({ item: 'bulkCreateJob', job: bulkJob('rotate') }, 'done', 'Acme').title).toBe(
      'Job finished: Token rotation',
    );
    expect(jobEndNotice({ item: 'bulkCreateJob', job: bulkJob('rotate') }, 'done', 'Acme').message).toBe(
      'Workspace “Acme”: 2 of 3 rotated, 1 failed',
    );
    expect(jobEndNotice({ item: 'bulkCreateJob', job: bulkJob('delete') }, 'done', 'Acme')).toEqual({
      title: 'Job finished: Group deletion',
      message: 'Workspace “Acme”: 2 of 3 deleted, 1 failed',
    });
  });

  it('a job stopped by a failure says what stopped it', () => {
    const job = registerJob('paused', FOUR_PAGES.slice(0, 1), { message: text('errorJobRowsUnreadable') });
    const notice = jobEndNotice({ item: 'registerPagesJob', job }, 'stopped', 'Acme');
    expect(notice.title).toBe('Job stopped: Page registration');
    const [counts, reason] = notice.message.split('\n');
    expect(counts).toBe(
      'Workspace “Acme”: 1 of 4 done: 1 registered, 0 already had a project, 0 failed, 0 of unknown outcome.',
    );
    expect(reason).toBe(fakeBrowser.i18n.getMessage('errorJobRowsUnreadable'));
    expect(reason).not.toBe('');
  });

  it('reads a stored job by its item, and nothing of another shape', () => {
    expect(endedJobOf('registerPagesJob', registerJob('done', FOUR_PAGES))?.item).toBe('registerPagesJob');
    expect(endedJobOf('bulkCreateJob', bulkJob('create'))?.item).toBe('bulkCreateJob');
    expect(endedJobOf('bulkCreateJob', registerJob('done', FOUR_PAGES))).toBeUndefined();
    expect(endedJobOf('registerPagesJob', { status: 'done' })).toBeUndefined();
  });
});

describe('an options page shows a workspace', () => {
  const options = 'chrome-extension://abc/options.html';
  it('when its address names it, or names none and it is the last used one', () => {
    expect(optionsPageShowsWorkspace(`${options}?ws=w1#projects`, options, 'w1', 'w2')).toBe(true);
    expect(optionsPageShowsWorkspace(`${options}#groups`, options, 'w2', 'w2')).toBe(true);
    expect(optionsPageShowsWorkspace(`${options}?ws=w2#projects`, options, 'w1', 'w1')).toBe(false);
    expect(optionsPageShowsWorkspace(`${options}#groups`, options, 'w1', 'w2')).toBe(false);
    expect(optionsPageShowsWorkspace('chrome-extension://abc/popup.html?ws=w1', options, 'w1', 'w1')).toBe(false);
    expect(optionsPageShowsWorkspace(undefined, options, 'w1', 'w1')).toBe(false);
  });
});

describe('Notify me when a job ends', () => {
  const WORKSPACE = { id: 'a1b2c3d4', name: 'Acme', createdAt: '2026-01-01T00:00:00.000Z' };
  const index = {
    read: () => Promise.resolve({ index: { workspaces: [WORKSPACE] }, lastUsed: WORKSPACE.id }),
    find: (id: string) => Promise.resolve(id === WORKSPACE.id ? WORKSPACE : undefined),
  } as unknown as Pick<WorkspaceIndexStore, 'read' | 'find'>;
  const key = `ws.${WORKSPACE.id}.registerPagesJob`;
  const notificationIds = async () => Object.keys(await fakeBrowser.notifications.getAll());
  let contexts: { documentUrl?: string; tabId: number }[] = [];
  let granted = true;

  /** A job written running, then ended, as the runner writes it. */
  async function runToEnd(ended = registerJob('done', FOUR_PAGES)) {
    await fakeBrowser.storage.local.set({ [key]: registerJob('running', FOUR_PAGES.slice(0, 3)) });
    await fakeBrowser.storage.local.set({ [key]: ended });
    // The notification (or none) follows the change's few reads.
    await new Promise((resolve) => setTimeout(resolve, 20));
  }

  beforeAll(() => {
    // One registration for the file: the click routes of lib/notifications live as long as its module.
    registerJobNotifications(index);
  });

  beforeEach(async () => {
    await fakeBrowser.storage.local.clear();
    await Promise.all((await notificationIds()).map((id) => fakeBrowser.notifications.clear(id)));
    contexts = [];
    granted = true;
    // Not implemented by the fake browser: the permission, the extension's pages (tab 1 is the active
    // tab of a window that is not minimised).
    Object.assign(fakeBrowser.permissions, { contains: () => Promise.resolve(granted) });
    Object.assign(fakeBrowser.runtime, { getContexts: () => Promise.resolve(contexts) });
    Object.assign(fakeBrowser.tabs, {
      get: (tabId: number) => Promise.resolve({ id: tabId, active: tabId === 1, windowId: 9 } as Browser.tabs.Tab),
    });
    Object.assign(fakeBrowser.windows, {
      get: () => Promise.resolve({ id: 9, state: 'normal' } as Browser.windows.Window),
    });
  });

  it('is one stored setting, off until turned on, validated when read', async () => {
    expect(await readNotifyJobEnds()).toBe(false);
    const seen: boolean[] = [];
    const stop = watchNotifyJobEnds((on) => seen.push(on));
    await writeNotifyJobEnds(true);
    expect(await readNotifyJobEnds()).toBe(true);
    await fakeBrowser.storage.local.set({ notifyJobEnds: 'yes' });
    expect(await readNotifyJobEnds()).toBe(false);
    stop();
    expect(seen).toEqual([true, false]);
  });

  it('off, a job that ends shows nothing', async () => {
    await runToEnd();
    expect(await notificationIds()).toEqual([]);
  });

  it('on, a job that ends with no options page showing its workspace is notified; a click shows its section there', async () => {
    await writeNotifyJobEnds(true);
    // An options page of the workspace in a background tab does not show it.
    const open = `chrome-extension://test-extension-id/options.html?ws=${WORKSPACE.id}`;
    contexts = [{ documentUrl: `${open}#groups`, tabId: 2 }];
    await runToEnd();
    const id = `job-ended:${WORKSPACE.id}:registerPagesJob`;
    expect(await notificationIds()).toEqual([id]);
    expect(fakeBrowser.notifications.getAllCreateOptions()[id]).toMatchObject({
      title: 'Job finished: Page registration',
      message: expect.stringContaining('Workspace “Acme”: 4 of 4 done') as string,
    });

    // Issue 41, finding 10: that page is brought forward on the job's section, not a second one opened.
    const create = vi.spyOn(fakeBrowser.tabs, 'create');
    const update = vi.fn((tabId: number) => Promise.resolve({ id: tabId, windowId: 9 } as Browser.tabs.Tab));
    const focus = vi.fn(() => Promise.resolve({ id: 9 } as Browser.windows.Window));
    Object.assign(fakeBrowser.tabs, { update });
    Object.assign(fakeBrowser.windows, { update: focus });
    await fakeBrowser.notifications.onClicked.trigger(id);
    await vi.waitFor(() => expect(focus).toHaveBeenCalled());
    expect(update).toHaveBeenCalledWith(2, { url: `${open}#projects`, active: true });
    expect(focus).toHaveBeenCalledWith(9, { focused: true });
    expect(create).not.toHaveBeenCalled();

    // With no options page open, a new tab opens on the section.
    contexts = [];
    await runToEnd(registerJob('done', FOUR_PAGES, { id: 'job-2' }));
    await fakeBrowser.notifications.onClicked.trigger(id);
    await vi.waitFor(() => expect(create).toHaveBeenCalled());
    expect(create).toHaveBeenCalledWith({ url: `${open}#projects` });
  });

  it('on, nothing while an options page shows the workspace, or without the permission', async () => {
    await writeNotifyJobEnds(true);
    contexts = [{ documentUrl: 'chrome-extension://test-extension-id/options.html#groups', tabId: 1 }];
    await runToEnd();
    expect(await notificationIds()).toEqual([]);

    contexts = [];
    granted = false;
    await runToEnd();
    expect(await notificationIds()).toEqual([]);
  });

  it('a job stopped by a failure is notified; one paused for the lock is not', async () => {
    await writeNotifyJobEnds(true);
    await runToEnd(registerJob('paused', FOUR_PAGES.slice(0, 3), { message: LOCKED_MESSAGE }));
    expect(await notificationIds()).toEqual([]);
    await runToEnd(registerJob('paused', FOUR_PAGES.slice(0, 3), { message: text('errorJobRowsUnreadable') }));
    const id = `job-ended:${WORKSPACE.id}:registerPagesJob`;
    expect(fakeBrowser.notifications.getAllCreateOptions()[id]).toMatchObject({
      title: 'Job stopped: Page registration',
    });
  });
});
