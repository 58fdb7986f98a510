import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { messageText } from '@/lib/message-ref';
import type { RegistryEntry } from '@/lib/storage/registry/registry-schema';
import { isStorageFull } from '@/lib/storage/storage-full';
import { workspaceScope } from '@/lib/storage/workspace-keys';
import { storedRegistry } from '../helpers/stored-registry';
import { seedTwoWorkspaces, startBackground, WORKSPACE_A } from '../workspaces/background-fixture';

// A full disk (issue 27): the extension asks for unlimitedStorage and keeps a budget of its own, yet the
// browser may still refuse a write (Firefox's IndexedDB limits, a full disk). The background answers
// that refusal with what uses the space and what to export or clear, writes nothing half-way, and the
// registry stays exportable.

/** What Chrome's storage.local rejects with past QUOTA_BYTES (without unlimitedStorage). */
const CHROME_QUOTA = new Error('QUOTA_BYTES quota exceeded');

const entry = (id: string): RegistryEntry => ({
  team_id: 1,
  token: `ugt_${id}`,
  name: `Group ${id}`,
  provided_id: id,
  environment: 'Customer',
  createdAt: '2026-11-01T00:00:00.000Z',
  lastRotatedAt: null,
  extra: {},
});

/** From now on, storage.local refuses every write as a full Chrome storage does; reads still work. */
const fillStorage = () => vi.spyOn(fakeBrowser.storage.local, 'set').mockRejectedValue(CHROME_QUOTA);

beforeEach(async () => {
  fakeBrowser.reset();
  await seedTwoWorkspaces();
});

describe('isStorageFull', () => {
  it.each([
    ['Chrome, storage.local without unlimitedStorage', new Error('QUOTA_BYTES quota exceeded')],
    ['Chrome, one item too large (sync)', new Error('QUOTA_BYTES_PER_ITEM quota exceeded')],
    [
      'Firefox, IndexedDB',
      Object.assign(new Error('The current transaction exceeded its quota limitations.'), {
        name: 'QuotaExceededError',
      }),
    ],
    ['a full disk', new Error('IO error: 000005.log: No space left on device')],
    ['Chrome, a full disk (leveldb)', new Error('IO error: FILE_ERROR_NO_SPACE')],
  ])('recognises %s', (_case, error) => {
    expect(isStorageFull(error)).toBe(true);
  });

  it.each([new Error('Invalid value'), new TypeError('x is undefined'), undefined, 'oops'])('not %s', (error) => {
    expect(isStorageFull(error)).toBe(false);
  });
});

describe('a write the browser refuses for want of room', () => {
  it('an import: STORAGE_FULL, saying what uses the space and what to export; nothing written; the export still works', async () => {
    const { send, services } = startBackground();
    expect(
      await send('createUserGroup', {
        workspaceId: WORKSPACE_A,
        name: 'Kept',
        userGroupId: 'kept',
        environment: 'Customer',
      }),
    ).toMatchObject({ ok: true });
    const before = await storedRegistry(workspaceScope(WORKSPACE_A));
    const set = fillStorage();
    const error = vi.spyOn(console, 'error');

    const items = ['a', 'b', 'c'].map((id) => ({ entry: entry(id), expected: null }));
    const answer = await send('importUserGroups', { workspaceId: WORKSPACE_A, items });
    expect(set).toHaveBeenCalled();
    expect(answer).toMatchObject({ ok: false, error: { code: 'STORAGE_FULL', message: { key: 'errorStorageFull' } } });
    const shown = messageText(answer.ok ? { key: 'x' } : answer.error.message);
    expect(shown).toMatch(
      /^There is no room left in this browser’s storage, so this change was not saved: nothing of it was written\. Review Companion uses 0\.1 MB; the workspace “Acme” holds 0\.1 MB of user groups/,
    );
    expect(shown).toContain('Export its user groups now (User groups → Export JSON)');
    expect(await storedRegistry(workspaceScope(WORKSPACE_A))).toEqual(before);
    expect(error).not.toHaveBeenCalled();

    // The registry stays exportable (the export's own note of the time is a write, and may fail).
    expect(await send('readUserGroupRegistry', { workspaceId: WORKSPACE_A, forExport: true })).toEqual({
      ok: true,
      value: { groups: before.groups },
    });
    expect(services.userGroupApi.createUserGroup).toHaveBeenCalledOnce();
  });

  it('a create or a rotation is refused before anything is sent: its journal could not be written', async () => {
    const { send, services } = startBackground();
    expect(
      await send('createUserGroup', {
        workspaceId: WORKSPACE_A,
        name: 'Kept',
        userGroupId: 'kept',
        environment: 'Customer',
      }),
    ).toMatchObject({ ok: true });
    fillStorage();
    expect(
      await send('createUserGroup', {
        workspaceId: WORKSPACE_A,
        name: 'New',
        userGroupId: 'new',
        environment: 'Customer',
      }),
    ).toMatchObject({
      ok: false,
      error: { code: 'STORAGE_FULL' },
    });
    expect(
      await send('rotateUserGroupToken', { workspaceId: WORKSPACE_A, environment: 'Customer', userGroupId: 'kept' }),
    ).toMatchObject({
      ok: false,
      error: { code: 'STORAGE_FULL' },
    });
    expect(services.userGroupApi.createUserGroup).toHaveBeenCalledOnce();
    expect(services.userGroupApi.rotateToken).not.toHaveBeenCalled();
  });

  it('any other failure is still the router’s generic one', async () => {
    const { send } = startBackground();
    vi.spyOn(fakeBrowser.storage.local, 'set').mockRejectedValue(new Error('Invalid value'));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(
      await send('createUserGroup', {
        workspaceId: WORKSPACE_A,
        name: 'New',
        userGroupId: 'new',
        environment: 'Customer',
      }),
    ).toMatchObject({
      ok: false,
      error: { code: 'INTERNAL' },
    });
  });
});
