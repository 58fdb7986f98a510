import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { workspaceKey } from '@/lib/storage/workspace-keys';
import { expectOk } from '../helpers/results';
import { seedTwoWorkspaces, startBackground, WORKSPACE_A } from '../workspaces/background-fixture';

// The rotation results hold new tokens: secrets, behind the credentials gate like every group token.
// Sealed at rest while the passphrase lock is on, opened only by the background and only while
// unlocked; their count is no secret and is answered while locked.

const PASSPHRASE = 'rotation results passphrase';
const RESULTS_KEY = workspaceKey(WORKSPACE_A, 'rotationResults');
const IDS = ['r1', 'r2'];

const storedResults = async () =>
  (await fakeBrowser.storage.local.get(RESULTS_KEY))[RESULTS_KEY] as
    { results: unknown[]; tokens: { tokens?: string; sealed?: unknown } } | undefined;

async function until(done: () => Promise<boolean>, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await done()) && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 5));
}

let background: ReturnType<typeof startBackground>;
const workspace = { workspaceId: WORKSPACE_A };

/** Rotates the groups in a job, as Rotate selected does, and waits for its end; answers the new tokens. */
async function rotateInJob(): Promise<string[]> {
  const groups = IDS.map((id) => ({ name: `Team ${id}`, userGroupId: id, environment: 'Customer' as const }));
  expectOk(
    await background.send('startSelectionJob', { ...workspace, operation: 'rotate', groups, ratePerMinute: 6000 }),
  );
  await until(async () => (await storedResults())?.results.length === IDS.length);
  const registry = expectOk(await background.send('readUserGroupRegistry', workspace)).groups;
  return IDS.map((id) => registry.find((group) => group.provided_id === id)!.token);
}

beforeEach(async () => {
  fakeBrowser.reset();
  vi.spyOn(fakeBrowser.idle, 'setDetectionInterval').mockImplementation(() => undefined);
  await seedTwoWorkspaces();
  background = startBackground();
  for (const id of IDS)
    expectOk(
      await background.send('createUserGroup', {
        ...workspace,
        name: `Team ${id}`,
        userGroupId: id,
        environment: 'Customer',
      }),
    );
});

describe('rotation results and the passphrase lock', () => {
  it('are sealed at rest while the lock is on, read only unlocked, counted while locked, in clear once it is off', async () => {
    expectOk(await background.send('turnOnLock', { passphrase: PASSPHRASE, lockAfter: '15' }));
    const tokens = await rotateInJob();
    const sealed = await storedResults();
    expect(sealed?.tokens.sealed).toBeDefined();
    expect(sealed?.tokens.tokens).toBeUndefined();
    for (const token of tokens) expect(JSON.stringify(sealed)).not.toContain(token);
    const read = expectOk(await background.send('readRotationResults', workspace));
    expect(read.results.map((result) => result.token).sort()).toEqual([...tokens].sort());

    expectOk(await background.send('lockNow', {}));
    expect(await background.send('readRotationResults', workspace)).toMatchObject({
      ok: false,
      error: { code: 'LOCKED' },
    });
    expect(expectOk(await background.send('getRotationResultsSummary', workspace))).toMatchObject({ count: 2 });

    expectOk(await background.send('unlock', { passphrase: PASSPHRASE }));
    expectOk(await background.send('turnOffLock', { passphrase: PASSPHRASE }));
    const clear = await storedResults();
    expect(clear?.tokens.sealed).toBeUndefined();
    expect(Object.values(JSON.parse(clear?.tokens.tokens ?? '{}') as Record<string, string>).sort()).toEqual(
      [...tokens].sort(),
    );
  }, 20_000);

  it('a forgotten passphrase loses the sealed results with the tokens; they are never left unreadable', async () => {
    expectOk(await background.send('turnOnLock', { passphrase: PASSPHRASE, lockAfter: '15' }));
    await rotateInJob();
    expectOk(await background.send('lockNow', {}));
    expectOk(await background.send('forgetAllCredentials', {}));
    expect(await storedResults()).toMatchObject({ results: [], tokens: { tokens: '{}' } });
    expect(expectOk(await background.send('getRotationResultsSummary', workspace))).toMatchObject({ count: 0 });
  }, 20_000);

  it('Clear rotation results empties them; the tokens stay in the registry', async () => {
    const tokens = await rotateInJob();
    expectOk(await background.send('clearRotationResults', workspace));
    expect(expectOk(await background.send('getRotationResultsSummary', workspace))).toEqual({ count: 0 });
    expect(await background.send('readRotationResults', workspace)).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
    const registry = expectOk(await background.send('readUserGroupRegistry', workspace)).groups;
    expect(registry.map((group) => group.token).sort()).toEqual([...tokens].sort());
  });
});
