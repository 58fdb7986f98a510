// The policy's change detection (issue 39, finding 5): the stored policy status holds nothing computed
// from a secret. What is not secret is fingerprinted; a secret the policy sets is compared with the one
// the connection holds. A status stored by version 1 (a fast hash of every value, secrets included) is
// read once and never written again, and changes nothing the user did.
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { MANAGED_POLICY_KEY, policyStatusSchema } from '@/lib/storage/policy-status';
import { readPolicy } from '@/lib/policy/read-policy';
import { legacyManagedFingerprint, managedWorkspaceId } from '@/lib/workspaces/managed-workspaces';
import { createConnectionRepository } from '@/lib/connection/connection-repository';
import { workspaceScope } from '@/lib/storage/workspace-keys';
import { loadStorageFixture } from '../fixtures/storage/load';
import { expectOk } from '../helpers/results';
import { ORG, seedTwoWorkspaces, startBackground } from './background-fixture';

/** The policy's workspace, as in the version-1 fixture (managed-policy.v1.json). */
const ORG_ID = managedWorkspaceId(ORG.name);
let managed: unknown;

const start = () => startBackground(undefined, () => Promise.resolve(managed));

const storedStatus = async () => (await fakeBrowser.storage.local.get(MANAGED_POLICY_KEY))[MANAGED_POLICY_KEY];
const connectionOfOrg = () => createConnectionRepository(workspaceScope(ORG_ID)).load();

/** The user's own edit of the managed workspace: the user-group API, which the policy leaves to them. */
async function userSetsUpUserGroups(bg: ReturnType<typeof start>) {
  expectOk(
    await bg.send('saveConnection', {
      workspaceId: ORG_ID,
      projectApiUrl: ORG.projectApiUrl,
      userGroupBaseUrl: 'https://ug.user.example',
      secretsArea: 'local',
      apiKey: '',
      authToken: '',
      apiToken: 'users-own-api-token',
    }),
  );
}

beforeEach(async () => {
  fakeBrowser.reset();
  await seedTwoWorkspaces();
  managed = { workspaces: [ORG], lockWorkspaces: false };
});

describe('nothing stored is computed from a secret', () => {
  it('two policies that differ only in their secrets store the same status, without the fast hash of version 1', async () => {
    await start().applyPolicy();
    const first = await storedStatus();
    managed = {
      workspaces: [{ ...ORG, apiKey: 'another-key-1234', authToken: 'another-auth-5678' }],
      lockWorkspaces: false,
    };
    await start().applyPolicy();
    expect(await storedStatus()).toEqual(first);
    const policy = await readPolicy(() => Promise.resolve(managed));
    expect(JSON.stringify(first)).not.toContain(legacyManagedFingerprint(policy.workspaces[0]!));
  });

  it('a secret the administrator changes is still written into the connection', async () => {
    const bg = start();
    await bg.applyPolicy();
    managed = { workspaces: [{ ...ORG, authToken: 'org-auth-token-rotated' }], lockWorkspaces: false };
    await start().applyPolicy();
    expect((await connectionOfOrg()).authToken).toBe('org-auth-token-rotated');
  });

  it('an unchanged policy leaves the user’s edits, even one that moved an address away from the policy’s secrets', async () => {
    const bg = start();
    await bg.applyPolicy();
    await userSetsUpUserGroups(bg);
    await start().applyPolicy();
    expect(await connectionOfOrg()).toMatchObject({
      userGroupBaseUrl: 'https://ug.user.example',
      apiToken: 'users-own-api-token',
      apiKey: ORG.apiKey,
    });
    // A project API moved elsewhere: the policy's secrets are not sent there, and the move stays.
    expectOk(
      await bg.send('saveConnection', {
        workspaceId: ORG_ID,
        projectApiUrl: 'https://projects.user.example/create',
        userGroupBaseUrl: 'https://ug.user.example',
        secretsArea: 'local',
        apiKey: '',
        authToken: '',
        apiToken: '',
      }),
    );
    await start().applyPolicy();
    expect((await connectionOfOrg()).projectApiUrl).toBe('https://projects.user.example/create');
  });
});

describe('a policy status stored by version 1 (a fast hash of every value, secrets included)', () => {
  it('the fixture is version 1’s record of this very policy', async () => {
    const status = loadStorageFixture<{ applied: Record<string, string> }>('managed-policy.v1.json');
    const policy = await readPolicy(() => Promise.resolve(managed));
    expect(status.applied[ORG_ID]).toBe(legacyManagedFingerprint(policy.workspaces[0]!));
    expect(policyStatusSchema.safeParse(status).success).toBe(true);
  });

  it('with the policy unchanged: the user’s edits stay, and the status is rewritten without the hash', async () => {
    const bg = start();
    await bg.applyPolicy();
    await userSetsUpUserGroups(bg);
    await fakeBrowser.storage.local.set({ [MANAGED_POLICY_KEY]: loadStorageFixture('managed-policy.v1.json') });
    await start().applyPolicy();
    expect(await connectionOfOrg()).toMatchObject({ userGroupBaseUrl: 'https://ug.user.example', apiKey: ORG.apiKey });
    const status = policyStatusSchema.parse(await storedStatus());
    expect(status.applied).toBeUndefined();
    expect(status.appliedSettings?.[ORG_ID]).toEqual(expect.any(String));
    expect(status.fixed).toEqual({ [ORG_ID]: ['apiKey', 'authToken'] });
  });

  it('with the policy changed since: its values are written, as version 1 did', async () => {
    await start().applyPolicy();
    await fakeBrowser.storage.local.set({ [MANAGED_POLICY_KEY]: loadStorageFixture('managed-policy.v1.json') });
    managed = { workspaces: [{ ...ORG, apiKey: 'org-api-key-rotated' }], lockWorkspaces: false };
    await start().applyPolicy();
    expect((await connectionOfOrg()).apiKey).toBe('org-api-key-rotated');
  });
});
