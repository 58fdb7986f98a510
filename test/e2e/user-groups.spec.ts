import type { Page } from '@playwright/test';
import { configureConnection } from './fixtures/connection.ts';
import { createGroup, isolateUserGroupsAndWatchConsole, openOptionsPage, rowOf } from './fixtures/options-page.ts';
import type { Sandbox } from './fixtures/sandbox.ts';
import { expect, test } from './fixtures/test.ts';
import type { ExtensionBrowser } from './fixtures/chromium.ts';

isolateUserGroupsAndWatchConsole();

async function openOptions(extension: ExtensionBrowser, sandbox: Sandbox): Promise<Page> {
  await configureConnection(extension.context, extension.extensionId, sandbox);
  return openOptionsPage(extension);
}

/** What the service answers to a rotation with this token: 1 if it knows the token, 0 if not. */
async function serviceKnowsToken(sandbox: Sandbox, token: string): Promise<number> {
  const response = await fetch(`${sandbox.userGroupBaseUrl}/api/user`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Token ${sandbox.credentials.apiToken}` },
    body: JSON.stringify({ current_token: token }),
  });
  return ((await response.json()) as { success: number }).success;
}

test('the same id in both environments, rotate one, delete one, search', async ({ extension, sandbox }) => {
  const options = await openOptions(extension, sandbox);
  await createGroup(options, 'Acme production', 'acme', 'Customer');
  await createGroup(options, 'Acme staging', 'acme', 'Testing');
  await createGroup(options, 'Globex', 'globex', 'Customer');
  expect(sandbox.groups().map((group) => `${group.api_environment_tag}:${group.provided_id}`).sort()).toEqual(['Customer:acme', 'Customer:globex', 'Testing:acme']);
  await expect(rowOf(options, 'Acme production')).toContainText('Customer');
  await expect(rowOf(options, 'Acme staging')).toContainText('Testing');

  // The same id again in the same environment is refused before any call.
  const requestsBefore = sandbox.requests.length;
  await options.getByLabel('Name', { exact: true }).fill('Acme again');
  await options.getByLabel('User group ID', { exact: true }).fill('acme');
  await options.getByLabel('Environment', { exact: true }).selectOption('Customer');
  await options.getByRole('button', { name: 'Create user group' }).click();
  await expect(options.getByRole('alert')).toContainText('already in this browser');
  expect(sandbox.requests.length).toBe(requestsBefore);

  // Rotate the staging group: the new token is stored and shown, the old one is dead on the service.
  const oldToken = sandbox.groups().find((group) => group.api_environment_tag === 'Testing')!.token;
  const staging = rowOf(options, 'Acme staging');
  await staging.getByRole('button', { name: 'Rotate token' }).click();
  await options.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  const newToken = () => sandbox.groups().find((group) => group.api_environment_tag === 'Testing')!.token;
  await expect(options.getByRole('status')).toContainText('New token for “Acme staging”');
  expect(newToken()).not.toBe(oldToken);
  await staging.getByRole('button', { name: 'Show' }).click();
  await expect(staging.locator('code')).toHaveText(newToken());
  expect(await serviceKnowsToken(sandbox, oldToken)).toBe(0);

  // Delete the production group (with a data source id), keep the others.
  await rowOf(options, 'Acme production').getByRole('button', { name: 'Delete' }).click();
  const dialog = options.getByRole('dialog');
  await dialog.getByLabel('Data source ID (optional)').fill('ds-42');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(options.getByRole('status')).toContainText('Deleted “Acme production”');
  await expect(rowOf(options, 'Acme production')).toHaveCount(0);
  const deleteBody = JSON.parse(sandbox.requests.findLast((request) => request.route === 'userGroup.delete')!.body) as Record<string, string>;
  expect(deleteBody).toMatchObject({ user_group_id: 'acme', data_source_provided_id: 'ds-42' });
  expect(sandbox.groups().map((group) => group.name).sort()).toEqual(['Acme staging', 'Globex']);

  // Search by name or id.
  await options.getByLabel('Search user groups').fill('glo');
  await expect(rowOf(options, 'Globex')).toBeVisible();
  await expect(rowOf(options, 'Acme staging')).toHaveCount(0);
  await options.getByLabel('Search user groups').fill('ACME');
  await expect(rowOf(options, 'Acme staging')).toBeVisible();
  await expect(rowOf(options, 'Globex')).toHaveCount(0);

  // Reload: everything came from storage, nothing was only in the page.
  await options.reload();
  await expect(rowOf(options, 'Acme staging')).toBeVisible();
  await expect(rowOf(options, 'Globex')).toBeVisible();
});

test('a rotation whose answer never comes keeps the old token and flags the group', async ({ extension, sandbox }) => {
  test.setTimeout(60_000); // the client waits out its 15-second timeout
  const options = await openOptions(extension, sandbox);
  await createGroup(options, 'Initech', 'initech', 'Customer');
  const oldToken = sandbox.groups()[0]!.token;
  sandbox.setFault('userGroup.rotate', { kind: 'hang', afterProcessing: true });

  const row = rowOf(options, 'Initech');
  await row.getByRole('button', { name: 'Rotate token' }).click();
  await options.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(row).toContainText('Rotation in progress');
  await expect(options.getByRole('alert')).toContainText('did not answer within 15 seconds', { timeout: 25_000 });
  await expect(row).toContainText('Rotation outcome unknown — the old token may no longer work.');
  await row.getByRole('button', { name: 'Show' }).click();
  await expect(row.locator('code')).toHaveText(oldToken);

  // Retry: the extension learns the token the service has now, then rotates it.
  sandbox.clearFaults();
  await row.getByRole('button', { name: 'Retry rotation' }).click();
  await options.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(options.getByRole('status')).toContainText('New token for “Initech”');
  await expect(row).not.toContainText('Rotation outcome unknown');
  await expect(row.locator('code')).toHaveText(sandbox.groups()[0]!.token);
  expect(await serviceKnowsToken(sandbox, oldToken)).toBe(0);
});

test('a delete the service refuses keeps the group, which can then be removed from this browser only', async ({ extension, sandbox }) => {
  const options = await openOptions(extension, sandbox);
  await createGroup(options, 'Umbrella', 'umbrella', 'Testing');
  sandbox.setFault('userGroup.delete', { kind: 'successZero' });

  await rowOf(options, 'Umbrella').getByRole('button', { name: 'Delete' }).click();
  await options.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(options.getByRole('alert')).toContainText('was not deleted and is kept here');
  await expect(rowOf(options, 'Umbrella')).toBeVisible();

  const requestsBefore = sandbox.requests.length;
  await options.getByRole('button', { name: 'Remove from this browser only' }).click();
  await options.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(options.getByRole('status')).toContainText('Removed “Umbrella”');
  await expect(rowOf(options, 'Umbrella')).toHaveCount(0);
  expect(sandbox.requests.length).toBe(requestsBefore);
});
