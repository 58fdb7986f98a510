// Several workspaces' connection settings in one checked read: what the policy notice, the host access
// others still need and the popup's offered workspaces are made from.
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { addressesOf, readConnectionSettingsOf } from '@/lib/storage/connection/connection-settings-item';

const settings = (projectApiUrl: string) => ({ userGroupBaseUrl: '', projectApiUrl, secretsArea: 'local' });

beforeEach(() => fakeBrowser.reset());

describe('readConnectionSettingsOf', () => {
  it('reads every workspace asked for in one storage call, leaving out those with none and those unreadable', async () => {
    await fakeBrowser.storage.local.set({
      'ws.aaaa.connectionSettings': settings('https://a.example'),
      'ws.bbbb.connectionSettings': { projectApiUrl: 42 },
      'ws.dddd.connectionSettings': settings('https://d.example'),
    });
    const get = vi.spyOn(fakeBrowser.storage.local, 'get');
    const found = await readConnectionSettingsOf(['aaaa', 'bbbb', 'cccc']);
    expect([...found.keys()]).toEqual(['aaaa']);
    expect(addressesOf(found)).toEqual(['', 'https://a.example']);
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('reads nothing for no workspace', async () => {
    const get = vi.spyOn(fakeBrowser.storage.local, 'get');
    expect((await readConnectionSettingsOf([])).size).toBe(0);
    expect(get).not.toHaveBeenCalled();
  });
});
