import type { Browser as ExtensionApi } from 'wxt/browser';
import { configureConnection } from './fixtures/connection.ts';
import { activeWorkspaceId } from './fixtures/extension-storage.ts';
import { switchLock, withOwnProfile } from './fixtures/own-profile.ts';
import { expect, test } from './fixtures/test.ts';

// The lock covers the copies of registry values kept aside as unreadable (`corrupt:…`, which may hold
// tokens in clear), in Chromium: turning it on seals them, turning it off gives them back as they were.

declare const chrome: typeof ExtensionApi;

const PASSPHRASE = 'kept copies passphrase';
const TOKEN = 'ugt_kept_aside_e2e_0123456789abcdef';

test('a copy of a token key kept aside is sealed by the lock and given back when it is turned off', async ({
  sandbox,
}) => {
  test.setTimeout(60_000);
  await withOwnProfile(async (extension) => {
    await configureConnection(extension.context, extension.extensionId, sandbox);
    const copy = `corrupt:ws.${await activeWorkspaceId(extension)}.userGroupTokens.042:1764300000000`;
    const kept = { tokens: JSON.stringify({ 'Customer:old': TOKEN }), revision: 7 };
    const worker = await extension.serviceWorker();
    await worker.evaluate(([name, value]) => chrome.storage.local.set({ [name]: value }), [copy, kept] as const);
    const stored = () =>
      worker.evaluate(async () =>
        JSON.stringify([await chrome.storage.local.get(null), await chrome.storage.session.get(null)]),
      );
    expect(await stored()).toContain(TOKEN);
    await switchLock(extension, true, PASSPHRASE);
    expect(await stored()).not.toContain(TOKEN);
    await switchLock(extension, false, PASSPHRASE);
    expect(await worker.evaluate(async (name) => (await chrome.storage.local.get(name))[name], copy)).toEqual(kept);
  });
});
