import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createBulkJobStore } from '@/lib/storage/bulk-job/bulk-job-store';
import { createRegistryWriter } from '@/lib/storage/registry/registry-writer';
import { createPartTokenVault } from '@/lib/storage/credentials/part-token-vault';
import { workspaceScope } from '@/lib/storage/workspace-keys';
import { withText } from '../helpers/error-text';
import {
  fakeServices,
  seedTwoWorkspaces,
  startBackground,
  WORKSPACE_A,
  WORKSPACE_B,
} from '../workspaces/background-fixture';

const T0 = Date.UTC(2026, 10, 22, 12, 0, 0);

beforeEach(async () => {
  fakeBrowser.reset();
  vi.useFakeTimers({ now: T0 });
  await seedTwoWorkspaces();
});
afterEach(() => {
  vi.useRealTimers();
});

const groupsA = () =>
  createRegistryWriter(workspaceScope(WORKSPACE_A), createPartTokenVault(workspaceScope(WORKSPACE_A))).read();

describe('startSelectionJob, through the router as the options page sends it', () => {
  it('rotates the selected groups of one workspace in the background, through the single-row rotation', async () => {
    const { send, services } = startBackground();
    for (const id of ['x', 'y', 'z'])
      expect(
        await send('createUserGroup', {
          workspaceId: WORKSPACE_A,
          name: `Team ${id}`,
          userGroupId: id,
          environment: 'Customer',
        }),
      ).toMatchObject({ ok: true });
    const tokens = async () => new Map((await groupsA()).groups.map((group) => [group.provided_id, group.token]));
    const before = await tokens();

    const selected = ['x', 'z'].map((id) => ({
      name: `Team ${id}`,
      userGroupId: id,
      environment: 'Customer' as const,
    }));
    expect(
      await send('startSelectionJob', { workspaceId: WORKSPACE_A, operation: 'rotate', groups: selected }),
    ).toEqual({ ok: true, value: { total: 2 } });
    // Each rotation's activity entry waits for WebCrypto (the token's fingerprint), which no fake timer
    // runs: the timers are run again until the job is done.
    await vi.waitFor(async () => {
      await vi.runAllTimersAsync();
      expect(await createBulkJobStore(workspaceScope(WORKSPACE_A)).read()).toMatchObject({ status: 'done' });
    });
    const job = await createBulkJobStore(workspaceScope(WORKSPACE_A)).read();
    expect(job).toMatchObject({ operation: 'rotate', status: 'done', created: 2, ratePerMinute: 150 });
    expect(services.userGroupApi.rotateToken).toHaveBeenCalledTimes(2);
    const after = await tokens();
    expect(['x', 'y', 'z'].map((id) => after.get(id) === before.get(id))).toEqual([false, true, false]);
    // The other workspace has no job.
    expect(await createBulkJobStore(workspaceScope(WORKSPACE_B)).read()).toBeNull();
  });

  it('is refused while the workspace runs another job, with a message that says so', async () => {
    const services = fakeServices();
    services.userGroupApi.createUserGroup.mockImplementation(() => new Promise(() => undefined));
    const { send } = startBackground(services);
    await send('startBulkCreate', {
      workspaceId: WORKSPACE_A,
      rows: [{ line: 2, name: 'A', userGroupId: 'a', environment: 'Customer' }],
      ratePerMinute: 60,
    });
    expect(
      withText(
        await send('startSelectionJob', {
          workspaceId: WORKSPACE_A,
          operation: 'delete',
          groups: [{ name: 'A', userGroupId: 'a', environment: 'Customer' }],
        }),
      ),
    ).toEqual({
      ok: false,
      error: {
        code: 'INVALID_INPUT',
        message: 'A job is already under way in this workspace. Cancel it or wait until it ends.',
      },
    });
  });

  it('a request off the schema (no groups, an unknown operation) is refused before any handler', async () => {
    const { send } = startBackground();
    expect(
      await send('startSelectionJob', { workspaceId: WORKSPACE_A, operation: 'rotate', groups: [] }),
    ).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(
      await send('startSelectionJob', {
        workspaceId: WORKSPACE_A,
        operation: 'create' as 'rotate',
        groups: [{ name: 'A', userGroupId: 'a', environment: 'Customer' }],
      }),
    ).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT' },
    });
    expect(await createBulkJobStore(workspaceScope(WORKSPACE_A)).read()).toBeNull();
  });
});
