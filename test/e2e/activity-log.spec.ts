// Issue 39 (finding 2, and the activity part of finding 9) and issue 41 (finding 9), in Chromium: the
// Activity section numbers its entries and finds words in any order; an export carries a checkpoint,
// and Verify against it names the first entry dropped when someone removes the oldest entries and
// rewrites the folded count and hash in storage (which Verify activity log alone passes); Clear
// activity log records itself; a deleted workspace's entries go with it, or stay by choice. A browser
// of its own: the worker's shared one keeps its log for the other specs, and this one rewrites it.
import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import type { Browser as ExtensionApi } from 'wxt/browser';
import type { ExtensionBrowser } from './fixtures/chromium.ts';
import { launchForThisFile } from './fixtures/own-profile.ts';
import { addWorkspace, connectionFor, fillAndSaveConnection, optionsUrl } from './fixtures/connection.ts';
import { createGroup, goToSection } from './fixtures/options-page.ts';
import { expect, test } from './fixtures/test.ts';

/** The extension API as the service worker sees it (types the functions passed to evaluate). */
declare const chrome: typeof ExtensionApi;

let own: ExtensionBrowser;
launchForThisFile((launched) => (own = launched));

test.describe.configure({ mode: 'serial' });

const table = (options: Page) => options.getByRole('table', { name: 'Activity log' });
const rows = (options: Page) =>
  table(options)
    .getByRole('row')
    .filter({ has: options.getByRole('cell') });

async function download(options: Page, button: string): Promise<{ file: Download; path: string }> {
  const [file] = await Promise.all([
    options.waitForEvent('download'),
    options.getByRole('button', { name: button }).click(),
  ]);
  return { file, path: await file.path() };
}

test('an export’s checkpoint names the first entry dropped when the oldest are removed and the folded head rewritten; Clear activity log records itself', async ({
  sandbox,
}) => {
  const options = await own.context.newPage();
  await options.goto(optionsUrl(own.extensionId, 'connection'));
  await fillAndSaveConnection(options, connectionFor(sandbox));
  await goToSection(options, 'groups');
  for (const [name, id] of [
    ['Globex Corp', 'globex'],
    ['Initech', 'initech'],
    ['Corp Umbrella', 'umbrella'],
    ['Globex Corp Testing', 'globex-t'],
  ] as const)
    await createGroup(options, name, id, 'Customer');
  await goToSection(options, 'activity');

  // Each entry's number in its own column; the search finds every word, in any order.
  await expect(rows(options)).toHaveCount(5);
  await expect(table(options).getByRole('columnheader').first()).toHaveText('Entry');
  await expect(rows(options).first().getByRole('cell').first()).toHaveText('5');
  await expect(rows(options).last().getByRole('cell').first()).toHaveText('1');
  await options.getByLabel('Search activity').fill('corp globex');
  await expect(rows(options)).toHaveCount(2);
  await expect(rows(options).filter({ hasText: 'Globex Corp' })).toHaveCount(2);
  await options.getByLabel('Search activity').fill('Globex Corp');
  await expect(rows(options)).toHaveCount(2);
  await options.getByLabel('Search activity').fill('');

  // The export carries the checkpoint: the newest entry's number and hash.
  const exported = await download(options, 'Export activity (JSON)');
  const document = JSON.parse(await readFile(exported.path, 'utf8')) as {
    version: number;
    checkpoint: { count: number; hash: string };
    entries: { seq: number }[];
  };
  expect(document.version).toBe(2);
  expect(document.checkpoint.count).toBe(5);
  expect(document.entries.map((entry) => entry.seq)).toEqual([1, 2, 3, 4, 5]);

  // Someone with the profile drops the 3 oldest entries and folds them with one copied value.
  const worker = await own.serviceWorker();
  await worker.evaluate(async () => {
    const { activityLog: head } = await chrome.storage.local.get<{
      activityLog: { firstPage: number; count: number; folded: { count: number; lastHash: string } };
    }>('activityLog');
    const key = `activityLog.${String(head.firstPage).padStart(6, '0')}`;
    const page = (await chrome.storage.local.get(key))[key] as { entries: { seq: number; prev: string }[] };
    const kept = page.entries.slice(3);
    await chrome.storage.local.set({
      [key]: { entries: kept },
      activityLog: { ...head, count: head.count - 3, folded: { count: kept[0]!.seq - 1, lastHash: kept[0]!.prev } },
    });
  });
  await expect(rows(options)).toHaveCount(2);
  await options.getByRole('button', { name: 'Verify activity log' }).click();
  await expect(options.getByRole('status')).toHaveText(
    'Chain unbroken: each of its 2 entries holds the hash of the one before it.',
  );
  await options.getByLabel('Activity export to verify against').setInputFiles(exported.path);
  await options.getByRole('button', { name: 'Verify against export' }).click();
  await expect(options.getByRole('alert')).toHaveText('Entry 1, which the export holds, was dropped from the log.');

  // Clear activity log: its dialog offers the export first; the clearing is the first entry of the new log.
  await options.getByRole('button', { name: 'Clear activity log' }).click();
  const dialog = options.getByRole('dialog', { name: 'Clear the activity log?' });
  await expect(dialog).toContainText('Its 2 entries are removed from this browser.');
  await dialog.getByRole('button', { name: 'Clear activity log' }).click();
  await expect(options.getByRole('status')).toHaveText('The activity log was cleared: 2 entries removed.');
  await expect(rows(options)).toHaveCount(1);
  await expect(rows(options).first()).toContainText('Activity log cleared');
  await expect(rows(options).first().getByRole('cell').first()).toHaveText('6');
  await expect(rows(options).first()).toContainText('the log it replaced ended at entry 5');
  await options.getByRole('button', { name: 'Verify against export' }).click();
  await expect(options.getByRole('alert')).toContainText('The log was cleared after this export (entry 6,');
  // An export of the new log verifies.
  const after = await download(options, 'Export activity (JSON)');
  await options.getByLabel('Activity export to verify against').setInputFiles(after.path);
  await options.getByRole('button', { name: 'Verify against export' }).click();
  await expect(options.getByRole('status')).toHaveText(
    '1 entry of the export (up to entry 6) is in the log unchanged, and the chain goes on unbroken to entry 6.',
  );
});

test('a deleted workspace’s entries go with it (the log still verifies), or stay when the dialog’s box is ticked', async ({
  sandbox,
}) => {
  const options = await own.context.newPage();
  await options.goto(optionsUrl(own.extensionId, 'connection'));
  for (const [workspace, group, keep] of [
    ['Scratch', 'Scratch secret team', false],
    ['Keeper', 'Keeper team', true],
  ] as const) {
    await addWorkspace(options, workspace);
    await fillAndSaveConnection(options, connectionFor(sandbox));
    await goToSection(options, 'groups');
    await createGroup(options, group, `${workspace.toLowerCase()}-1`, 'Testing');
    await goToSection(options, 'connection');

    await options.getByRole('button', { name: 'Delete workspace' }).click();
    const dialog = options.getByRole('dialog');
    await expect(dialog).toContainText(
      'Its entries in the Activity log (group names, project addresses) are removed; their numbers and hashes stay, so the log still verifies.',
    );
    if (keep) {
      await dialog.getByLabel('Keep its entries in the Activity log').check();
      await expect(dialog).toContainText('Its entries in the Activity log are kept.');
    }
    await dialog.getByRole('button', { name: 'Delete workspace' }).click();
    await expect(options.getByRole('status')).toHaveText(`The workspace “${workspace}” was deleted.`);
  }

  await goToSection(options, 'activity');
  await expect(rows(options).filter({ hasText: 'Workspace deleted' })).toHaveCount(2);
  await expect(rows(options).filter({ hasText: 'Scratch secret team' })).toHaveCount(0);
  await expect(rows(options).filter({ hasText: 'Keeper team' })).toHaveCount(1);
  await expect(rows(options).filter({ hasText: 'Workspace deleted' }).filter({ hasText: 'Scratch' })).toContainText(
    /Its \d+ activity entries were removed; their numbers and hashes stay in the chain\./,
  );
  await expect(rows(options).filter({ hasText: 'Workspace deleted' }).filter({ hasText: 'Keeper' })).toContainText(
    'Its activity entries were kept.',
  );
  await expect(options.getByText(/\d+ entries were removed with their workspace\./)).toBeVisible();
  const worker = await own.serviceWorker();
  const stored = await worker.evaluate(async () => JSON.stringify(await chrome.storage.local.get(null)));
  expect(stored).not.toContain('Scratch secret team');
  await options.getByRole('button', { name: 'Verify activity log' }).click();
  await expect(options.getByRole('status')).toContainText('Chain unbroken');
});
