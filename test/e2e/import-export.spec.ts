import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { configureConnection } from './fixtures/connection.ts';
import type { ExtensionBrowser } from './fixtures/chromium.ts';
import { clearUserGroupData, readStoredGroups, type StoredGroup } from './fixtures/extension-storage.ts';
import { createGroup, isolateUserGroupsAndWatchConsole, openOptionsPage, rowOf } from './fixtures/options-page.ts';
import { rowAction } from './fixtures/row-actions.ts';
import { expect, test } from './fixtures/test.ts';

isolateUserGroupsAndWatchConsole();

async function download(
  options: Page,
  button: 'Export JSON' | 'Export CSV',
): Promise<{ download: Download; text: string }> {
  const [file] = await Promise.all([
    options.waitForEvent('download'),
    options.getByRole('button', { name: button }).click(),
  ]);
  return { download: file, text: await readFile(await file.path(), 'utf8') };
}

const storedGroups = (extension: ExtensionBrowser) => readStoredGroups(extension);
const summary = (options: Page) => options.getByLabel('Import summary');
/** The Add groups from a file section: the import reports there, next to its file field. */
const addFromFile = (options: Page) => options.getByRole('region', { name: 'Add groups from a file' });

async function setUpGroups(extension: ExtensionBrowser, options: Page) {
  await createGroup(options, 'Acme production', 'acme', 'Customer');
  await createGroup(options, 'Acme staging', 'acme', 'Testing');
  await createGroup(options, 'Globex, "Intl"', 'globex', 'Customer');
  // A rotated group, so that last_rotated_at is exported too.
  await rowAction(rowOf(options, 'Acme staging'), 'Rotate token');
  await options.getByRole('dialog').getByRole('button', { name: 'Rotate token' }).click();
  await expect(options.getByRole('status')).toContainText('New token for “Acme staging”');
  const groups = await storedGroups(extension);
  expect(groups).toHaveLength(3);
  return groups;
}

test('export JSON, then import it into a cleared registry: every group comes back with its token', async ({
  extension,
  sandbox,
}) => {
  await configureConnection(extension.context, extension.extensionId, sandbox);
  const options = await openOptionsPage(extension);
  const original = await setUpGroups(extension, options);

  // Above the buttons, what the files hold; their names say it too.
  const note = options.getByText('An export holds every token of this workspace in clear', { exact: false });
  const buttons = options.getByRole('button', { name: 'Export JSON' });
  await expect(note).toBeVisible();
  expect((await note.boundingBox())!.y).toBeLessThan((await buttons.boundingBox())!.y);
  const json = await download(options, 'Export JSON');
  expect(json.download.suggestedFilename()).toMatch(/^user-groups-SECRET-workspace-1-\d{4}-\d{2}-\d{2}\.json$/);
  expect((JSON.parse(json.text) as { groups: StoredGroup[] }).groups).toEqual(original);
  const csv = await download(options, 'Export CSV');
  expect(csv.download.suggestedFilename()).toMatch(/^user-groups-SECRET-workspace-1-\d{4}-\d{2}-\d{2}\.csv$/);
  const csvLines = csv.text.trim().split('\r\n');
  expect(csvLines[0]).toBe('name,user_group_id,environment,token,team_id,created_at,last_rotated_at,issued_at');
  expect(csvLines).toHaveLength(4);
  expect(csv.text).toContain('"Globex, ""Intl"""');

  // Lose everything in this browser.
  await clearUserGroupData(extension);
  await expect(options.getByText('No user groups in this browser yet.')).toBeVisible();

  const requestsBefore = sandbox.requests.length;
  await options.getByLabel('Add groups from file').setInputFiles(await json.download.path());
  await expect(summary(options)).toHaveText('3 new, 0 changed, 0 unchanged, 0 invalid');
  expect(await storedGroups(extension)).toEqual([]);
  await options.getByRole('button', { name: 'Import', exact: true }).click();
  await options.getByRole('dialog').getByRole('button', { name: 'Import 3 groups' }).click();
  await expect(addFromFile(options).getByRole('status')).toContainText('3 new groups, 0 groups updated');
  expect(await storedGroups(extension)).toEqual(original);
  await expect(rowOf(options, 'Globex, "Intl"')).toBeVisible();
  const staging = rowOf(options, 'Acme staging');
  await staging.getByRole('button', { name: 'Show' }).click();
  await expect(staging.locator('code')).toHaveText(
    sandbox.groups().find((group) => group.api_environment_tag === 'Testing')!.token,
  );
  // The import's message went when the next action started (issue 41, finding 6); so does Copied.
  await expect(options.getByText(/3 new groups, 0 groups updated/)).toHaveCount(0);
  await staging.getByRole('button', { name: 'Copy token' }).click();
  // The clipboard is cleared after 30 s by default: Copy token says when.
  await expect(staging.getByText(/^Copied; cleared in /)).toBeVisible();
  // An import never calls the service.
  expect(sandbox.requests.length).toBe(requestsBefore);

  // The same file again: all unchanged, nothing to import. The CSV export reads the same.
  await options.getByLabel('Add groups from file').setInputFiles(await json.download.path());
  await expect(options.getByText(/^Copied/)).toHaveCount(0);
  await expect(summary(options)).toHaveText('0 new, 0 changed, 3 unchanged, 0 invalid');
  await expect(options.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
  await options.getByLabel('Add groups from file').setInputFiles(await csv.download.path());
  await expect(summary(options)).toHaveText('0 new, 0 changed, 3 unchanged, 0 invalid');
});

test('an import with a newer token shows what changes, and writes only after Confirm', async ({
  extension,
  sandbox,
}) => {
  await configureConnection(extension.context, extension.extensionId, sandbox);
  const options = await openOptionsPage(extension);
  const original = await setUpGroups(extension, options);
  const { text } = await download(options, 'Export CSV');

  const lines = text.trim().split('\r\n');
  const acme = original.find((group) => group.environment === 'Customer' && group.provided_id === 'acme')!;
  // The file's token for "Acme production" was issued an hour after the stored one: it is the newer one.
  const later = new Date(Date.parse(acme.issuedAt!) + 3_600_000).toISOString();
  // issued_at is the last column (created_at holds the same time: the group was created with that token).
  const edited = [
    ...lines.map((line) =>
      line.includes(acme.token)
        ? `${line.replace(acme.token, 'ugt_token_from_the_file').slice(0, -acme.issuedAt!.length)}${later}`
        : line,
    ),
    // The export's columns end with issued_at (empty here: the token's age is unknown).
    'New team,new-team,Testing,ugt_new_team,4242,2025-01-01T00:00:00.000Z,,',
    'No token,no-token,Customer,,4243,,,',
  ].join('\r\n');
  await options
    .getByLabel('Add groups from file')
    .setInputFiles({ name: 'edited.csv', mimeType: 'text/csv', buffer: Buffer.from(edited) });
  await expect(summary(options)).toHaveText('1 new, 1 changed, 2 unchanged, 1 invalid');
  await expect(options.getByRole('list', { name: 'Groups that would change' })).toHaveText(
    /^“Acme production” \(Customer, ID acme\): the file’s token is newer; token issued .+ → .+$/,
  );
  await expect(options.getByRole('list', { name: 'Invalid rows' })).toHaveText('Line 6: token: must not be empty');
  // The preview never shows a token.
  await expect(options.locator('.preview')).not.toContainText('ugt_token_from_the_file');

  // Cancel in the dialog: nothing is written.
  await options.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = options.getByRole('dialog');
  await expect(dialog).toContainText('1 new group is added and 1 stored group is overwritten');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  expect(await storedGroups(extension)).toEqual(original);

  // Confirm: the token is replaced, the new group added, the invalid row left out.
  await options.getByRole('button', { name: 'Import', exact: true }).click();
  await options.getByRole('dialog').getByRole('button', { name: 'Import 2 groups' }).click();
  await expect(addFromFile(options).getByRole('status')).toContainText(
    'Imported edited.csv: 1 new group, 1 group updated.',
  );
  const after = await storedGroups(extension);
  expect(after).toHaveLength(4);
  expect(after.find((group) => group.environment === 'Customer' && group.provided_id === 'acme')).toMatchObject({
    token: 'ugt_token_from_the_file',
    issuedAt: later,
  });
  expect(after.find((group) => group.provided_id === 'no-token')).toBeUndefined();
  const row = rowOf(options, 'Acme production');
  await row.getByRole('button', { name: 'Show' }).click();
  await expect(row.locator('code')).toHaveText('ugt_token_from_the_file');
  await expect(options.locator('.preview')).toHaveCount(0);
});

// Issue 41, finding 1: an older backup added again never replaces a live token unless the admin chooses
// to, after a warning that the group can then no longer be rotated or deleted.
test('a backup added again after a rotation keeps the live token by default; replacing it is a separate choice', async ({
  extension,
  sandbox,
}) => {
  await configureConnection(extension.context, extension.extensionId, sandbox);
  const options = await openOptionsPage(extension);
  await createGroup(options, 'Live team', 'live', 'Customer');
  await createGroup(options, 'Quiet team', 'quiet', 'Customer');
  const backup = await download(options, 'Export JSON');
  const backupToken = (await storedGroups(extension)).find((group) => group.provided_id === 'live')!.token;

  await rowAction(rowOf(options, 'Live team'), 'Rotate token');
  await options.getByRole('dialog').getByRole('button', { name: 'Rotate token' }).click();
  await expect(options.getByRole('status')).toContainText('New token for “Live team”');
  const liveToken = sandbox.groups().find((group) => group.provided_id === 'live')!.token;
  expect(liveToken).not.toBe(backupToken);

  // The backup again, with the default choices: nothing to import, the live token named newer.
  await options.getByLabel('Add groups from file').setInputFiles(await backup.download.path());
  await expect(summary(options)).toHaveText('0 new, 0 changed, 1 unchanged, 0 invalid');
  await expect(options.locator('.preview').getByText('1 group keeps this browser’s token.')).toBeVisible();
  await expect(options.getByRole('list', { name: 'Groups that keep this browser’s token' })).toHaveText(
    /^“Live team” \(Customer, ID live\): this browser’s token is newer \(issued .+; the file’s .+\)\.$/,
  );
  const choice = options.getByRole('checkbox', { name: 'Replace this browser’s token with the file’s (1 group)' });
  await expect(choice).not.toBeChecked();
  await expect(choice).toHaveAccessibleDescription(/can no longer be rotated or deleted from this browser/);
  await expect(options.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
  await expect(
    options.getByText('Nothing to import unless you choose to replace this browser’s tokens.'),
  ).toBeVisible();
  await options.getByRole('button', { name: 'Discard' }).click();
  const live = () => storedGroups(extension).then((groups) => groups.find((group) => group.provided_id === 'live')!);
  expect((await live()).token).toBe(liveToken);
  const row = rowOf(options, 'Live team');
  await row.getByRole('button', { name: 'Show' }).click();
  await expect(row.locator('code')).toHaveText(liveToken);
  await row.getByRole('button', { name: 'Hide' }).click();

  // The separate choice: the dialog says what it costs, and only then is the older token stored.
  await options.getByLabel('Add groups from file').setInputFiles(await backup.download.path());
  await choice.check();
  await options.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = options.getByRole('dialog');
  await expect(dialog).toContainText(
    '1 group gets the file’s token in place of this browser’s newer one (or one of unknown age): unless the file’s is the current token, it can no longer be rotated or deleted from here.',
  );
  await dialog.getByRole('button', { name: 'Import 1 group' }).click();
  await expect(addFromFile(options).getByRole('status')).toContainText('0 new groups, 1 group updated');
  expect((await live()).token).toBe(backupToken);
  // As the warning said: the service no longer accepts it.
  expect(sandbox.groups().find((group) => group.provided_id === 'live')!.token).toBe(liveToken);
});

test('an export taken the moment a rotation is announced holds the new token, ten times in a row', async ({
  extension,
  sandbox,
}) => {
  await configureConnection(extension.context, extension.extensionId, sandbox);
  const options = await openOptionsPage(extension);
  await createGroup(options, 'Rotating team', 'rotating', 'Customer');
  const serviceToken = () => sandbox.groups().find((group) => group.provided_id === 'rotating')!.token;
  let previous = serviceToken();
  for (let round = 1; round <= 10; round += 1) {
    await rowAction(rowOf(options, 'Rotating team'), 'Rotate token');
    await options.getByRole('dialog').getByRole('button', { name: 'Rotate token' }).click();
    // This round's announcement, not the last one's (it ends with the new token's last four characters).
    await options
      .getByRole('status')
      .filter({ hasText: 'New token for “Rotating team”' })
      .filter({ hasNotText: `••••${previous.slice(-4)}` })
      .waitFor();
    const current = serviceToken();
    expect(current, `round ${round}: the sandbox rotated`).not.toBe(previous);
    await expect(options.getByRole('status')).toContainText(`••••${current.slice(-4)}`);
    // Export JSON is the next action: the rotation's message goes (design.md §11), the file holds its token.
    const { text } = await download(options, 'Export JSON');
    const exported = (JSON.parse(text) as { groups: StoredGroup[] }).groups;
    expect(
      exported.map((group) => ({ token: group.token, rotation: group.rotation })),
      `round ${round}`,
    ).toEqual([{ token: current, rotation: undefined }]);
    await expect(options.getByRole('status').filter({ hasText: 'New token for' })).toHaveCount(0);
    expect((await storedGroups(extension)).map((group) => group.token)).toEqual([current]);
    previous = current;
  }
});

test('a file over the import size limit is refused before it is read', async ({ extension, sandbox }) => {
  await configureConnection(extension.context, extension.extensionId, sandbox);
  const options = await openOptionsPage(extension);
  const buffer = Buffer.alloc(17 * 1024 * 1024, 'a');
  await options.getByLabel('Add groups from file').setInputFiles({ name: 'huge.csv', mimeType: 'text/csv', buffer });
  await expect(options.getByRole('alert')).toHaveText(
    'huge.csv is 17 MB; files over 16 MB are not read. Split it into smaller files.',
  );
  await expect(summary(options)).toHaveCount(0);
});
