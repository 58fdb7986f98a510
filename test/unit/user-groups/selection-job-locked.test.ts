import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createBulkJobStore } from '@/lib/storage/bulk-job/bulk-job-store';
import { workspaceScope } from '@/lib/storage/workspace-keys';
import { withText } from '../helpers/error-text';
import { seedTwoWorkspaces, startBackground, WORKSPACE_A } from '../workspaces/background-fixture';

// Issue 24, finding 9: a selection job (rotate or delete the selected groups) is not started while the
// passphrase lock is closed; the page is told LOCKED and offers to unlock in place first.

const PASSPHRASE = 'selection job passphrase';

beforeEach(async () => {
  fakeBrowser.reset();
  await seedTwoWorkspaces();
  vi.spyOn(fakeBrowser.idle, 'setDetectionInterval').mockImplementation(() => undefined);
});

describe('startSelectionJob while the passphrase lock is closed', () => {
  it('answers LOCKED and starts nothing; once unlocked, it starts', async () => {
    const { send } = startBackground();
    expect(
      await send('createUserGroup', {
        workspaceId: WORKSPACE_A,
        name: 'Team x',
        userGroupId: 'x',
        environment: 'Customer',
      }),
    ).toMatchObject({ ok: true });
    expect(await send('turnOnLock', { passphrase: PASSPHRASE, lockAfter: '15' })).toMatchObject({ ok: true });
    expect(await send('lockNow', {})).toMatchObject({ ok: true, value: { locked: true } });
    const request = {
      workspaceId: WORKSPACE_A,
      operation: 'rotate' as const,
      groups: [{ name: 'Team x', userGroupId: 'x', environment: 'Customer' as const }],
    };
    expect(withText(await send('startSelectionJob', request))).toMatchObject({
      ok: false,
      error: { code: 'LOCKED', message: 'Credentials are locked. Unlock them with your passphrase.' },
    });
    expect(await createBulkJobStore(workspaceScope(WORKSPACE_A)).read()).toBeNull();
    expect(await send('unlock', { passphrase: PASSPHRASE })).toMatchObject({ ok: true });
    expect(await send('startSelectionJob', request)).toEqual({ ok: true, value: { total: 1 } });
  }, 20_000);

  it('reveals a sealed token only while unlocked (revealGroupToken)', async () => {
    const { send } = startBackground();
    const created = await send('createUserGroup', {
      workspaceId: WORKSPACE_A,
      name: 'Team y',
      userGroupId: 'y',
      environment: 'Testing',
    });
    const token = created.ok ? created.value.group.token : '';
    expect(token).not.toBe('');
    // With the dates of the entry it was read from: which rotation the token belongs to.
    const version = created.ok ? { lastRotatedAt: created.value.group.lastRotatedAt } : {};
    expect(await send('turnOnLock', { passphrase: PASSPHRASE, lockAfter: '15' })).toMatchObject({ ok: true });
    const ref = { workspaceId: WORKSPACE_A, environment: 'Testing' as const, userGroupId: 'y' };
    expect(await send('revealGroupToken', ref)).toMatchObject({ ok: true, value: { token, ...version } });
    // At rest the token is sealed: the stored part holds '' and an envelope, never the token.
    expect(JSON.stringify(await fakeBrowser.storage.local.get(null))).not.toContain(token);
    expect(await send('lockNow', {})).toMatchObject({ ok: true });
    expect(await send('revealGroupToken', ref)).toMatchObject({ ok: false, error: { code: 'LOCKED' } });
    expect(await send('unlock', { passphrase: PASSPHRASE })).toMatchObject({ ok: true });
    expect(await send('revealGroupToken', ref)).toMatchObject({ ok: true, value: { token, ...version } });
  }, 20_000);
});
