import type { Page } from '@playwright/test';
import { configureConnection } from './fixtures/connection.ts';
import {
  readStoredGroups,
  readUnsettledCreates,
  type StoredGroup,
  type StoredUnsettledCreate,
} from './fixtures/extension-storage.ts';
import { watchExtensionErrors } from './fixtures/fault-watch.ts';
import { isolateUserGroupsAndWatchConsole, openOptionsPage } from './fixtures/options-page.ts';
import {
  FAULT_CHOICES,
  mulberry32,
  pick,
  pickWeighted,
  seedFromEnv,
  serviceGroups,
  setUserGroupFault,
  type SeededFault,
  type ServiceGroup,
} from './fixtures/seeded-faults.ts';
import { expect, test } from './fixtures/test.ts';
import { rowActionItem } from './fixtures/row-actions.ts';
import {
  createAgain,
  deleteRow,
  describeGroup,
  findRow as rowOf,
  groupsSection,
  ROTATE,
  rotateRow,
  submitCreate,
  unsettledList,
  type GroupSpec,
} from './fixtures/user-group-actions.ts';

/**
 * A seeded randomized fault run (issue 11, item 8): create, rotate and delete through the options page
 * while the sandbox fails in every way it can, before or after making the change. After every step,
 * every group the service holds is in the registry with its current token, or visibly flagged (rotation
 * outcome unknown), or listed as a create of unknown outcome; every group in the registry is on the
 * service or flagged "delete outcome unknown"; and an alert offers "Remove from this browser only" only
 * for the refused delete it reports. Then the user's own recovery from the page, with the service well
 * again (Retry delete, Retry rotation, Create again), after which registry and service agree exactly.
 *
 * Reproduce a failure with the seed it prints: FAULT_SEED=<seed> npx playwright test test/e2e/fault-run.spec.ts
 */
isolateUserGroupsAndWatchConsole();

/** Chosen because its run ends with flagged groups, failed deletes and creates the service did make. */
const DEFAULT_SEED = 8;
const STEPS = 40;
const UNKNOWN_OUTCOME = 'Rotation outcome unknown — the old token may no longer work.';
/** A delete the service refused is flagged too (a re-sent copy may have gone through), in its own words. */
const DELETE_FLAG =
  /Delete outcome unknown — the group may already be gone|Delete refused — the service may no longer know/;
const FORGET = 'Remove from this browser only';
/** Texts that would mean a failure was not explained. */
const GENERIC = /something went wrong|unexpected error|unknown error|\[object Object\]|undefined/i;

type Action = 'create' | 'rotate' | 'delete';

const keyOf = (environment: string, id: string) => `${environment}:${id}`;
const storedKey = (group: StoredGroup) => keyOf(group.environment, group.provided_id);
const serviceKey = (group: ServiceGroup) => keyOf(group.api_environment_tag, group.provided_id);
const unsettledKey = (create: StoredUnsettledCreate) => keyOf(create.environment, create.userGroupId);
const specOf = (group: StoredGroup): GroupSpec => ({
  name: group.name,
  id: group.provided_id,
  environment: group.environment,
});
const unsettledSpecOf = (create: StoredUnsettledCreate): GroupSpec => ({
  name: create.name,
  id: create.userGroupId,
  environment: create.environment,
});
const flagged = (group: StoredGroup) => group.rotation?.state === 'unknown';
const maybeDeleted = (group: StoredGroup) => group.deleteOutcomeUnknown !== undefined;

function note(memory: RunMemory, line: string): void {
  memory.log.push(line);
  console.log(`[fault-run] ${line}`);
}

/** The run's log, printed with any failure. Everything else the test knows, it reads from the page and storage. */
interface RunMemory {
  log: string[];
}

/** Remove from this browser only, as offered by the alert, confirmed. */
async function forgetFromAlert(options: Page, group: GroupSpec): Promise<void> {
  await groupsSection(options).getByRole('alert').getByRole('button', { name: FORGET }).click();
  await options.getByRole('dialog').getByRole('button', { name: 'Remove from this browser only' }).click();
  await expect(groupsSection(options).getByRole('status')).toHaveText(
    `Removed ${describeGroup(group)} from this browser.`,
  );
}

// ---------------------------------------------------------------------------------------------------
// What must hold

/** Whether a step with this fault should succeed, given what the service holds before it. */
function expectSuccess(
  action: Action,
  choice: SeededFault,
  target: StoredGroup | undefined,
  service: ServiceGroup[],
): boolean {
  if (!choice.harmless) return false;
  if (action === 'create' || !target) return true;
  const live = service.some((group) => serviceKey(group) === storedKey(target) && group.token === target.token);
  // Retry delete sends the stored token: refused when the lost delete did happen. Never get-or-create.
  if (maybeDeleted(target)) return live;
  // A flagged group first learns its live token through get-or-create.
  if (flagged(target)) return true;
  return live;
}

/**
 * The invariant: nothing on the service is unknown to this browser without the page showing it (a
 * flagged row or a create of unknown outcome), no unflagged token in the registry is one the service
 * does not have, and no group the service deleted is shown unflagged. Returns the violations, readable.
 */
function violations(service: ServiceGroup[], registry: StoredGroup[], unsettled: StoredUnsettledCreate[]): string[] {
  const problems: string[] = [];
  const stored = new Map(registry.map((group) => [storedKey(group), group]));
  const held = new Map(service.map((group) => [serviceKey(group), group]));
  const listed = new Set(unsettled.map(unsettledKey));
  for (const [key, group] of held) {
    const entry = stored.get(key);
    if (!entry && !listed.has(key))
      problems.push(`${key} is on the service but neither in the registry nor listed as a create of unknown outcome`);
    if (entry && entry.token !== group.token && !flagged(entry))
      problems.push(`${key}: the registry holds a token the service no longer has, unflagged`);
  }
  for (const [key, entry] of stored) {
    if (entry.rotation?.state === 'pending') problems.push(`${key}: a rotation mark left pending`);
    if (!held.has(key) && !maybeDeleted(entry))
      problems.push(`${key} is in the registry but not on the service, and not flagged "delete outcome unknown"`);
  }
  for (const key of listed)
    if (stored.has(key)) problems.push(`${key} is in the registry and still listed as a create of unknown outcome`);
  return problems;
}

async function expectAgreement(
  extension: Parameters<typeof readStoredGroups>[0],
  sandbox: Parameters<typeof serviceGroups>[0],
  memory: RunMemory,
  when: string,
): Promise<void> {
  const problems = violations(
    await serviceGroups(sandbox),
    await readStoredGroups(extension),
    await readUnsettledCreates(extension),
  );
  expect(problems, `${when}\n${memory.log.join('\n')}`).toEqual([]);
}

// ---------------------------------------------------------------------------------------------------

test('seeded fault run: create, rotate and delete while the service fails; after the user recovers, registry and service agree', async ({
  extension,
  sandbox,
}) => {
  test.setTimeout(120_000);
  const seed = seedFromEnv(DEFAULT_SEED);
  console.log(`[fault-run] FAULT_SEED=${seed} (${STEPS} steps)`);
  const random = mulberry32(seed);
  const started = Date.now();
  const watch = await watchExtensionErrors(extension);
  await configureConnection(extension.context, extension.extensionId, sandbox);
  const options = await openOptionsPage(extension);
  watch.follow(options);
  const memory: RunMemory = { log: [`FAULT_SEED=${seed}`] };
  const alertOffers = () => groupsSection(options).getByRole('alert').getByRole('button', { name: FORGET });

  for (let step = 1; step <= STEPS; step += 1) {
    const registry = await readStoredGroups(extension);
    const service = await serviceGroups(sandbox);
    const action: Action =
      registry.length === 0
        ? 'create'
        : pickWeighted(random, [
            ['create', 4],
            ['rotate', 4],
            ['delete', 3],
          ] as const);
    const target = action === 'create' ? undefined : pick(random, registry);
    const number = String(step).padStart(2, '0');
    const group: GroupSpec = target
      ? specOf(target)
      : {
          name: `Fault run ${number}`,
          id: `fr-${number}`,
          environment: pick(random, ['Customer', 'Testing'] as const),
        };
    const key = keyOf(group.environment, group.id);
    const choice = pickWeighted(random, FAULT_CHOICES);

    if (action === 'rotate' && target && maybeDeleted(target)) {
      // Rotate is off while the group may be deleted: get-or-create would silently bring it back.
      await expect(await rowActionItem(await rowOf(options, group.id), ROTATE)).toBeDisabled();
      note(memory, `${number} rotate ${key} (delete unknown) → Rotate is off`);
      continue;
    }
    const shouldSucceed = expectSuccess(action, choice, target, service);
    await setUserGroupFault(sandbox, choice.fault);
    const outcome =
      action === 'create'
        ? await submitCreate(options, group)
        : action === 'rotate'
          ? await rotateRow(options, group.id)
          : await deleteRow(options, group.id);
    await setUserGroupFault(sandbox, undefined);
    const marks = target
      ? `${flagged(target) ? ' (rotation unknown)' : ''}${maybeDeleted(target) ? ' (delete unknown)' : ''}`
      : '';
    note(
      memory,
      `${number} ${action} ${key}${marks} | ${choice.label} → ${outcome.ok ? 'ok' : 'alert'}: ${outcome.text}`,
    );

    expect(
      outcome.ok,
      `step ${number}: ${shouldSucceed ? 'success' : 'an alert'} expected\n${memory.log.join('\n')}`,
    ).toBe(shouldSucceed);
    if (!outcome.ok) {
      expect(outcome.text).not.toMatch(GENERIC);
      if (action !== 'create') expect(outcome.text).toContain(describeGroup(group));
    }
    // An offer sits only with the message it belongs to: a refused delete of this very group. A lost
    // delete answer offers it in the flagged row instead.
    const deleteUnknown = outcome.text.includes('Delete outcome unknown');
    await expect(alertOffers(), `step ${number}\n${memory.log.join('\n')}`).toHaveCount(
      action === 'delete' && !outcome.ok && !deleteUnknown ? 1 : 0,
    );
    if (deleteUnknown)
      expect(
        (await readStoredGroups(extension)).find((entry) => storedKey(entry) === key)?.deleteOutcomeUnknown,
      ).toBeDefined();
    if (action === 'create' && outcome.text.includes('may or may not have been created'))
      expect((await readUnsettledCreates(extension)).map(unsettledKey)).toContain(key);
    await expectAgreement(extension, sandbox, memory, `after step ${number}`);
  }

  // Before recovering: the page shows every flag and every create of unknown outcome, and counts every group this browser holds.
  const afterRun = await readStoredGroups(extension);
  for (const group of afterRun) {
    const row = await rowOf(options, group.provided_id);
    if (flagged(group)) await expect(row).toContainText(UNKNOWN_OUTCOME);
    if (maybeDeleted(group)) {
      await expect(row).toContainText(DELETE_FLAG);
      await expect(await rowActionItem(row, 'Retry delete')).toBeEnabled();
      await expect(await rowActionItem(row, FORGET)).toBeEnabled();
      await expect(await rowActionItem(row, ROTATE)).toBeDisabled();
    } else {
      await expect(await rowActionItem(row, flagged(group) ? 'Retry rotation' : 'Rotate token')).toBeEnabled();
      await expect(row).not.toContainText(DELETE_FLAG);
    }
  }
  const unsettledAfterRun = await readUnsettledCreates(extension);
  await expect(unsettledList(options).getByRole('listitem')).toHaveCount(unsettledAfterRun.length);
  for (const create of unsettledAfterRun)
    await expect(unsettledList(options)).toContainText(describeGroup(unsettledSpecOf(create)));
  await options.getByLabel('Search user groups', { exact: true }).fill('');
  await expect(groupsSection(options)).toContainText(`of ${afterRun.length} groups`);
  const runSeconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `[fault-run] run done in ${runSeconds} s: ${afterRun.length} in the registry (${afterRun.filter(flagged).length} rotation unknown, ` +
      `${afterRun.filter(maybeDeleted).length} delete unknown), ${(await serviceGroups(sandbox)).length} on the service, ${unsettledAfterRun.length} creates of unknown outcome`,
  );

  // The user's recovery, from the page, the service well again. 1. Retry delete on every group flagged
  // "delete outcome unknown"; if the service no longer knows it (the lost delete did happen), remove it
  // from this browser only, as the alert offers.
  for (const entry of afterRun.filter(maybeDeleted)) {
    const outcome = await deleteRow(options, entry.provided_id);
    note(memory, `recover: retry delete ${storedKey(entry)} → ${outcome.text}`);
    if (outcome.ok) {
      expect(outcome.text).toBe(`Deleted ${describeGroup(specOf(entry))}.`);
      continue;
    }
    expect(outcome.text, memory.log.join('\n')).toContain(
      `The service no longer knows ${describeGroup(specOf(entry))} (The service refused: No user group has this token)`,
    );
    await forgetFromAlert(options, specOf(entry));
  }
  // 2. Retry rotation on every group still flagged.
  for (const entry of (await readStoredGroups(extension)).filter(flagged)) {
    const outcome = await rotateRow(options, entry.provided_id);
    note(memory, `recover: retry rotation ${storedKey(entry)} → ${outcome.text}`);
    expect(outcome, memory.log.join('\n')).toEqual({
      ok: true,
      text: expect.stringContaining(`New token for ${describeGroup(specOf(entry))}`) as unknown,
    });
  }
  // 3. Create again every create of unknown outcome: get-or-create adopts a group the service made.
  for (const create of unsettledAfterRun) {
    const outcome = await createAgain(options, create);
    const spec = unsettledSpecOf(create);
    note(memory, `recover: create again ${unsettledKey(create)} → ${outcome.text}`);
    expect(
      [
        `Created ${describeGroup(spec)}.`,
        `${describeGroup(spec)} already existed on the service; its current token is now stored here.`,
      ],
      memory.log.join('\n'),
    ).toContain(outcome.text.replace(/ Copy token$/, '')); // the message offers Copy token (issue 26)
  }

  const tokens = (groups: { key: string; token: string }[]) =>
    groups.map((group) => `${group.key} ${group.token}`).sort();
  const finalRegistry = await readStoredGroups(extension);
  const finalService = await serviceGroups(sandbox);
  expect(
    tokens(finalRegistry.map((group) => ({ key: storedKey(group), token: group.token }))),
    memory.log.join('\n'),
  ).toEqual(tokens(finalService.map((group) => ({ key: serviceKey(group), token: group.token }))));
  expect(
    finalRegistry.filter((group) => group.rotation !== undefined || group.deleteOutcomeUnknown !== undefined),
  ).toEqual([]);
  expect(await readUnsettledCreates(extension)).toEqual([]);
  await options.getByLabel('Search user groups', { exact: true }).fill('');
  await expect(groupsSection(options)).toContainText(
    `Showing ${finalRegistry.length} of ${finalRegistry.length} group`,
  ); // "group" or "groups"
  await expect(groupsSection(options).getByText(UNKNOWN_OUTCOME)).toHaveCount(0);
  await expect(groupsSection(options).getByText(DELETE_FLAG)).toHaveCount(0);
  await expect(unsettledList(options)).toHaveCount(0);
  expect(await watch.problems(), 'errors or unhandled rejections in extension contexts').toEqual([]);
  console.log(
    `[fault-run] FAULT_SEED=${seed} passed in ${((Date.now() - started) / 1000).toFixed(1)} s, ${finalRegistry.length} groups agree`,
  );
});
