import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  likelyWorkspace,
  startOptionsReads,
  takeEarlyIndex,
  takeEarlyWorkspaces,
} from '@/lib/storage/options-early-reads';

const list = (...ids: unknown[]) => ({
  workspaces: { workspaces: ids.map((id) => ({ id, name: String(id), createdAt: '2026-01-01T00:00:00.000Z' })) },
});

beforeEach(() => fakeBrowser.reset());

describe('the options page’s first reads', () => {
  it('guess the shown workspace as the store chooses it: linked, else last used, else the first', () => {
    expect(likelyWorkspace({ ...list('a', 'b', 'c'), lastUsedWorkspace: 'b' }, 'c')).toBe('c');
    expect(likelyWorkspace({ ...list('a', 'b', 'c'), lastUsedWorkspace: 'b' }, 'gone')).toBe('b');
    expect(likelyWorkspace({ ...list('a', 'b'), lastUsedWorkspace: 'gone' }, null)).toBe('a');
    // Unchecked data: ids that are not workspace ids, and lists that are not lists, are skipped.
    expect(likelyWorkspace({ ...list('../x', 7, 'b') }, '../x')).toBe('b');
    expect(likelyWorkspace({ workspaces: 'broken' }, null)).toBeUndefined();
    expect(likelyWorkspace(undefined, 'a')).toBeUndefined();
  });

  it('read the list, then the likely workspace’s index, each handed over once', async () => {
    await fakeBrowser.storage.local.set({
      ...list('a', 'b'),
      lastUsedWorkspace: 'b',
      'ws.b.userGroupIndex': { v: 'b' },
    });
    startOptionsReads('');
    expect(await takeEarlyWorkspaces()).toEqual({ ...list('a', 'b'), lastUsedWorkspace: 'b' });
    expect(await takeEarlyWorkspaces()).toBeUndefined();
    expect(await takeEarlyIndex('b')).toEqual({ stored: { v: 'b' } });
    expect(takeEarlyIndex('b')).toBeUndefined();
  });

  it('hand over no index read for another workspace than the one asked', async () => {
    await fakeBrowser.storage.local.set({ ...list('a', 'b'), 'ws.a.userGroupIndex': { v: 'a' } });
    startOptionsReads('');
    expect(await takeEarlyIndex('b')).toBeUndefined();
  });

  it('read a linked workspace’s index alongside the list, not after it', async () => {
    await fakeBrowser.storage.local.set({ ...list('a', 'b'), 'ws.b.userGroupIndex': { v: 'b' } });
    const get = vi.spyOn(fakeBrowser.storage.local, 'get');
    startOptionsReads('?ws=b');
    expect(get.mock.calls.map(([keys]) => keys)).toEqual([['workspaces', 'lastUsedWorkspace'], 'ws.b.userGroupIndex']);
    expect(await takeEarlyIndex('b')).toEqual({ stored: { v: 'b' } });
  });

  it('hand over no workspace list that changed after it was read (the store reads it again)', async () => {
    await fakeBrowser.storage.local.set({ ...list('a') });
    startOptionsReads('');
    await fakeBrowser.storage.local.set({ ...list('a', 'b') });
    expect(await takeEarlyWorkspaces()).toBeUndefined();
  });

  it('hand over nothing when nothing was started (the stores then read for themselves)', async () => {
    vi.resetModules();
    const fresh = await import('@/lib/storage/options-early-reads');
    expect(await fresh.takeEarlyWorkspaces()).toBeUndefined();
    expect(fresh.takeEarlyIndex('a')).toBeUndefined();
  });
});
