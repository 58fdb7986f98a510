import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createConnectionRepository } from '@/lib/connection/connection-repository';
import { createConnectionService } from '@/lib/connection/connection-service';
import { messageText } from '@/lib/message-ref';
import { MANAGED_POLICY_KEY, type PolicyStatus } from '@/lib/storage/policy-status';
import { workspaceStorageNames } from '@/lib/storage/credentials/workspace-item-names';
import { loadStorageFixture } from '../fixtures/storage/load';
import { TEST_SCOPE, TEST_WORKSPACE_ID, testKey } from '../helpers/test-workspace';

// The project link (issue 28 item 5) is its own item, ws.<id>.projectLink: a workspace stored before it
// existed reads as having none, and setting one changes nothing else.

const before = loadStorageFixture<{ local: Record<string, unknown> }>('storage-local.before-project-link.json').local;
const settings = before[testKey('connectionSettings')] as { userGroupBaseUrl: string; projectApiUrl: string };
const EXAMPLE = 'https://app.example.com/projects/{projectId}';
const LINK_KEY = testKey('projectLink');
/** The request the options page sends: the stored addresses, no secret typed, and a project link. */
const request = (projectLink?: string) => ({
  ...settings,
  secretsArea: 'local' as const,
  apiToken: '',
  apiKey: '',
  authToken: '',
  ...(projectLink !== undefined && { projectLink }),
});

const service = (workspaceId?: string) =>
  createConnectionService({
    repository: createConnectionRepository(TEST_SCOPE),
    ...(workspaceId !== undefined && { workspaceId }),
  });
const stored = async () => fakeBrowser.storage.local.get(null);

beforeEach(async () => {
  fakeBrowser.reset();
  // permissions.contains is not in the fake browser: every address is granted here.
  // eslint-disable-next-line @typescript-eslint/no-misused-promises -- the code uses the Promise form
  vi.spyOn(browser.permissions, 'contains').mockImplementation(() => Promise.resolve(true));
  await fakeBrowser.storage.local.set(before);
});

describe('a workspace stored before the project link', () => {
  it('reads as having none, and its connection as it was', async () => {
    const status = await service().status();
    expect(status.ok).toBe(true);
    if (!status.ok) return;
    expect(status.value).not.toHaveProperty('projectLink');
    expect(status.value).toMatchObject({ ...settings, projectApiReady: true, userGroupApiReady: true });
    expect(await createConnectionRepository(TEST_SCOPE).projectLink()).toBe('');
    expect(await stored()).toEqual(before);
  });

  it('keeps every stored value when a link is saved: only ws.<id>.projectLink is added', async () => {
    const saved = await service().save(request(`  ${EXAMPLE}  `));
    expect(saved.ok && saved.value.projectLink).toBe(EXAMPLE);
    expect(await stored()).toEqual({ ...before, [LINK_KEY]: { template: EXAMPLE } });
    // A new worker reads it back, with the connection unchanged.
    const again = await service().status();
    expect(again.ok && again.value).toMatchObject({ ...settings, projectLink: EXAMPLE, projectApiReady: true });
  });

  it('keeps the link through a save that does not carry one (the start page, a policy that sets none)', async () => {
    await service().save(request(EXAMPLE));
    const saved = await service().save({ ...request(), projectApiUrl: 'https://projects.example.com/v2' });
    expect(saved.ok && saved.value.projectLink).toBe(EXAMPLE);
    expect((await stored())[LINK_KEY]).toEqual({ template: EXAMPLE });
  });

  it('stores nothing for a link that did not change (an empty one stays absent)', async () => {
    await service().save(request(''));
    expect(await stored()).toEqual(before);
  });

  it('turns the link off with an empty template', async () => {
    await service().save(request(EXAMPLE));
    const off = await service().save(request('   '));
    expect(off.ok && off.value).not.toHaveProperty('projectLink');
    expect((await stored())[LINK_KEY]).toEqual({ template: '' });
  });

  it('is removed with the workspace: its key is one of the workspace’s names', () => {
    expect(workspaceStorageNames(TEST_SCOPE).local).toEqual(expect.arrayContaining([LINK_KEY, `${LINK_KEY}$`]));
  });

  it('serves only a stored template that passes the check (pages link from the status as it is)', async () => {
    for (const template of [
      'javascript:alert("{projectId}")',
      'http://app.example.com/{projectId}',
      'https://x.example/',
    ]) {
      await fakeBrowser.storage.local.set({ [LINK_KEY]: { template } });
      const status = await service().status();
      expect(status.ok && status.value).not.toHaveProperty('projectLink');
    }
  });

  it('reads a stored value of the wrong shape as none, with a notice, and loses nothing else', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await fakeBrowser.storage.local.set({ [LINK_KEY]: 'https://app.example.com/{projectId}' });
    const status = await service().status();
    expect(status.ok && status.value).not.toHaveProperty('projectLink');
    expect(status.ok && status.value.notices.map(messageText)).toEqual([
      'The saved project link could not be read and was reset. Please enter it again.',
    ]);
    expect(status.ok && status.value.projectApiReady).toBe(true);
  });
});

describe('saving a project link: refused templates', () => {
  it.each([
    ['no {projectId}', 'https://app.example.com/projects/', 'Put {projectId} where the project ID goes'],
    ['{projectId} twice', 'https://app.example.com/{projectId}/{projectId}', 'only once'],
    ['plain http off this computer', 'http://app.example.com/{projectId}', 'Use https'],
    ['a javascript: link', 'javascript:alert("{projectId}")', 'must start with https://'],
    ['the id in the host', 'https://{projectId}.example.com/', 'not in the host name'],
  ])('%s: INVALID_INPUT on the field, and nothing is written', async (_label, template, words) => {
    const result = await service().save(request(template));
    expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', field: 'projectLink' } });
    expect(!result.ok && messageText(result.error.message)).toContain(words);
    expect(await stored()).toEqual(before);
  });
});

describe('a project link the organisation’s policy sets', () => {
  beforeEach(async () => {
    const status: PolicyStatus = {
      locked: false,
      problems: [],
      applied: { [TEST_WORKSPACE_ID]: 'fingerprint' },
      fixed: { [TEST_WORKSPACE_ID]: [] },
      projectLinks: [TEST_WORKSPACE_ID],
    };
    await fakeBrowser.storage.local.set({ [MANAGED_POLICY_KEY]: status, [LINK_KEY]: { template: EXAMPLE } });
  });

  it('cannot be changed or removed', async () => {
    for (const template of ['https://other.example.com/{projectId}', '']) {
      const result = await service(TEST_WORKSPACE_ID).save(request(template));
      expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', field: 'projectLink' } });
      expect(!result.ok && messageText(result.error.message)).toBe(
        'Your organization sets the project link; it cannot be changed here.',
      );
    }
    expect((await stored())[LINK_KEY]).toEqual({ template: EXAMPLE });
  });

  it('does not stop a save that leaves it as it is (or does not carry it)', async () => {
    const same = await service(TEST_WORKSPACE_ID).save({ ...request(EXAMPLE), apiKey: 'typed-key-0001' });
    expect(same.ok && same.value).toMatchObject({ projectLink: EXAMPLE, masked: { apiKey: '••••0001' } });
    const without = await service(TEST_WORKSPACE_ID).save(request());
    expect(without.ok).toBe(true);
  });
});
