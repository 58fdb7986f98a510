// The upgrade to workspaces: every earlier stored format becomes the first workspace, losing and
// doubling nothing, also when the worker is stopped midway and the upgrade runs again.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createConnectionRepository } from '@/lib/connection/connection-repository';
import type { ConnectionSettings, StoredCredentials } from '@/lib/storage/connection/connection-schema';
import type { Credentials } from '@/lib/secrets';
import { readHistory } from '@/lib/storage/history/history-writer';
import { readStorageNotices } from '@/lib/storage/notices-item';
import type { BulkJob, BulkJobRows } from '@/lib/storage/bulk-job/bulk-job-schema';
import { createBulkJobStore } from '@/lib/storage/bulk-job/bulk-job-store';
import type { Registry, UnsettledCreates } from '@/lib/storage/registry/registry-schema';
import { createRegistryWriter } from '@/lib/storage/registry/registry-writer';
import { createPartTokenVault } from '@/lib/storage/credentials/part-token-vault';
import { prepareWorkspaces } from '@/lib/storage/credentials/upgrade-to-workspaces';
import { workspaceIndexSchema, type WorkspaceIndex } from '@/lib/storage/workspaces/workspace-index-schema';
import { workspaceScope } from '@/lib/storage/workspace-keys';
import { loadStorageFixture } from '../fixtures/storage/load';
import { asReadNow } from '../helpers/error-text';

const settings = loadStorageFixture<ConnectionSettings>('connection-settings.v1.json');
const credentialsV1 = loadStorageFixture<Credentials>('credentials.v1.json');
const credentialsV2 = loadStorageFixture<StoredCredentials>('credentials.v2.json');
const registryV1 = loadStorageFixture<Registry>('user-group-registry.v1.json');
const part = loadStorageFixture<Registry>('user-group-registry-part.delete-unknown.json');
const unsettled = loadStorageFixture<UnsettledCreates>('user-group-unsettled-creates.v1.json');
const history = loadStorageFixture<unknown[]>('project-history.v1.json');
const jobV1 = loadStorageFixture('bulk-create-job.v1.json');
const jobV2 = loadStorageFixture<{ bulkCreateJob: BulkJob; bulkCreateRows: BulkJobRows }>('bulk-create-job.v2.json');
/** What the job store reads after the upgrade: the current version (its step to version 3 runs on first read). */
const jobV3 = loadStorageFixture<{ bulkCreateJob: BulkJob; bulkCreateRows: BulkJobRows }>('bulk-create-job.v3.json');
const snapshot = loadStorageFixture<{ local: Record<string, unknown> }>('storage-local.pre-workspaces.json').local;

const registryRead = asReadNow(registryV1);
const partRead = asReadNow(part);
const unsettledRead = asReadNow(unsettled);
const jobV3Read = asReadNow(jobV3.bulkCreateJob);

/** What 0.1.0 stored: credentials v1 (no version entry), the registry in one value, a v1 job, the history. */
const VERSION_0_1 = {
  connectionSettings: settings,
  credentials: credentialsV1,
  userGroupRegistry: registryV1,
  userGroupRegistry$: { v: 1 },
  bulkCreateJob: jobV1,
  projectHistory: history,
};

const byKey = (groups: readonly { environment: string; provided_id: string }[]) =>
  [...groups].sort((a, b) => `${a.environment}:${a.provided_id}`.localeCompare(`${b.environment}:${b.provided_id}`));

async function storedIndex(): Promise<WorkspaceIndex> {
  return workspaceIndexSchema.parse((await fakeBrowser.storage.local.get('workspaces')).workspaces);
}

/** Every key of both areas that is not a workspace's, the index, the last used one, a notice or a kept copy. */
async function legacyKeysLeft(): Promise<string[]> {
  const keys = [
    ...Object.keys(await fakeBrowser.storage.local.get(null)),
    ...Object.keys(await fakeBrowser.storage.session.get(null)),
  ];
  return keys.filter((key) => !/^(ws\.|corrupt:|workspaces$|lastUsedWorkspace$|storageNotices$)/.test(key));
}

/** The one workspace the upgrade made, read through the code that uses it. */
async function firstWorkspace() {
  const index = await storedIndex();
  expect(index.workspaces).toHaveLength(1);
  const [workspace] = index.workspaces;
  const scope = workspaceScope(workspace!.id);
  return {
    workspace: workspace!,
    lastUsed: (await fakeBrowser.storage.local.get('lastUsedWorkspace')).lastUsedWorkspace,
    connection: await createConnectionRepository(scope).load(),
    groups: (await createRegistryWriter(scope, createPartTokenVault(scope)).read()).groups,
    unsettled: await createRegistryWriter(scope, createPartTokenVault(scope)).unsettled(),
    job: await createBulkJobStore(scope).read(),
    rows: await createBulkJobStore(scope).readRows(),
    history: await readHistory(scope),
  };
}

beforeEach(() => {
  fakeBrowser.reset();
});

describe('every earlier stored version becomes the first workspace', () => {
  it('0.1.0: credentials v1, the registry as one value, a version 1 job, the history', async () => {
    await fakeBrowser.storage.local.set(VERSION_0_1);
    await prepareWorkspaces(new Date('2026-11-22T12:00:00.000Z'));

    const first = await firstWorkspace();
    expect(first.workspace).toMatchObject({ name: 'projects.example.com', createdAt: '2026-11-22T12:00:00.000Z' });
    expect(first.lastUsed).toBe(first.workspace.id);
    expect(first.connection).toEqual({ ...settings, ...credentialsV1 });
    expect(byKey(first.groups)).toStrictEqual(byKey(registryRead.groups));
    expect(first.groups.find((group) => group.environment === 'Customer')?.rotation).toEqual(
      registryRead.groups[0]!.rotation,
    );
    expect(first.job).toEqual(jobV3Read);
    expect(first.rows).toEqual(jobV2.bulkCreateRows);
    expect(first.history).toEqual(history);
    expect(await legacyKeysLeft()).toEqual([]);
    expect(await readStorageNotices()).toEqual([]);
  });

  it('0.2.0 (the latest before workspaces): every key as it was, notices and kept copies left in place', async () => {
    await fakeBrowser.storage.local.set(snapshot);
    await prepareWorkspaces();

    const first = await firstWorkspace();
    expect(first.connection).toEqual({ ...settings, ...credentialsV1 });
    expect(byKey(first.groups)).toStrictEqual(byKey([...registryRead.groups, ...partRead.groups]));
    expect(first.groups.find((group) => group.provided_id === 'acme-billing')?.deleteOutcomeUnknown).toEqual(
      partRead.groups[0]!.deleteOutcomeUnknown,
    );
    expect(first.unsettled).toEqual(unsettledRead.creates);
    expect(first.job).toEqual(jobV3Read);
    expect(first.rows).toEqual(jobV2.bulkCreateRows);
    expect(first.history).toEqual(history);
    // Each value is the same one under the workspace's scope, byte for byte (version entries included).
    const local = await fakeBrowser.storage.local.get(null);
    const scope = workspaceScope(first.workspace.id);
    // (The bulk job alone is brought to its current version first: version 3 names its operation; its
    // English texts are written back as the verbatim texts they are read as.)
    const current: Record<string, unknown> = { ...snapshot, bulkCreateJob: jobV3Read, bulkCreateJob$: { v: 3 } };
    // The registry's parts are brought to format v3 (their tokens in their own keys): read through the
    // writer above, with every token; here, only that no part keeps one.
    for (const [key, value] of Object.entries(current)) {
      if (/^userGroups\.\d{3}$/.test(key)) {
        const part = local[`${scope}${key}`] as { groups: object[] };
        expect(part.groups.some((group) => 'token' in group)).toBe(false);
      } else if (key.startsWith('corrupt:') || key === 'storageNotices') expect(local[key]).toEqual(value);
      else expect(local[`${scope}${key}`], key).toEqual(value);
    }
    expect(local[`${scope}userGroupsFormat`]).toBe(3);
    expect(await legacyKeysLeft()).toEqual([]);
  });

  it('secrets kept for the session only move within the session area', async () => {
    await fakeBrowser.storage.local.set({ connectionSettings: { ...settings, secretsArea: 'session' } });
    await fakeBrowser.storage.session.set({ credentials: credentialsV2, credentials$: { v: 2 } });
    await prepareWorkspaces();

    const first = await firstWorkspace();
    expect(first.connection).toEqual({ ...settings, secretsArea: 'session', ...credentialsV1 });
    expect(await fakeBrowser.storage.session.get(null)).toEqual({
      [`ws.${first.workspace.id}.credentials`]: credentialsV2,
      [`ws.${first.workspace.id}.credentials$`]: { v: 2 },
    });
    expect(JSON.stringify(await fakeBrowser.storage.local.get(null))).not.toContain(credentialsV1.apiKey);
  });

  it('a fresh install gets one empty workspace, "Workspace 1"', async () => {
    await prepareWorkspaces();
    const first = await firstWorkspace();
    expect(first.workspace.name).toBe('Workspace 1');
    expect(first.workspace.id).toMatch(/^[a-z0-9-]{1,36}$/);
    expect(first.groups).toEqual([]);
    expect(await legacyKeysLeft()).toEqual([]);
  });

  it('without a project API the workspace is named after the user-group API host', async () => {
    await fakeBrowser.storage.local.set({ connectionSettings: { ...settings, projectApiUrl: '' } });
    await prepareWorkspaces();
    expect((await firstWorkspace()).workspace.name).toBe('ug.example.com');
  });
});

describe('safe to repeat, and to stop midway', () => {
  it('a second run changes nothing', async () => {
    await fakeBrowser.storage.local.set(snapshot);
    await prepareWorkspaces();
    const before = await fakeBrowser.storage.local.get(null);
    await prepareWorkspaces();
    await vi.waitFor(async () => expect(await fakeBrowser.storage.local.get(null)).toEqual(before));
  });

  it('stopped after the copy, before the legacy keys were removed: the next run only removes them, nothing is doubled', async () => {
    await fakeBrowser.storage.local.set(snapshot);
    const remove = vi
      .spyOn(fakeBrowser.storage.local, 'remove')
      .mockRejectedValueOnce(new Error('the worker was stopped'));
    await expect(prepareWorkspaces()).rejects.toThrow('the worker was stopped');
    // Both copies exist now: the index names the new one.
    expect(Object.keys(await fakeBrowser.storage.local.get(null))).toContain('bulkCreateJob');
    remove.mockRestore();

    await prepareWorkspaces();
    await vi.waitFor(async () => expect(await legacyKeysLeft()).toEqual([]));
    const first = await firstWorkspace();
    expect(first.groups).toHaveLength(registryV1.groups.length + part.groups.length);
    expect(first.history).toEqual(history);
    expect(first.unsettled).toEqual(unsettledRead.creates);
    expect(first.job).toEqual(jobV3Read);
  });

  it('stopped between moving the session secrets and the local copy: the next run reuses that workspace id', async () => {
    await fakeBrowser.storage.local.set({
      ...snapshot,
      connectionSettings: { ...settings, secretsArea: 'session' },
      credentials: undefined,
      credentials$: undefined,
    });
    await fakeBrowser.storage.session.set({ credentials: credentialsV2, credentials$: { v: 2 } });
    const original = fakeBrowser.storage.local.set.bind(fakeBrowser.storage.local);
    // The format migrations (the bulk job's step to version 3) write first; the copy with the index is the call that fails.
    const set = vi
      .spyOn(fakeBrowser.storage.local, 'set')
      // eslint-disable-next-line @typescript-eslint/no-misused-promises -- as below: the code uses the Promise form
      .mockImplementation((items: Record<string, unknown>) =>
        'workspaces' in items ? Promise.reject(new Error('the worker was stopped')) : original(items),
      );
    await expect(prepareWorkspaces()).rejects.toThrow('the worker was stopped');
    const moved = Object.keys(await fakeBrowser.storage.session.get(null)).filter((key) => key.startsWith('ws.'));
    expect(moved).toHaveLength(2);
    expect(await fakeBrowser.storage.local.get('workspaces')).toEqual({});
    set.mockRestore();

    await prepareWorkspaces();
    const first = await firstWorkspace();
    expect(moved[0]).toBe(`ws.${first.workspace.id}.credentials`);
    expect(first.connection).toEqual({ ...settings, secretsArea: 'session', ...credentialsV1 });
    expect(byKey(first.groups)).toStrictEqual(byKey([...registryRead.groups, ...partRead.groups]));
    expect(await legacyKeysLeft()).toEqual([]);
  });

  it('stopped before anything was written: the next run starts over from the legacy keys', async () => {
    await fakeBrowser.storage.local.set(VERSION_0_1);
    const original = fakeBrowser.storage.local.set.bind(fakeBrowser.storage.local);
    // The format migrations write first (each safe to repeat); the copy with the index is the call that fails.
    // The fake's set is overloaded (callback and Promise forms) and the spy types the callback one; the code uses the Promise.
    const set = vi
      .spyOn(fakeBrowser.storage.local, 'set')
      // eslint-disable-next-line @typescript-eslint/no-misused-promises
      .mockImplementation((items: Record<string, unknown>) =>
        'workspaces' in items ? Promise.reject(new Error('the worker was stopped')) : original(items),
      );
    await expect(prepareWorkspaces()).rejects.toThrow('the worker was stopped');
    set.mockRestore();
    await prepareWorkspaces();
    const first = await firstWorkspace();
    expect(byKey(first.groups)).toStrictEqual(byKey(registryRead.groups));
    expect(first.job).toEqual(jobV3Read);
    expect(first.connection).toEqual({ ...settings, ...credentialsV1 });
    expect(await legacyKeysLeft()).toEqual([]);
  });
});

describe('an index that cannot be read', () => {
  it('is kept aside with a notice, never dropped, and rebuilt from the workspaces found in storage', async () => {
    const index = loadStorageFixture<WorkspaceIndex>('workspace-index.v1.json');
    await fakeBrowser.storage.local.set({ workspaces: index });
    expect(workspaceIndexSchema.safeParse(index).success).toBe(true);
    const [a, b] = index.workspaces;
    await fakeBrowser.storage.local.set({
      workspaces: { workspaces: 'damaged' },
      [`ws.${a!.id}.connectionSettings`]: settings,
      [`ws.${a!.id}.projectHistory`]: history,
      [`ws.${b!.id}.projectHistory`]: history,
    });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await prepareWorkspaces();

    const rebuilt = await storedIndex();
    expect(rebuilt.workspaces.map((workspace) => workspace.id)).toEqual([a!.id, b!.id]);
    expect(rebuilt.workspaces.map((workspace) => workspace.name)).toEqual(['projects.example.com', 'Workspace 2']);
    const local = await fakeBrowser.storage.local.get(null);
    expect(
      Object.entries(local)
        .filter(([key]) => key.startsWith('corrupt:workspaces:'))
        .map(([, value]) => value),
    ).toEqual([{ workspaces: 'damaged' }]);
    expect(await readStorageNotices()).toHaveLength(1);
    expect(await readHistory(workspaceScope(b!.id))).toEqual(history);
  });
});
