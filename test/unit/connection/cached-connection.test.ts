import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createCachedConnection } from '@/lib/connection/cached-connection';
import { createConnectionRepository } from '@/lib/connection/connection-repository';
import { TEST_SCOPE } from '../helpers/test-workspace';

const repository = () => createConnectionRepository(TEST_SCOPE);
const saveConnection = (update: Parameters<ReturnType<typeof repository>['save']>[0]) => repository().save(update);
import { permissionEvents } from '../setup/permission-events';

const CONNECTION = {
  userGroupBaseUrl: 'https://ug.example.com',
  projectApiUrl: 'https://projects.example.com/api',
  secretsArea: 'local' as const,
  apiToken: 'tok_first',
  apiKey: 'key',
  authToken: 'auth',
};

let granted: boolean;
let contains: ReturnType<typeof vi.spyOn>;

beforeEach(async () => {
  fakeBrowser.reset();
  granted = true;
  // eslint-disable-next-line @typescript-eslint/no-misused-promises
  contains = vi.spyOn(browser.permissions, 'contains').mockImplementation(() => Promise.resolve(granted));
  await saveConnection(CONNECTION);
});

describe('the connection kept for the bulk create loop', () => {
  it('reads storage and permissions once for many rows', async () => {
    const connect = createCachedConnection(TEST_SCOPE, repository(), 'userGroup');
    const get = vi.spyOn(fakeBrowser.storage.local, 'get');
    for (let row = 0; row < 50; row++)
      expect(await connect()).toMatchObject({ ok: true, value: { apiToken: 'tok_first' } });
    expect(contains).toHaveBeenCalledTimes(1);
    expect(get.mock.calls.length).toBeLessThanOrEqual(2);
  });

  it('a new token saved during the job is used from the next row on', async () => {
    const connect = createCachedConnection(TEST_SCOPE, repository(), 'userGroup');
    expect(await connect()).toMatchObject({ value: { apiToken: 'tok_first' } });
    await saveConnection({ ...CONNECTION, apiToken: 'tok_second' });
    await vi.waitFor(async () => expect(await connect()).toMatchObject({ value: { apiToken: 'tok_second' } }));
  });

  it('access revoked during the job is noticed on the next row, and a failure is not kept', async () => {
    const connect = createCachedConnection(TEST_SCOPE, repository(), 'userGroup');
    expect((await connect()).ok).toBe(true);
    granted = false;
    await permissionEvents.onRemoved.trigger({ origins: ['https://ug.example.com/*'] });
    expect(await connect()).toMatchObject({ ok: false, error: { code: 'ACCESS_NOT_GRANTED' } });
    granted = true;
    expect((await connect()).ok).toBe(true);
  });
});
