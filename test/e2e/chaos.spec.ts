import { checkInvariants, INVARIANT_NAMES } from '../chaos/invariants.ts';
import { formatReport } from '../chaos/report.ts';
import { runChaos } from '../chaos/runner.ts';
import { configureConnection, optionsUrl } from './fixtures/connection.ts';
import { createGroup, isolateUserGroupsAndWatchConsole, openOptionsPage, rowOf } from './fixtures/options-page.ts';
import { activeWorkspaceId } from './fixtures/extension-storage.ts';
import { readExtensionStorage } from './fixtures/service-worker.ts';
import { deleteRow } from './fixtures/user-group-actions.ts';
import { expect, test } from './fixtures/test.ts';

// The chaos run of issue 27 in CI: a fixed seed, about 60 steps through the real UI (test/chaos/).
// Another seed: CHAOS_SEED=<n> npx playwright test test/e2e/chaos.spec.ts --workers=1; the whole
// story, and 1,000 steps: docs/development.md "Proving it under faults".

/**
 * Chosen because its 60 steps draw every kind of step, the lock turned on, locked, unlocked and off, the
 * three kinds of worker stop, a Rotate due tokens with Retry failed, and an older backup added again over
 * live tokens (seed 0 did, before those steps, all but the last three).
 */
const DEFAULT_SEED = 2;
const STEPS = 60;

function seedFromEnv(): number {
  const raw = process.env.CHAOS_SEED;
  if (raw === undefined || raw === '') return DEFAULT_SEED;
  const seed = Number(raw);
  if (!Number.isSafeInteger(seed) || seed < 0) throw new Error(`CHAOS_SEED must be a non-negative integer, not ${raw}`);
  return seed;
}

test('chaos: 60 seeded steps in two workspaces under faults and worker stops lose nothing', async () => {
  test.setTimeout(240_000);
  const report = await runChaos({ seed: seedFromEnv(), steps: STEPS });
  console.log(formatReport(report));
  expect(report.stepErrors, 'steps the run could not carry out').toEqual([]);
  for (const name of INVARIANT_NAMES) expect(report.violations[name], `${name}; replay: ${report.replay}`).toEqual([]);
  expect(report.durationMs, 'well under 3 minutes').toBeLessThan(150_000);
});

test.describe('registry tokens while the lock is on', () => {
  isolateUserGroupsAndWatchConsole();

  // design.md §10 (changed 2026-11-25): with the lock on, each group's token is sealed too. The chaos
  // run checks it after every step; this shows it on its own, in a few seconds.
  test('no group token is stored in clear', async ({ extension, sandbox }) => {
    await configureConnection(extension.context, extension.extensionId, sandbox);
    const options = await openOptionsPage(extension);
    await createGroup(options, 'Sealed', 'sealed-1', 'Customer');
    await options.goto(optionsUrl(extension.extensionId, 'connection'));
    const lock = options.getByRole('region', { name: 'Passphrase lock' });
    const passphrase = 'chaos spec passphrase';
    await lock.getByRole('checkbox', { name: 'Protect credentials with a passphrase' }).check();
    await lock.getByLabel('Passphrase', { exact: true }).fill(passphrase);
    await lock.getByLabel('Confirm passphrase', { exact: true }).fill(passphrase);
    await lock.getByRole('button', { name: 'Turn on protection' }).click();
    await expect(lock.getByRole('status')).toContainText('Protection is on');
    try {
      const found = checkInvariants({
        storage: await readExtensionStorage(extension, options),
        services: [
          { workspaceId: await activeWorkspaceId(extension), label: '1', groups: sandbox.groups(), projectIds: [] },
        ],
        projects: { shown: new Map(), unanswered: new Set() },
        final: false,
      });
      expect(found.noClearCredentialWhileLocked).toEqual([]);
      expect(found.tokensMatchService).toEqual([]);
      expect(found.noClearGroupTokenWhileLocked).toEqual([]);
    } finally {
      // The worker's browser is shared with the next tests: they expect the lock off.
      await lock.getByRole('checkbox', { name: 'Protect credentials with a passphrase' }).uncheck();
      await lock.getByLabel('Passphrase', { exact: true }).fill(passphrase);
      await lock.getByRole('button', { name: 'Turn off protection' }).click();
      await expect(lock.getByRole('status')).toContainText('Protection is off');
    }
  });
});

// Found by the chaos run (seed 11, step 18; again in the 1,000-step run, seed 2026, step 169), now fixed:
// the service deletes the group, then the connection is dropped before any answer byte; Chromium re-sends
// the DELETE (docs/guide-admins.md, "What the user sees when the service fails"), and the re-send is refused ("No user
// group has this token": the group is gone). A refused delete is flagged, as a refused rotation is.
test.describe('a delete re-sent by the browser and refused', () => {
  isolateUserGroupsAndWatchConsole();

  test('flags the group the service deleted: never kept unflagged', async ({ extension, sandbox }) => {
    await configureConnection(extension.context, extension.extensionId, sandbox);
    const options = await openOptionsPage(extension);
    await createGroup(options, 'Resent', 'resent-1', 'Customer');
    // Once: the service deletes, stalls, drops the connection; the browser's re-send meets no fault.
    sandbox.setFault('userGroup.delete', { kind: 'hang', dropAfterMs: 300, afterProcessing: true, times: 1 });
    await deleteRow(options, 'resent-1');
    expect(sandbox.requests.filter((request) => request.route === 'userGroup.delete')).toHaveLength(2);
    expect(sandbox.groups()).toEqual([]);
    const found = checkInvariants({
      storage: await readExtensionStorage(extension, options),
      services: [{ workspaceId: await activeWorkspaceId(extension), label: '1', groups: [], projectIds: [] }],
      projects: { shown: new Map(), unanswered: new Set() },
      final: true,
    });
    expect(found.tokensMatchService).toEqual([]);
    await expect(rowOf(options, 'Resent')).toContainText('Delete refused — the service may no longer know this group');
  });
});
