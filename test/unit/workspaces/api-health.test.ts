// After every call the background records, per workspace and per API, when it last succeeded or why it
// last failed (redacted); the options page shows that instead of a test call the service cannot offer.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { fail, ok } from '@/lib/result';
import { apiHealthSchema, lastCallSucceeded, type ApiHealth } from '@/lib/storage/api-health';
import { afterCall, createHealthRecorder, SUCCESS_REFRESH_MS } from '@/lib/workspaces/health-recorder';
import { workspaceKey, workspaceScope } from '@/lib/storage/workspace-keys';
import { textsRendered, withText } from '../helpers/error-text';
import { expectOk } from '../helpers/results';
import { ACCOUNTS, seedTwoWorkspaces, startBackground, WORKSPACE_A, WORKSPACE_B } from './background-fixture';
import { verbatimText } from '@/lib/message-ref';

const healthOf = async (workspaceId: string): Promise<ApiHealth | undefined> => {
  const key = workspaceKey(workspaceId, 'apiHealth');
  return (await fakeBrowser.storage.local.get(key))[key] as ApiHealth | undefined;
};
const T0 = new Date('2026-11-22T10:00:00.000Z');

beforeEach(() => {
  fakeBrowser.reset();
});

describe('the record of one call', () => {
  it('a success sets its time; a failure its time, code and message; the other API is untouched', () => {
    const succeeded = afterCall({}, 'project', ok({}), T0);
    expect(succeeded).toEqual({ project: { lastSuccessAt: T0.toISOString() } });
    const failed = afterCall(
      succeeded,
      'project',
      fail('TIMEOUT', verbatimText('did not answer')),
      new Date(T0.getTime() + 1000),
    );
    expect(textsRendered(failed.project)).toEqual({
      lastSuccessAt: T0.toISOString(),
      lastFailure: { at: '2026-11-22T10:00:01.000Z', code: 'TIMEOUT', message: 'did not answer' },
    });
    expect(lastCallSucceeded(failed.project!)).toBe(false);
    expect(lastCallSucceeded(afterCall(failed, 'project', ok({}), new Date(T0.getTime() + 2000)).project!)).toBe(true);
    expect(failed.userGroup).toBeUndefined();
  });

  it('a run of successes is written once per SUCCESS_REFRESH_MS, a failure at once', async () => {
    let now = T0.getTime();
    const recorder = createHealthRecorder(workspaceScope(WORKSPACE_A), () => new Date(now));
    const set = vi.spyOn(fakeBrowser.storage.local, 'set');
    for (let call = 0; call < 20; call += 1) {
      await recorder.record('userGroup', ok({}));
      now += 100;
    }
    expect(set).toHaveBeenCalledTimes(1);
    await recorder.record('userGroup', fail('RATE_LIMITED', verbatimText('slow down')));
    await recorder.record('userGroup', ok({}));
    expect(set).toHaveBeenCalledTimes(3);
    now += SUCCESS_REFRESH_MS;
    await recorder.record('userGroup', ok({}));
    expect(set).toHaveBeenCalledTimes(4);
    expect(apiHealthSchema.parse(await healthOf(WORKSPACE_A)).userGroup?.lastSuccessAt).toBe(
      new Date(now).toISOString(),
    );
  });
});

describe('through the background', () => {
  beforeEach(async () => {
    await seedTwoWorkspaces();
  });

  it('records each API of the workspace that called, and only that one', async () => {
    const { send } = startBackground();
    expectOk(
      await send('createProject', {
        workspaceId: WORKSPACE_A,
        projectUrl: 'https://site.example.org/',
        projectName: 'Site',
      }),
    );
    // Recorded after the answer has left (Create project does not wait for it).
    await vi.waitFor(async () =>
      expect(await healthOf(WORKSPACE_A)).toEqual({ project: { lastSuccessAt: expect.any(String) as unknown } }),
    );
    expect(await healthOf(WORKSPACE_B)).toBeUndefined();
  });

  it('a failure is recorded with its message, redacted of the secrets the service echoed', async () => {
    const background = startBackground();
    const echoed = `Bad token ${ACCOUNTS.b.credentials.apiToken}`;
    background.services.userGroupApi.createUserGroup.mockResolvedValueOnce(
      fail('UNAUTHENTICATED', verbatimText(echoed)),
    );
    const answer = await background.send('createUserGroup', {
      workspaceId: WORKSPACE_B,
      name: 'G',
      userGroupId: 'g',
      environment: 'Testing',
    });
    expect(withText(answer)).toMatchObject({ ok: false, error: { message: 'Bad token ••••' } });
    expect(textsRendered(await healthOf(WORKSPACE_B))).toEqual({
      userGroup: {
        lastFailure: { at: expect.any(String) as unknown, code: 'UNAUTHENTICATED', message: 'Bad token ••••' },
      },
    });
    expect(JSON.stringify(await fakeBrowser.storage.local.get(null))).not.toContain(ACCOUNTS.b.credentials.apiToken);
  });

  it('a call that never left (not configured) records nothing: no call was made', async () => {
    const { send } = startBackground();
    expect(
      await send('createProject', {
        workspaceId: WORKSPACE_B,
        projectUrl: 'https://site.example.org/',
        projectName: 'Site',
      }),
    ).toMatchObject({ ok: true });
    await fakeBrowser.storage.session.clear();
    expect(
      await send('rotateUserGroupToken', { workspaceId: WORKSPACE_B, environment: 'Customer', userGroupId: 'none' }),
    ).toMatchObject({ ok: false, error: { code: 'NOT_CONFIGURED' } });
    expect((await healthOf(WORKSPACE_B))?.userGroup).toBeUndefined();
  });
});
