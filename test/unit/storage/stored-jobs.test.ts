// Every workspace's jobs as the background's start, unlock, badge and notifications see them: one checked
// read for waking and resuming (it replaced two scans with their own casts), and one follower of writes.
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { readStoredJobs, watchJobWrites, type JobWrite } from '@/lib/storage/jobs/stored-jobs';

const progress = (status: 'running' | 'paused' | 'done', extra: Record<string, unknown> = {}) => ({
  id: 'job-1',
  status,
  ratePerMinute: 60,
  total: 3,
  skipped: 0,
  queued: 3,
  retries: [],
  next: 1,
  notBefore: 0,
  startedAt: '2026-11-28T10:00:00.000Z',
  updatedAt: '2026-11-28T10:01:00.000Z',
  ...extra,
});

beforeEach(() => fakeBrowser.reset());

describe('readStoredJobs', () => {
  it('reads both jobs of every workspace in one storage call, checked, and keeps those asked for', async () => {
    await fakeBrowser.storage.local.set({
      'ws.aaaa.bulkCreateJob': progress('running'),
      'ws.aaaa.registerPagesJob': progress('done'),
      'ws.bbbb.registerPagesJob': progress('paused', { inFlight: 1 }),
      // Unreadable progress is no job: nothing to wake.
      'ws.bbbb.bulkCreateJob': { status: 'running' },
      'ws.cccc.bulkCreateJob': progress('running'),
    });
    const get = vi.spyOn(fakeBrowser.storage.local, 'get');
    const woken = await readStoredJobs(
      ['aaaa', 'bbbb'],
      (job) => job.status === 'running' || job.inFlight !== undefined,
    );
    expect(woken.map(({ workspaceId, item, job }) => [workspaceId, item, job.status])).toEqual([
      ['aaaa', 'bulkCreateJob', 'running'],
      ['bbbb', 'registerPagesJob', 'paused'],
    ]);
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('reads nothing for no workspace', async () => {
    const get = vi.spyOn(fakeBrowser.storage.local, 'get');
    expect(await readStoredJobs([], () => true)).toEqual([]);
    expect(get).not.toHaveBeenCalled();
  });
});

describe('watchJobWrites', () => {
  it('reports each job a write changed, with its progress before and after, and nothing else', async () => {
    const seen: JobWrite[][] = [];
    const stop = watchJobWrites((writes) => seen.push(writes));
    await fakeBrowser.storage.local.set({ 'ws.aaaa.bulkCreateJob': progress('running') });
    await fakeBrowser.storage.local.set({ 'ws.aaaa.bulkCreateJob': progress('done'), 'ws.aaaa.projectHistory': [] });
    await fakeBrowser.storage.session.set({ 'ws.aaaa.bulkCreateJob': progress('running') });
    await fakeBrowser.storage.local.set({ workspaces: { workspaces: [] } });
    stop();
    await fakeBrowser.storage.local.remove('ws.aaaa.bulkCreateJob');
    expect(
      seen.map((writes) => writes.map(({ key, item, before, after }) => [key, item, before?.status, after?.status])),
    ).toEqual([
      [['ws.aaaa.bulkCreateJob', 'bulkCreateJob', undefined, 'running']],
      [['ws.aaaa.bulkCreateJob', 'bulkCreateJob', 'running', 'done']],
    ]);
  });
});
