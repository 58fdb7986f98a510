import type { Page } from '@playwright/test';
import { checkInvariants } from '../chaos/invariants.ts';
import type { ExtensionBrowser } from './fixtures/chromium.ts';
import { launchForThisFile } from './fixtures/own-profile.ts';
import { connectionFor, fillAndSaveConnection, optionsUrl } from './fixtures/connection.ts';
import { activeWorkspaceId, readStoredGroups, readWorkspaceStorage } from './fixtures/extension-storage.ts';
import { goToSection, openOptionsPageInWindow } from './fixtures/options-page.ts';
import { openPopupForTab } from './fixtures/popup.ts';
import { readExtensionStorage } from './fixtures/service-worker.ts';
import { deleteRow, groupsSection, rotateRow, submitCreate } from './fixtures/user-group-actions.ts';
import { expect, test } from './fixtures/test.ts';

// Issue 27, two pages at once: two options pages and a popup act on the same workspace at the same time.
// No write is lost (registry, history, the workspace's name and connection), and each page shows the
// other's change within a second. A browser of its own: the workspace list changes here.

let own: ExtensionBrowser;
launchForThisFile((launched) => (own = launched));

const WITHIN_A_SECOND = { timeout: 1_000 };

/** Connects the (only) workspace through a page of its own, then closes it (the tests below run in order, on it). */
async function connect(sandbox: Parameters<typeof connectionFor>[0]): Promise<void> {
  const page = await own.context.newPage();
  await page.goto(optionsUrl(own.extensionId, 'connection'));
  await fillAndSaveConnection(page, connectionFor(sandbox));
  await page.close();
}

/** Creates these groups one after another from one page, each waited for. */
async function createAll(options: Page, ids: string[]): Promise<void> {
  for (const id of ids) {
    const shown = await submitCreate(options, { name: `Group ${id}`, id, environment: 'Customer' });
    expect(shown.ok, shown.text).toBe(true);
  }
}

test.describe.configure({ mode: 'serial' });

test('two options pages: groups created, rotated and deleted from both at once are all kept, and each page shows the other’s within a second', async ({
  sandbox,
}) => {
  await connect(sandbox);
  const [a, b] = [await openOptionsPageInWindow(own), await openOptionsPageInWindow(own)];

  // Seen from the other page within a second: a create, a rotation, a delete.
  await createAll(a, ['seen-1']);
  await expect(groupsSection(b).getByRole('row').filter({ hasText: 'seen-1' })).toBeVisible(WITHIN_A_SECOND);
  expect((await rotateRow(b, 'seen-1')).ok).toBe(true);
  const rotated = sandbox.groups().find((group) => group.provided_id === 'seen-1')!.token;
  await a.getByLabel('Search user groups', { exact: true }).fill('seen-1');
  // The list holds no token (a row shows ••••): Show asks the background, which answers the new one.
  const seenInA = groupsSection(a).getByRole('row').filter({ hasText: 'seen-1' });
  await seenInA.getByRole('button', { name: 'Show', exact: true }).click();
  await expect(seenInA).toContainText(rotated, WITHIN_A_SECOND);
  expect((await deleteRow(a, 'seen-1')).ok).toBe(true);
  await b.getByLabel('Search user groups', { exact: true }).fill('seen-1');
  await expect(groupsSection(b).getByRole('row').filter({ hasText: 'seen-1' })).toHaveCount(0, WITHIN_A_SECOND);

  // At once, from both pages (each page one action after another, as a user works): each creates its
  // own groups and, between them, rotates the same group. A rotation may be refused while the other
  // page's is under way (never twice with the same old token); none may be lost.
  await createAll(a, ['both-0']);
  const underWay = /rotation is already under way|being rotated/i;
  const work = async (page: Page, prefix: string) => {
    for (let index = 0; index < 6; index += 1) {
      await createAll(page, [`${prefix}-${index}`]);
      const rotated = await rotateRow(page, 'both-0');
      expect(rotated.ok || underWay.test(rotated.text), rotated.text).toBe(true);
    }
  };
  await Promise.all([work(a, 'a'), work(b, 'b')]);
  const ids = ['both-0', ...['a', 'b'].flatMap((page) => Array.from({ length: 6 }, (_, index) => `${page}-${index}`))];
  expect((await readStoredGroups(own)).map((group) => group.provided_id).sort()).toEqual([...ids].sort());
  const workspaceId = await activeWorkspaceId(own);
  const found = checkInvariants({
    storage: await readExtensionStorage(own, a),
    services: [{ workspaceId, label: '1', groups: sandbox.groups(), projectIds: [] }],
    projects: { shown: new Map(), unanswered: new Set() },
    final: true,
  });
  expect(found.tokensMatchService, 'every token as the service has it').toEqual([]);
  expect(found.serviceGroupsKnown).toEqual([]);
  expect(found.noDuplicateEntries).toEqual([]);
  for (const page of [a, b]) {
    await page.getByLabel('Search user groups', { exact: true }).fill('');
    await expect(groupsSection(page)).toContainText(`Showing 13 of 13 groups`, WITHIN_A_SECOND);
  }
  await a.close();
  await b.close();
});

test('the popup registers pages while both options pages show the history: every project is kept and shown within a second', async ({
  sandbox,
}) => {
  const [a, b] = [await openOptionsPageInWindow(own, 'projects'), await openOptionsPageInWindow(own, 'projects')];
  const history = (page: Page) => page.getByRole('region', { name: 'Project history' });

  const site = await own.context.newPage();
  await site.goto(sandbox.pageUrl('two-pages-1', 'Two pages one'));
  const popup = await openPopupForTab(own, site);
  await popup.getByRole('button', { name: 'Create project' }).click();
  const first = await popup.getByLabel('Project ID', { exact: true }).inputValue();
  for (const page of [a, b]) await expect(history(page)).toContainText(first, WITHIN_A_SECOND);

  // Three popups create at once (the history is one value, rewritten per project).
  const sites = await Promise.all(
    [2, 3, 4].map(async (number) => {
      const page = await own.context.newPage();
      await page.goto(sandbox.pageUrl(`two-pages-${number}`, `Two pages ${number}`));
      return openPopupForTab(own, page);
    }),
  );
  const created = await Promise.all(
    sites.map(async (each) => {
      await each.getByRole('button', { name: 'Create project' }).click();
      return each.getByLabel('Project ID', { exact: true }).inputValue();
    }),
  );
  // The background appends to the history once its answer has left (lib/async/after-answer.ts): the last
  // append may land just after the popup shows the project.
  const storedIds = async () =>
    ((await readWorkspaceStorage<{ projectId: string }[]>(own, 'projectHistory')) ?? [])
      .map((entry) => entry.projectId)
      .sort();
  const onService = sandbox.projects().map((project) => project.projectId);
  await expect.poll(storedIds, WITHIN_A_SECOND).toEqual([...onService].sort());
  expect(await storedIds()).toEqual(expect.arrayContaining([first, ...created]));
  for (const page of [a, b]) for (const id of created) await expect(history(page)).toContainText(id, WITHIN_A_SECOND);
});

test('one page renames the workspace while the other adds one and saves the connection: all three are kept, and each page shows the other’s within a second', async ({
  sandbox,
}) => {
  const [a, b] = [await openOptionsPageInWindow(own, 'connection'), await openOptionsPageInWindow(own, 'connection')];
  const select = (page: Page) => page.getByLabel('Workspace', { exact: true });
  const before = await select(a).locator('option:checked').textContent();

  // At once: A renames the workspace, B saves its connection with another address (secrets typed again).
  const elsewhere = {
    ...connectionFor(sandbox),
    projectApiUrl: sandbox.projectApiUrl.replace('127.0.0.1', 'localhost'),
  };
  await Promise.all([
    (async () => {
      const name = a.getByLabel('Workspace name', { exact: true });
      await name.fill('Renamed at once');
      await name.press('Tab');
      await expect(select(a).locator('option:checked')).toHaveText('Renamed at once');
    })(),
    fillAndSaveConnection(b, elsewhere),
  ]);
  await expect(select(b).locator('option:checked')).toHaveText('Renamed at once', WITHIN_A_SECOND);
  // The fields too, not only the lists: a page left showing the old value would write it back (B's name
  // field on the next Tab through it, A's form on the next save) and undo the other page's change.
  await expect(b.getByLabel('Workspace name', { exact: true })).toHaveValue('Renamed at once', WITHIN_A_SECOND);
  await expect(a.getByLabel('Project API URL', { exact: true })).toHaveValue(elsewhere.projectApiUrl, WITHIN_A_SECOND);
  await expect(a.getByRole('button', { name: 'Save connection' })).toBeDisabled();
  await b.getByLabel('Workspace name', { exact: true }).focus();
  await b.getByLabel('Workspace name', { exact: true }).press('Tab');
  await expect(select(a).locator('option:checked')).toHaveText('Renamed at once');

  // At once: A renames it again while B adds a workspace: the list of workspaces keeps both changes.
  await Promise.all([
    (async () => {
      const name = a.getByLabel('Workspace name', { exact: true });
      await name.fill('Renamed twice');
      await name.press('Tab');
    })(),
    b.getByRole('button', { name: 'Add workspace' }).click(),
  ]);
  for (const page of [a, b])
    await expect(select(page).locator('option')).toHaveText(['Renamed twice', 'Workspace 2'], WITHIN_A_SECOND);
  const index = (await readExtensionStorage(own, a)).local.workspaces as { workspaces: { name: string }[] };
  expect(index.workspaces.map((workspace) => workspace.name)).toEqual(['Renamed twice', 'Workspace 2']);
  expect(before).toBe('Workspace 1');

  // The connection B saved is the one stored, and used.
  await goToSection(a, 'groups');
  await expect(select(a).locator('option:checked')).toHaveText('Renamed twice');
  const site = await own.context.newPage();
  await site.goto(sandbox.pageUrl('two-pages-connection', 'Connection'));
  const popup = await openPopupForTab(own, site);
  await popup.getByRole('button', { name: 'Create project' }).click();
  await expect(popup.getByLabel('Project ID', { exact: true })).toBeVisible();
  expect(sandbox.requests.filter((request) => request.route === 'project.create').at(-1)?.headers.host).toContain(
    'localhost',
  );
});
