import type { Locator, Page } from '@playwright/test';
import type { Fault } from '../sandbox/types.ts';
import type { ExtensionBrowser } from './fixtures/chromium.ts';
import { configureConnection, connectionFor, fillAndSaveConnection, optionsUrl } from './fixtures/connection.ts';
import {
  clearUserGroupData,
  readWorkspaceStorage,
  readStoredGroups,
  readUnsettledCreates,
  type StoredGroup,
} from './fixtures/extension-storage.ts';
import { watchExtensionErrors, type ExtensionErrorWatch } from './fixtures/fault-watch.ts';
import { openPopupForTab } from './fixtures/popup.ts';
import { rowAction, rowActionItem, confirmNameOf } from './fixtures/row-actions.ts';
import { secretsOf, type Sandbox } from './fixtures/sandbox.ts';
import { goToSection } from './fixtures/options-page.ts';
import { expect, test } from './fixtures/test.ts';

/**
 * The fault matrix (issue 7): every way the service can fail, against every operation that calls it.
 * Each case checks the specific message in role=alert, that the controls work again (a second attempt
 * succeeds once the fault is gone), what became of the registry, and that no extension context logged
 * an error or left a rejection unhandled.
 *
 * Parallel mode is safe: Playwright runs one test at a time per worker, and each worker has its own
 * Chromium and its own sandbox, so a fault set by one test never reaches another.
 */
test.describe.configure({ mode: 'parallel' });

// The browser is shared by every spec its worker runs: start, and leave it, without user groups.
test.beforeEach(async ({ extension }) => {
  await clearUserGroupData(extension);
});

test.afterEach(async ({ extension }) => {
  await clearUserGroupData(extension);
});

/** The client's timeout (lib/api/http.ts DEFAULT_TIMEOUT_MS); a hang costs this much per case. */
const CLIENT_TIMEOUT_MS = 15_000;
const UNKNOWN_OUTCOME = 'Rotation outcome unknown — the old token may no longer work.';
const DELETE_UNKNOWN = 'Delete outcome unknown — the group may already be gone from the service.';
const DELETE_REFUSED = 'Delete refused — the service may no longer know this group';

interface FaultCase {
  /** Part of the test title. */
  title: string;
  /** Short, for ids and slugs. */
  key: string;
  fault: Fault;
  /** The service may have done the work before the answer was lost (the fault takes `afterProcessing`). */
  canLoseAnswer: boolean;
  /** The extension cannot know whether the change happened: a rotation is flagged, not forgotten. */
  outcomeUnknown: boolean;
  /** The service refused the token: it may already have been rotated by a lost request, so the group is flagged too. */
  refusesToken?: boolean;
  /** What the popup shows, given the sandbox origin. */
  project: (origin: string) => string;
  /** The popup's alert offers Open settings (the credentials are the problem). */
  projectOffersSettings?: boolean;
  /** What the options page shows for a user-group call, given the sandbox origin. */
  userGroup: (origin: string) => string;
  /** Waits out the client's timeout. */
  slow?: boolean;
}

const FAULTS: FaultCase[] = [
  {
    title: 'hang until the client times out',
    key: 'hang',
    fault: { kind: 'hang' },
    canLoseAnswer: true,
    outcomeUnknown: true,
    project: (origin) => `${origin} did not answer within 15 seconds.`,
    userGroup: (origin) => `${origin} did not answer within 15 seconds.`,
    slow: true,
  },
  {
    title: 'connection reset',
    key: 'reset',
    fault: { kind: 'reset' },
    canLoseAnswer: true,
    outcomeUnknown: true,
    project: (origin) => `Could not reach ${origin}. Check the address and your network connection.`,
    userGroup: (origin) => `Could not reach ${origin}. Check the address and your network connection.`,
  },
  {
    title: '500 with an HTML body',
    key: 'html500',
    fault: { kind: 'html', status: 500 },
    canLoseAnswer: true,
    outcomeUnknown: true,
    project: (origin) => `${origin} had a server error (HTTP 500). Try again in a moment.`,
    userGroup: (origin) => `${origin} had a server error (HTTP 500). Try again in a moment.`,
  },
  {
    title: '502 with an HTML body',
    key: 'html502',
    fault: { kind: 'html', status: 502 },
    canLoseAnswer: true,
    outcomeUnknown: true,
    project: (origin) => `${origin} had a server error (HTTP 502). Try again in a moment.`,
    userGroup: (origin) => `${origin} had a server error (HTTP 502). Try again in a moment.`,
  },
  {
    title: '429 with Retry-After: 7',
    key: 'rate-limit',
    fault: { kind: 'rateLimit', retryAfterSeconds: 7 },
    canLoseAnswer: false,
    outcomeUnknown: false,
    project: () => 'The service is rate limiting requests: Rate limit exceeded. Try again in 7 seconds.',
    userGroup: (origin) => `${origin} is rate limiting requests. Try again in 7 seconds.`,
  },
  {
    title: 'malformed JSON',
    key: 'malformed-json',
    fault: { kind: 'malformedJson' },
    canLoseAnswer: false,
    outcomeUnknown: true,
    project: (origin) => `${origin} answered with a body that is not JSON; the project may or may not exist.`,
    userGroup: (origin) => `${origin} answered with a body that is not JSON; the change may or may not have happened.`,
  },
  {
    title: 'JSON of the wrong shape',
    key: 'wrong-shape',
    fault: { kind: 'wrongShape' },
    canLoseAnswer: false,
    outcomeUnknown: true,
    project: (origin) => `${origin} answered with JSON of an unexpected shape; the project may or may not exist.`,
    userGroup: (origin) =>
      `${origin} answered with JSON of an unexpected shape; the change may or may not have happened.`,
  },
  {
    title: 'success: 0',
    key: 'success-zero',
    fault: { kind: 'successZero' },
    canLoseAnswer: false,
    outcomeUnknown: false,
    refusesToken: true,
    project: () => 'The service refused: The service could not complete the request',
    userGroup: () => 'The service refused: The service could not complete the request',
  },
  {
    title: '401',
    key: 'unauthorized',
    fault: { kind: 'unauthorized' },
    canLoseAnswer: false,
    outcomeUnknown: false,
    project: () =>
      'The service rejected the API key or auth token: Invalid API key or auth token. Check them in the settings.',
    projectOffersSettings: true,
    userGroup: (origin) => `${origin} rejected the credentials. Check them in the settings.`,
  },
];

/** Texts that would mean the failure was not explained. */
const GENERIC = /something went wrong|unexpected error|unknown error|\[object Object\]|undefined/i;

interface Registry {
  groups: StoredGroup[];
}

interface CaseContext {
  extension: ExtensionBrowser;
  sandbox: Sandbox;
  watch: ExtensionErrorWatch;
  fault: FaultCase;
  /** Unique within the file: page slugs, group ids. */
  id: string;
}

const registryOf = async (extension: ExtensionBrowser): Promise<Registry> => ({
  groups: await readStoredGroups(extension),
});

/**
 * The fault on one route until `sandbox.clearFaults()`. Not `times: 1`: Chromium resends a request
 * whose reused keep-alive connection is reset before any answer byte, so a one-off reset would reach
 * the real handler on the resend and the extension would never see the failure.
 */
function injectFault(
  sandbox: Sandbox,
  route: Parameters<Sandbox['setFault']>[0],
  fault: FaultCase,
  loseAnswer = false,
): void {
  const lost = loseAnswer && fault.canLoseAnswer ? { afterProcessing: true } : {};
  sandbox.setFault(route, { ...fault.fault, ...lost });
}

/** How long the alert may take: a hang waits out the client's timeout. */
const alertTimeout = (fault: FaultCase) => (fault.slow ? CLIENT_TIMEOUT_MS + 10_000 : 5_000);

/** A row action's message in the list: "Check them in the settings" is a link to the Connection section there. */
const inTheList = (message: string) => message.replace('Check them in the settings.', 'Check the connection settings.');

async function expectSpecificAlert(alert: Locator, expected: string, fault: FaultCase): Promise<void> {
  await expect(alert).toContainText(expected, { timeout: alertTimeout(fault) });
  await expect(alert).not.toContainText(GENERIC);
}

// ---------------------------------------------------------------------------------------------------
// Operations

/** Popup: Create project. The "registry" here is the project history, which only successes enter. */
async function createProjectCase({ extension, sandbox, watch, fault, id }: CaseContext): Promise<void> {
  await configureConnection(extension.context, extension.extensionId, sandbox);
  const page = await extension.context.newPage();
  watch.follow(page);
  await page.goto(sandbox.pageUrl(`fault-${id}`, `Fault matrix ${id}`));
  const popup = await openPopupForTab(extension, page);
  watch.follow(popup);
  const historyBefore = await readWorkspaceStorage<unknown[]>(extension, 'projectHistory');
  const registryBefore = await registryOf(extension);

  const create = popup.getByRole('button', { name: 'Create project' });
  await expect(create).toBeEnabled();
  injectFault(sandbox, 'project.create', fault);
  await create.click();

  const alert = popup.getByRole('alert');
  await expectSpecificAlert(alert, fault.project(sandbox.origin), fault);
  await expect(alert.getByRole('button', { name: 'Open settings' })).toHaveCount(fault.projectOffersSettings ? 1 : 0);
  await expect(create).toBeEnabled();
  await expect(popup.getByLabel('Project URL', { exact: true })).toHaveValue(page.url());
  await expect(popup.getByLabel('Project ID', { exact: true })).toHaveCount(0);
  expect(sandbox.requests.filter((request) => request.route === 'project.create').length).toBeGreaterThanOrEqual(1);
  expect(sandbox.projects()).toEqual([]);
  expect(await readWorkspaceStorage<unknown[]>(extension, 'projectHistory'), 'the project history').toEqual(
    historyBefore,
  );
  expect((await registryOf(extension)).groups, 'the user-group registry').toEqual(registryBefore.groups);

  // The same button, once the service is well again.
  sandbox.clearFaults();
  await create.click();
  const projectId = popup.getByLabel('Project ID', { exact: true });
  await expect(projectId).toBeVisible();
  expect(sandbox.projects()).toHaveLength(1);
  await expect(projectId).toHaveValue(sandbox.projects()[0]!.projectId);
  await expect(popup.getByRole('alert')).toHaveCount(0);
}

async function openOptionsWithConnection(
  extension: ExtensionBrowser,
  sandbox: Sandbox,
  watch: ExtensionErrorWatch,
): Promise<Page> {
  const options = await extension.context.newPage();
  watch.follow(options);
  await options.goto(optionsUrl(extension.extensionId, 'connection'));
  await fillAndSaveConnection(options, connectionFor(sandbox));
  await goToSection(options, 'groups');
  return options;
}

const groupsSection = (options: Page) => options.getByRole('region', { name: 'User groups', exact: true });
const rowOf = (options: Page, name: string) => groupsSection(options).getByRole('row').filter({ hasText: name });
const describeGroup = (name: string, id: string) => `“${name}” (Customer, ID ${id})`;

async function fillCreateForm(options: Page, name: string, id: string): Promise<Locator> {
  const section = groupsSection(options);
  await section.getByLabel('Name', { exact: true }).fill(name);
  await section.getByLabel('User group ID', { exact: true }).fill(id);
  await section.getByLabel('Environment', { exact: true }).selectOption('Customer');
  return section.getByRole('button', { name: 'Create user group' });
}

/** A group made through the UI while the service is well: the one that rotate and delete work on. */
async function createGroup(options: Page, name: string, id: string): Promise<void> {
  await (await fillCreateForm(options, name, id)).click();
  await expect(groupsSection(options).getByRole('status')).toContainText(`Created ${describeGroup(name, id)}.`);
  await expect(rowOf(options, name)).toBeVisible();
}

/**
 * Options page: Create user group. An unknown outcome adds nothing to the registry (the service may
 * have it) and is listed, persistently, under "Created? Outcome unknown"; Create again settles it.
 */
async function createGroupCase({ extension, sandbox, watch, fault, id }: CaseContext): Promise<void> {
  const options = await openOptionsWithConnection(extension, sandbox, watch);
  await createGroup(options, `Kept ${id}`, `kept-${id}`);
  const registryBefore = await registryOf(extension);
  const groupsBefore = sandbox.groups();

  const name = `New ${id}`;
  const groupId = `new-${id}`;
  const create = await fillCreateForm(options, name, groupId);
  // A lost answer here means the service created the group: the retry must then adopt it.
  injectFault(sandbox, 'userGroup.create', fault, true);
  const lost = fault.canLoseAnswer;
  await create.click();

  const section = groupsSection(options);
  const unsettled = section.getByRole('group', { name: 'Created? Outcome unknown' });
  await expectSpecificAlert(section.getByRole('alert'), fault.userGroup(sandbox.origin), fault);
  await expect(create).toBeEnabled();
  await expect(section.getByLabel('User group ID', { exact: true })).toHaveValue(groupId);
  await expect(rowOf(options, name)).toHaveCount(0);
  await expect(rowOf(options, `Kept ${id}`)).toBeVisible();
  expect((await registryOf(extension)).groups, 'the registry: nothing added').toEqual(registryBefore.groups);
  expect(sandbox.groups().length).toBe(groupsBefore.length + (lost ? 1 : 0));
  let retry = create;
  if (fault.outcomeUnknown) {
    await expect(section.getByRole('alert')).toContainText(
      `${describeGroup(name, groupId)} may or may not have been created: `,
    );
    await expect(unsettled.getByRole('listitem')).toHaveCount(1);
    await expect(unsettled.getByRole('listitem')).toContainText(describeGroup(name, groupId));
    expect(await readUnsettledCreates(extension)).toEqual([
      expect.objectContaining({ name, userGroupId: groupId, environment: 'Customer' }),
    ]);
    retry = unsettled.getByRole('button', { name: 'Create again' });
  } else {
    await expect(unsettled).toHaveCount(0);
    expect(await readUnsettledCreates(extension), 'a refusal created nothing: nothing to settle').toEqual([]);
  }

  sandbox.clearFaults();
  await retry.click();
  const message = section.getByRole('status');
  await expect(message).toContainText(
    lost
      ? `${describeGroup(name, groupId)} already existed on the service; its current token is now stored here.`
      : `Created ${describeGroup(name, groupId)}.`,
  );
  // The reason one creates a group: its token, one click away in the message.
  await expect(message.getByRole('button', { name: `Copy token of ${name}` })).toBeVisible();
  await expect(section.getByRole('alert')).toHaveCount(0);
  await expect(rowOf(options, name)).toBeVisible();
  await expect(unsettled).toHaveCount(0);
  expect(await readUnsettledCreates(extension)).toEqual([]);
  const created = sandbox.groups().find((group) => group.provided_id === groupId)!;
  const after = await registryOf(extension);
  expect(after.groups.map((group) => group.provided_id).sort()).toEqual([`kept-${id}`, groupId].sort());
  expect(after.groups.find((group) => group.provided_id === groupId)?.token).toBe(created.token);
  expect(after.groups.find((group) => group.provided_id === `kept-${id}`)).toEqual(registryBefore.groups[0]);
}

/**
 * Options page: Rotate token. A lost answer (the service rotated, the extension never heard) and an
 * unreadable answer leave the outcome unknown: the old token is kept and the group flagged. A refusal
 * leaves the registry exactly as it was.
 */
async function rotateTokenCase({ extension, sandbox, watch, fault, id }: CaseContext): Promise<void> {
  const options = await openOptionsWithConnection(extension, sandbox, watch);
  const name = `Rotating ${id}`;
  const groupId = `rot-${id}`;
  await createGroup(options, name, groupId);
  const oldToken = sandbox.groups()[0]!.token;
  const registryBefore = await registryOf(extension);

  const row = rowOf(options, name);
  injectFault(sandbox, 'userGroup.rotate', fault, true);
  await rowAction(row, 'Rotate token');
  await options.getByRole('dialog').getByRole('button', { name: 'Rotate token' }).click();

  const section = groupsSection(options);
  // One outcome, one message (issue 26 point 3): an unknown outcome reads the same in the list as in the row.
  const reason = inTheList(fault.userGroup(sandbox.origin));
  await expectSpecificAlert(
    section.getByRole('alert'),
    fault.outcomeUnknown || fault.refusesToken
      ? `${describeGroup(name, groupId)}: ${UNKNOWN_OUTCOME} Reason: ${reason}`
      : `The token of ${describeGroup(name, groupId)} was not rotated: ${reason}`,
    fault,
  );
  await row.getByRole('button', { name: 'Show' }).click();
  await expect(row.locator('code')).toHaveText(oldToken);
  const registryAfter = await registryOf(extension);
  let retry: string;
  if (fault.outcomeUnknown || fault.refusesToken) {
    await expect(row).toContainText(UNKNOWN_OUTCOME);
    retry = 'Retry rotation';
    expect(registryAfter.groups, 'the registry: the old token, flagged').toEqual([
      { ...registryBefore.groups[0], rotation: expect.objectContaining({ state: 'unknown' }) as unknown },
    ]);
  } else {
    await expect(row).not.toContainText('Rotation');
    retry = 'Rotate token';
    expect(registryAfter.groups, 'the registry: unchanged').toEqual(registryBefore.groups);
  }
  await expect(await rowActionItem(row, retry)).toBeEnabled();
  await expect(await rowActionItem(row, 'Delete')).toBeEnabled();
  const serviceRotated = fault.canLoseAnswer;
  expect(sandbox.groups()[0]!.token === oldToken, 'the service still has the old token').toBe(!serviceRotated);

  sandbox.clearFaults();
  await rowAction(row, retry);
  await options
    .getByRole('dialog')
    .getByRole('button', { name: confirmNameOf(retry) })
    .click();
  await expect(section.getByRole('status')).toContainText(`New token for ${describeGroup(name, groupId)}`);
  await expect(section.getByRole('alert')).toHaveCount(0);
  await expect(row).not.toContainText('Rotation');
  const newToken = sandbox.groups()[0]!.token;
  expect(newToken).not.toBe(oldToken);
  // A rotation hides a token shown before it (the row shows the token of the moment it was asked for).
  await expect(row.getByRole('button', { name: 'Show' })).toBeVisible();
  await row.getByRole('button', { name: 'Show' }).click();
  await expect(row.locator('code')).toHaveText(newToken);
  const rotated = (await registryOf(extension)).groups;
  expect(rotated).toHaveLength(1);
  expect(rotated[0]!.token).toBe(newToken);
  expect(rotated[0]!.rotation).toBeUndefined();
}

/**
 * Options page: Delete (with confirmation). Any failure keeps the group here. A rate limit or refused
 * credentials keep it as it was and offer removing it from this browser only; an unknown outcome or a
 * refusal by the service (a re-sent copy of the delete may have gone through) flags it (Retry delete,
 * Remove from this browser only, Rotate off: get-or-create would bring a deleted group back).
 */
async function deleteGroupCase({ extension, sandbox, watch, fault, id }: CaseContext): Promise<void> {
  const options = await openOptionsWithConnection(extension, sandbox, watch);
  const name = `Deleting ${id}`;
  const groupId = `del-${id}`;
  await createGroup(options, name, groupId);
  const registryBefore = await registryOf(extension);

  const row = rowOf(options, name);
  // Not lost after processing: then the group would be gone on the service and a retry could not succeed.
  injectFault(sandbox, 'userGroup.delete', fault);
  await rowAction(row, 'Delete');
  await options.getByRole('dialog').getByRole('button', { name: 'Delete group' }).click();

  const section = groupsSection(options);
  const alert = section.getByRole('alert');
  let retry = 'Delete';
  if (fault.outcomeUnknown) {
    await expectSpecificAlert(
      alert,
      `${describeGroup(name, groupId)}: ${DELETE_UNKNOWN} Reason: ${inTheList(fault.userGroup(sandbox.origin))}`,
      fault,
    );
    await expect(alert.getByRole('button')).toHaveCount(0);
    await expect(row).toContainText(DELETE_UNKNOWN);
    retry = 'Retry delete';
    await expect(await rowActionItem(row, retry)).toBeEnabled();
    await expect(await rowActionItem(row, 'Remove from this browser only')).toBeEnabled();
    await expect(await rowActionItem(row, 'Rotate token')).toBeDisabled();
    expect((await registryOf(extension)).groups, 'the registry: the group, flagged').toEqual([
      // Stored as a named text; the row shows it as DELETE_UNKNOWN (above).
      {
        ...registryBefore.groups[0],
        deleteOutcomeUnknown: { since: expect.any(String) as unknown, message: { key: 'groupsDeleteUnknownFlag' } },
      },
    ]);
  } else if (fault.refusesToken) {
    // The service may no longer know the group (a re-sent copy of the delete went through): flagged.
    await expectSpecificAlert(
      alert,
      `The service refused to delete ${describeGroup(name, groupId)}: ${inTheList(fault.userGroup(sandbox.origin))}`,
      fault,
    );
    await expect(alert.getByRole('button', { name: 'Remove from this browser only' })).toBeEnabled();
    await expect(row).toContainText(DELETE_REFUSED);
    retry = 'Retry delete';
    await expect(await rowActionItem(row, 'Rotate token')).toBeDisabled();
    expect((await registryOf(extension)).groups, 'the registry: the group, flagged').toEqual([
      {
        ...registryBefore.groups[0],
        deleteOutcomeUnknown: { since: expect.any(String) as unknown, message: { key: 'groupsDeleteRefusedFlag' } },
      },
    ]);
  } else {
    await expectSpecificAlert(
      alert,
      `${describeGroup(name, groupId)} was not deleted and is kept here: ${inTheList(fault.userGroup(sandbox.origin))}`,
      fault,
    );
    await expect(alert.getByRole('button', { name: 'Remove from this browser only' })).toBeEnabled();
    await expect(row).not.toContainText(DELETE_UNKNOWN);
    await expect(await rowActionItem(row, 'Rotate token')).toBeEnabled();
    expect((await registryOf(extension)).groups, 'the registry: unchanged').toEqual(registryBefore.groups);
  }
  await expect(row).toBeVisible();
  await expect(await rowActionItem(row, retry)).toBeEnabled();
  expect(sandbox.groups().map((group) => group.provided_id)).toEqual([groupId]);

  sandbox.clearFaults();
  await rowAction(row, retry);
  await options
    .getByRole('dialog')
    .getByRole('button', { name: confirmNameOf(retry) })
    .click();
  await expect(section.getByRole('status')).toHaveText(`Deleted ${describeGroup(name, groupId)}.`);
  await expect(section.getByRole('alert')).toHaveCount(0);
  await expect(row).toHaveCount(0);
  expect(sandbox.groups()).toEqual([]);
  expect((await registryOf(extension)).groups).toEqual([]);
}

const OPERATIONS = [
  { title: 'create project (popup)', key: 'project', run: createProjectCase },
  { title: 'create group', key: 'create', run: createGroupCase },
  { title: 'rotate token', key: 'rotate', run: rotateTokenCase },
  { title: 'delete group', key: 'delete', run: deleteGroupCase },
] as const;

// Hangs first: the longest cases start at once on both workers.
for (const fault of FAULTS) {
  for (const operation of OPERATIONS) {
    test(`${fault.title} → ${operation.title}`, async ({ extension, sandbox }) => {
      if (fault.slow) test.setTimeout(CLIENT_TIMEOUT_MS + 30_000);
      const watch = await watchExtensionErrors(extension);
      await operation.run({ extension, sandbox, watch, fault, id: `${operation.key}-${fault.key}` });
      expect(await watch.problems(), 'errors or unhandled rejections in extension contexts').toEqual([]);
      expect(await extension.console.findAny(secretsOf(sandbox)), 'console lines that contain a secret').toEqual([]);
    });
  }
}

test('the error watch is not blind: it sees a rejection in the service worker and an error in a page', async ({
  extension,
}) => {
  const watch = await watchExtensionErrors(extension);
  const worker = await extension.serviceWorker();
  await worker.evaluate(() => {
    void Promise.reject(new Error('fault-matrix self-check rejection'));
  });
  const page = await extension.context.newPage();
  watch.follow(page);
  await page.goto(extension.extensionUrl('options.html'));
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('fault-matrix self-check page error');
    });
  });
  await expect.poll(async () => (await watch.problems()).join('\n')).toContain('fault-matrix self-check rejection');
  const problems = (await watch.problems()).join('\n');
  expect(problems).toContain('[pageerror]');
  expect(problems).toContain('fault-matrix self-check page error');
});

// Regression: Chromium re-sends a request whose reused keep-alive connection is reset before any
// answer byte. The service had already rotated, so the re-send (same old token) is refused with
// success: 0. That refusal once cleared the pending mark and left a dead token unflagged; a refused
// rotation now flags the group, and Retry rotation recovers the live token through get-or-create.
test('connection reset once, after the service rotated (Chromium resends the rotation) → the group is flagged, not silently stale', async ({
  extension,
  sandbox,
}) => {
  const watch = await watchExtensionErrors(extension);
  const options = await openOptionsWithConnection(extension, sandbox, watch);
  const name = 'Resent rotation';
  await createGroup(options, name, 'resent'); // leaves a keep-alive connection for the rotation to reuse
  const oldToken = sandbox.groups()[0]!.token;
  sandbox.setFault('userGroup.rotate', { kind: 'reset', afterProcessing: true, times: 1 });

  const row = rowOf(options, name);
  await rowAction(row, 'Rotate token');
  await options.getByRole('dialog').getByRole('button', { name: 'Rotate token' }).click();
  await expect(groupsSection(options).getByRole('alert')).toContainText(
    `${describeGroup(name, 'resent')}: ${UNKNOWN_OUTCOME} Reason: The service refused: No user group has this token`,
  );
  // The scenario: the service rotated, Chromium resent the same request, the resend was refused.
  expect(
    sandbox.requests.filter((request) => request.route === 'userGroup.rotate').map((request) => request.body),
  ).toEqual([JSON.stringify({ current_token: oldToken }), JSON.stringify({ current_token: oldToken })]);
  expect(sandbox.groups()[0]!.token).not.toBe(oldToken);
  expect((await registryOf(extension)).groups[0]!.token).toBe(oldToken);

  await expect(row).toContainText(UNKNOWN_OUTCOME);
  sandbox.clearFaults();
  await rowAction(row, 'Retry rotation');
  await options.getByRole('dialog').getByRole('button', { name: 'Retry rotation' }).click();
  await expect(groupsSection(options).getByRole('status')).toContainText(
    `New token for ${describeGroup(name, 'resent')}`,
  );
  expect((await registryOf(extension)).groups[0]!.token).toBe(sandbox.groups()[0]!.token);
  expect(await watch.problems(), 'errors or unhandled rejections in extension contexts').toEqual([]);
});
