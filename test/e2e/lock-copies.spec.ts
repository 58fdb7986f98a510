import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser as ExtensionApi } from 'wxt/browser';
import { launchExtensionBrowser } from './fixtures/chromium.ts';
import { configureConnection, optionsUrl } from './fixtures/connection.ts';
import { activeWorkspaceId } from './fixtures/extension-storage.ts';
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
  const profileDir = await mkdtemp(path.join(tmpdir(), 'review-companion-copies-'));
  const extension = await launchExtensionBrowser({ profileDir });
  try {
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

    const options = await extension.context.newPage();
    await options.goto(optionsUrl(extension.extensionId, 'connection'));
    await options.getByRole('checkbox', { name: 'Protect credentials with a passphrase' }).check();
    await options.getByLabel('Passphrase', { exact: true }).fill(PASSPHRASE);
    await options.getByLabel('Confirm passphrase', { exact: true }).fill(PASSPHRASE);
    await options.getByRole('button', { name: 'Turn on protection' }).click();
    await expect(options.getByRole('status')).toContainText('Protection is on');
    expect(await stored()).not.toContain(TOKEN);

    await options.getByRole('checkbox', { name: 'Protect credentials with a passphrase' }).uncheck();
    await options.getByLabel('Passphrase', { exact: true }).fill(PASSPHRASE);
    await options.getByRole('button', { name: 'Turn off protection' }).click();
    await expect(options.getByRole('status')).toContainText('Protection is off');
    expect(await worker.evaluate(async (name) => (await chrome.storage.local.get(name))[name], copy)).toEqual(kept);
  } finally {
    await extension.close();
    await rm(profileDir, { recursive: true, force: true });
  }
});
