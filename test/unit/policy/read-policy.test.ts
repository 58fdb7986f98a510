// Reading the policy: "no policy" in each browser's way of saying it is the empty policy, never an error.
import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { EMPTY_POLICY } from '@/lib/policy/policy-schema';
import { readPolicy } from '@/lib/policy/read-policy';
import { watchManagedArea } from '@/lib/storage/managed-area';

const workspace = {
  name: 'Acme',
  projectApiUrl: 'https://reviews.example.com',
  userGroupBaseUrl: '',
  apiKey: '',
  authToken: '',
  apiToken: '',
};

describe('readPolicy', () => {
  it('parses what the getter answers', async () => {
    const result = await readPolicy(() =>
      Promise.resolve({
        workspaces: [{ name: 'Acme', projectApiUrl: 'https://reviews.example.com/' }],
        lockWorkspaces: true,
      }),
    );
    expect(result).toEqual({ workspaces: [workspace], locked: true, problems: [] });
  });

  it('reports bad values as problems', async () => {
    const result = await readPolicy(() => Promise.resolve({ lockWorkspaces: 'yes' }));
    expect(result.problems).toEqual([
      { code: 'wrong-type', path: 'lockWorkspaces', ignored: 'value', expected: 'boolean' },
    ]);
  });

  it('a rejection (Firefox without a policy) is no policy', async () => {
    await expect(readPolicy(() => Promise.reject(new Error('Managed storage manifest not found')))).resolves.toEqual(
      EMPTY_POLICY,
    );
  });

  it('a getter that throws at once (storage.managed missing in this context) is no policy', async () => {
    const storage: { managed?: { get(): Promise<unknown> } } = {};
    await expect(readPolicy(() => storage.managed!.get())).resolves.toEqual(EMPTY_POLICY);
  });

  it('no getter at all is no policy', async () => {
    await expect(readPolicy(undefined)).resolves.toEqual(EMPTY_POLICY);
  });

  it.each([undefined, null, {}])('an answer of %j is no policy', async (answer) => {
    await expect(readPolicy(() => Promise.resolve(answer))).resolves.toEqual(EMPTY_POLICY);
  });
});

describe('watchManagedArea', () => {
  it('calls back on a change of the managed area only, until unsubscribed', async () => {
    let calls = 0;
    const stop = watchManagedArea(() => (calls += 1));
    for (const area of ['local', 'session', 'sync', 'managed'])
      await fakeBrowser.storage.onChanged.trigger({ lockWorkspaces: { newValue: true } }, area);
    stop();
    await fakeBrowser.storage.onChanged.trigger({ lockWorkspaces: { newValue: false } }, 'managed');
    expect(calls).toBe(1);
  });
});
