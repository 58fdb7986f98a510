// Issue 24: words from services and pages are bounded. A service that refuses with a megabyte of text
// gets a short alert that says how long its words were; a page whose title is longer than a project
// name may be still registers with one Enter, under its title cut before a word.
import { randomBytes } from 'node:crypto';
import { configureConnection } from './fixtures/connection.ts';
import { historyHolding, readWorkspaceStorage } from './fixtures/extension-storage.ts';
import { isolateUserGroupsAndWatchConsole, openOptionsPage } from './fixtures/options-page.ts';
import { openActionPopup, openPopupForTab } from './fixtures/popup.ts';
import { expect, test } from './fixtures/test.ts';

isolateUserGroupsAndWatchConsole();

const MEGABYTE = 1_000_000;
const REFUSAL = 'The service could not complete the request';
/** The extension's own limit on a project name (lib/api/project-input.ts). */
const PROJECT_NAME_MAX_LENGTH = 300;
/** Unique per run: `--repeat-each` reuses the browser, whose history would flag a page seen before. */
const unique = () => randomBytes(4).toString('hex');
/** `ws.<id>.apiHealth`: per API, its last success or failure (with the failure's words). */
type StoredHealth = Partial<Record<'project' | 'userGroup', { lastFailure?: { at: string } }>>;

/**
 * An API's health record once it holds a failure recorded at or after `since` (an ISO time): the
 * background writes it after its answer has left (lib/async/after-answer.ts).
 */
async function failureRecordedSince(
  extension: Parameters<typeof readWorkspaceStorage>[0],
  api: 'project' | 'userGroup',
  since: string,
) {
  const record = async () => (await readWorkspaceStorage<StoredHealth>(extension, 'apiHealth'))?.[api];
  await expect.poll(async () => ((await record())?.lastFailure?.at ?? '') >= since, { timeout: 1_000 }).toBe(true);
  return record();
}

/** What a 1,000,000-character refusal must look like in an alert: its start, cut, and its length. */
function expectShortAlertWithLength(alertText: string): void {
  expect(alertText.length, 'the alert’s length').toBeLessThanOrEqual(700);
  expect(alertText).toContain(`The service refused: ${REFUSAL} ${REFUSAL}`);
  expect(alertText).toMatch(/… \(1,000,000 characters\)$/);
}

test('the popup: a megabyte refusal from the project API is a short alert that says its length', async ({
  extension,
  sandbox,
}) => {
  await configureConnection(extension.context, extension.extensionId, sandbox);
  const page = await extension.context.newPage();
  await page.goto(sandbox.pageUrl(`megabyte-refusal-${unique()}`, 'A page the service refuses'));
  const popup = await openPopupForTab(extension, page);

  sandbox.setFault('project.create', { kind: 'successZero', messageLength: MEGABYTE });
  const clicked = new Date().toISOString();
  await popup.getByRole('button', { name: 'Create project' }).click();
  const alert = popup.getByRole('alert');
  await expect(alert).toContainText('(1,000,000 characters)');
  expectShortAlertWithLength((await alert.textContent()) ?? '');

  const health = await failureRecordedSince(extension, 'project', clicked);
  expect(JSON.stringify(health).length, 'the project API’s health record').toBeLessThan(1000);
});

test('the options page: a megabyte refusal of a user-group create is a short alert that says its length', async ({
  extension,
  sandbox,
}) => {
  await configureConnection(extension.context, extension.extensionId, sandbox);
  const options = await openOptionsPage(extension);
  await options.getByLabel('Name', { exact: true }).fill('Refused with a megabyte');
  await options.getByLabel('User group ID', { exact: true }).fill(`megabyte-${unique()}`);
  await options.getByLabel('Environment', { exact: true }).selectOption('Customer');

  sandbox.setFault('userGroup.create', { kind: 'successZero', messageLength: MEGABYTE });
  const clicked = new Date().toISOString();
  await options.getByRole('button', { name: 'Create user group' }).click();
  const alert = options.getByRole('alert');
  await expect(alert).toContainText('(1,000,000 characters)');
  expectShortAlertWithLength((await alert.textContent()) ?? '');
  expect(sandbox.groups()).toEqual([]);

  const health = await failureRecordedSince(extension, 'userGroup', clicked);
  expect(JSON.stringify(health).length, 'the user-group API’s health record').toBeLessThan(1000);
});

/** A title of words of 4 to 12 characters, `length` long: "Chapter0 ChapterChapter1 …". */
function titleOfWords(length: number): string {
  const words: string[] = [];
  for (let index = 0; words.join(' ').length < length; index++)
    words.push(`${'Chapter'.repeat((index % 2) + 1)}${index}`);
  return words.join(' ').slice(0, length);
}

/** The longest run of whole words of `title` within `max` characters. */
function wholeWordsWithin(title: string, max: number): string {
  let kept = '';
  for (const word of title.split(' ')) {
    const next = kept ? `${kept} ${word}` : word;
    if (next.length > max) break;
    kept = next;
  }
  return kept;
}

test('a page with a 1,000-character title registers with one Enter, under its title cut before a word', async ({
  extension,
  sandbox,
}) => {
  await configureConnection(extension.context, extension.extensionId, sandbox);
  const title = titleOfWords(1000);
  const expected = wholeWordsWithin(title, PROJECT_NAME_MAX_LENGTH);
  expect(expected.length).toBeGreaterThan(PROJECT_NAME_MAX_LENGTH - 20);
  const page = await extension.context.newPage();
  await page.goto(sandbox.pageUrl(`long-title-${unique()}`, title));
  expect(await page.title()).toBe(title);

  const { popup, close } = await openActionPopup(extension, page);
  try {
    await expect(popup.getByLabel('Project name', { exact: true })).toHaveValue(expected);
    await expect(popup.getByText(/The name is too long/)).toHaveCount(0);
    await expect(popup.getByRole('button', { name: 'Create project' })).toBeFocused();
    await popup.keyboard.press('Enter');

    await expect(popup.getByRole('status')).toHaveText(`Project “${expected}” created.`);
    expect(sandbox.projects().map((project) => [project.projectUrl, project.projectName])).toEqual([
      [page.url(), expected],
    ]);
    const projectId = await popup.getByLabel('Project ID', { exact: true }).inputValue();
    const history = await historyHolding(extension, projectId);
    expect(history.find((entry) => entry.projectId === projectId)).toMatchObject({
      projectUrl: page.url(),
      projectName: expected,
    });
  } finally {
    await close();
  }
});
