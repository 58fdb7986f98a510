import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import type { Browser as ExtensionApi } from 'wxt/browser';
import type { ExtensionBrowser } from './fixtures/chromium.ts';
import { configureConnection } from './fixtures/connection.ts';
import { readStoredGroups, type StoredGroup } from './fixtures/extension-storage.ts';
import { watchExtensionErrors } from './fixtures/fault-watch.ts';
import { createGroup, isolateUserGroupsAndWatchConsole, openOptionsPage } from './fixtures/options-page.ts';
import { expect, test } from './fixtures/test.ts';

// A full disk (issue 27): the browser refuses a storage write. The extension asks for unlimitedStorage,
// so the test makes the service worker's chrome.storage.local.set refuse, past a size, the way Chrome
// does without that permission ("QUOTA_BYTES quota exceeded", through chrome.runtime.lastError for a
// callback and a rejection for a promise). The page must say what uses the space and what to export,
// nothing may be half-written, and Export JSON must still work.

isolateUserGroupsAndWatchConsole();

declare const chrome: typeof ExtensionApi;

/** From now on, a write that would take storage.local past `extraBytes` more than now is refused. */
async function fillStorageBut(extension: ExtensionBrowser, extraBytes: number): Promise<void> {
  const worker = await extension.serviceWorker();
  await worker.evaluate(async (extra) => {
    const area = chrome.storage.local;
    type Set = (values: Record<string, unknown>) => Promise<void>;
    const scope = globalThis as unknown as { realStorageSet?: Set; storageSetDescriptor?: PropertyDescriptor };
    // Kept as it is, to be put back; and bound now, to be called: area.set is replaced below.
    scope.storageSetDescriptor ??= Object.getOwnPropertyDescriptor(area, 'set');
    const bound = area.set.bind(area);
    const real = (scope.realStorageSet ??= (values) => bound(values));
    const limit = (await area.getBytesInUse(null)) + extra;
    const patched = function (items: Record<string, unknown>, callback?: () => void) {
      const attempt = (async () => {
        const adding = Object.entries(items).reduce(
          (sum, [key, value]) => sum + key.length + JSON.stringify(value ?? null).length,
          0,
        );
        if ((await area.getBytesInUse(null)) + adding > limit) throw new Error('QUOTA_BYTES quota exceeded');
        await real(items);
      })();
      if (typeof callback !== 'function') return attempt;
      attempt.then(
        () => callback(),
        (error: Error) => {
          // As Chrome reports a failed call to a callback: chrome.runtime.lastError, during the callback.
          Object.defineProperty(chrome.runtime, 'lastError', { value: { message: error.message }, configurable: true });
          try {
            callback();
          } finally {
            delete (chrome.runtime as { lastError?: unknown }).lastError;
          }
        },
      );
    };
    area.set = patched as unknown as typeof area.set;
  }, extraBytes);
}

async function restoreStorage(extension: ExtensionBrowser): Promise<void> {
  const worker = await extension.serviceWorker();
  await worker.evaluate(() => {
    const scope = globalThis as unknown as { storageSetDescriptor?: PropertyDescriptor };
    if (scope.storageSetDescriptor) Object.defineProperty(chrome.storage.local, 'set', scope.storageSetDescriptor);
  });
}

async function exportJson(options: Page): Promise<{ name: string; groups: StoredGroup[]; text: string }> {
  const [file] = await Promise.all([
    options.waitForEvent('download'),
    options.getByRole('button', { name: 'Export JSON' }).click(),
  ]);
  const text = await readFile(await file.path(), 'utf8');
  return { name: file.suggestedFilename(), groups: (JSON.parse(text) as { groups: StoredGroup[] }).groups, text };
}

const addFromFile = (options: Page) => options.getByRole('region', { name: 'Add groups from a file' });
const FULL =
  /There is no room left in this browser’s storage, so this change was not saved: nothing of it was written\. Review Companion uses [\d.]+ MB; the workspace “Workspace 1” holds [\d.]+ MB of user groups \(the only copy of their tokens\) and [\d.]+ MB of project history\. Export its user groups now \(User groups → Export JSON\), then make room/;

test('a full storage: the import is refused with what uses the space and what to export, nothing is half-written, Export JSON works', async ({
  extension,
  sandbox,
}) => {
  const watch = await watchExtensionErrors(extension);
  await configureConnection(extension.context, extension.extensionId, sandbox);
  const options = await openOptionsPage(extension);
  watch.follow(options);
  await createGroup(options, 'Kept one', 'kept-1', 'Customer');
  await createGroup(options, 'Kept two', 'kept-2', 'Testing');
  const before = await readStoredGroups(extension);
  // A backup of 300 groups, in the export's own format.
  const exported = await exportJson(options);
  const backup = JSON.parse(exported.text) as { groups: StoredGroup[] };
  backup.groups = Array.from({ length: 300 }, (_, index) => ({
    ...before[0]!,
    name: `Restored ${index}`,
    provided_id: `restored-${index}`,
    token: `ugt_restored_${index}_${'x'.repeat(40)}`,
  }));

  try {
    await fillStorageBut(extension, 4_000);
    await options.getByLabel('Add groups from file').setInputFiles({
      name: 'backup.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(backup)),
    });
    await expect(options.getByLabel('Import summary')).toHaveText('300 new, 0 changed, 0 unchanged, 0 invalid');
    await options.getByRole('button', { name: 'Import', exact: true }).click();
    await options.getByRole('dialog').getByRole('button', { name: 'Import 300 groups' }).click();
    await expect(addFromFile(options).getByRole('alert')).toHaveText(
      new RegExp(`^Nothing was imported: ${FULL.source}`),
    );

    // Nothing half-way: the registry is as it was, part for part.
    expect(await readStoredGroups(extension)).toEqual(before);

    // Storage now full to the byte: a single create is refused the same way, before anything is sent
    // (its journal could not be written).
    await fillStorageBut(extension, 0);
    const creates = () => sandbox.requests.filter((request) => request.route === 'userGroup.create').length;
    const sent = creates();
    await options.getByLabel('Name', { exact: true }).fill('Not stored');
    await options.getByLabel('User group ID', { exact: true }).fill('not-stored');
    await options.getByRole('button', { name: 'Create user group' }).click();
    await expect(options.getByRole('region', { name: 'User groups', exact: true }).getByRole('alert')).toHaveText(FULL);
    expect(creates()).toBe(sent);

    // The registry stays exportable while storage is full.
    const rescued = await exportJson(options);
    expect(rescued.name).toMatch(/^user-groups-SECRET-workspace-1-\d{4}-\d{2}-\d{2}\.json$/);
    expect(rescued.groups).toEqual(before);
  } finally {
    await restoreStorage(extension);
  }
  // Put back whole: a write through the browser's own set (a callback, as the polyfill calls it) works again.
  await createGroup(options, 'After', 'after-1', 'Customer');
  expect(await watch.problems(), 'errors or unhandled rejections in extension contexts').toEqual([]);
});
