import type { Locator, Page } from '@playwright/test';
import { findRow, groupsSection } from '../../e2e/fixtures/user-group-actions.ts';
import { readExtensionStorage } from '../../e2e/fixtures/service-worker.ts';
import { USER_GROUP_ROUTES } from '../faults.ts';
import { entriesOf } from '../invariants.ts';
import { unlockInPlace } from './lock-steps.ts';
import { between, pick, sample } from '../prng.ts';
import {
  jobsOf,
  show,
  until,
  waitForJobs,
  type ChaosWorld,
  type ChaosWorkspace,
  type StepContext,
  type StepKind,
  type StepOutcome,
} from '../world.ts';

// Background jobs (docs/guide-admins.md, "User groups"): a bulk create from a CSV through "Add groups from file",
// and rotating or deleting a selection of the list. Each runs in the worker, paced, one per workspace.

const addSection = (options: Page) => options.getByRole('region', { name: 'Add groups from a file' });

/** Which stored job a step follows: the user-group job (its controls in the job panel) or the register-pages job. */
export type JobItem = 'bulkCreateJob' | 'registerPagesJob';

const storedJob = async (world: ChaosWorld, workspace: ChaosWorkspace, item: JobItem = 'bulkCreateJob') =>
  jobsOf(await readExtensionStorage(world.extension, world.options), world, item).find((j) => j.workspace === workspace)
    ?.job;

export const storedJobId = async (world: ChaosWorld, workspace: ChaosWorkspace, item: JobItem = 'bulkCreateJob') =>
  (await storedJob(world, workspace, item))?.id;

/**
 * After the start click: waits until the job is stored (a new id) or the page says it did not start,
 * then until it stops running. A job paused for any reason but the lock (a refused credential) is
 * resumed once the service is well again, as a user would; a job paused by the lock waits for the unlock.
 * `controls`: where its Resume is (the job panel for a user-group job, Projects for a register job).
 */
export async function followJob(
  context: StepContext,
  before: string | undefined,
  refusal: () => Promise<string | undefined>,
  {
    item = 'bulkCreateJob',
    controls = context.world.options.locator('#job-panel'),
  }: { item?: JobItem; controls?: Locator } = {},
): Promise<StepOutcome> {
  const { world, workspace } = context;
  await context.inFlight();
  let refused: string | undefined;
  const started = await until(async () => {
    refused = await refusal();
    return refused !== undefined || (await storedJobId(world, workspace, item)) !== before;
  }, 15_000);
  if (refused !== undefined && (await storedJobId(world, workspace, item)) === before)
    return { kind: 'alert', text: refused };
  if (!started) return { kind: 'alert', text: 'the job was not stored within 15 s' };
  let job = jobsOf(await waitForJobs(world), world, item).find((j) => j.workspace === workspace)?.job;
  if (job?.status === 'paused' && job.message?.key !== 'errorLocked') {
    workspace.sandbox.clearFaults();
    world.note(`  job paused (${job.message?.key}): Resume`);
    await controls.getByRole('button', { name: 'Resume', exact: true }).click();
    await until(async () => (await storedJobId(world, workspace, item)) !== undefined, 1_000);
    job = jobsOf(await waitForJobs(world), world, item).find((j) => j.workspace === workspace)?.job;
  }
  const counts = await world.options
    .locator(item === 'bulkCreateJob' ? '.bulk-counts' : '.register-counts')
    .allInnerTexts();
  return {
    kind: job?.status === 'done' ? 'ok' : 'alert',
    text: `${job?.operation ?? (item === 'bulkCreateJob' ? 'create' : 'register')} job ${job?.status ?? 'gone'}${job?.message?.key ? ` (${job.message.key})` : ''}: ${counts.join(' ')}`,
  };
}

/** The service's token of each group of a workspace, by `<environment>:<id>`. */
export const serviceTokens = (workspace: ChaosWorkspace) =>
  new Map(
    workspace.sandbox.groups().map((group) => [`${group.api_environment_tag}:${group.provided_id}`, group.token]),
  );

/**
 * After a rotate job (and its retries): each group whose token the service changed meanwhile and that the
 * registry holds unflagged got that token from the job (nothing else acts during the step), so the
 * workspace's rotation results must hold it (invariants.ts, jobTokensInResults). A rotation whose answer
 * was lost leaves its group flagged: the extension never had that token.
 */
export async function noteJobTokens(world: ChaosWorld, workspace: ChaosWorkspace, before: ReadonlyMap<string, string>) {
  const storage = await waitForJobs(world);
  const after = serviceTokens(workspace);
  for (const { entry } of entriesOf(storage.local, workspace.id)) {
    const key = `${entry.environment}:${entry.provided_id}`;
    const token = after.get(key);
    if (!token || token === before.get(key) || entry.rotation || entry.deleteOutcomeUnknown) continue;
    world.tokens.noteJobToken(workspace.id, key, token);
  }
}

/** Retry failed on a user-group job that ended with failures, once, the service well again, as a user would. */
export async function retryFailed(context: StepContext, outcome: StepOutcome): Promise<StepOutcome> {
  const { world, workspace } = context;
  const job = await storedJob(world, workspace);
  if (!job?.failed?.length || (job.status !== 'done' && job.status !== 'cancelled')) return outcome;
  workspace.sandbox.clearFaults();
  world.note(`  ${job.failed.length} failed: Retry failed`);
  await world.options.locator('#job-panel').getByRole('button', { name: 'Retry failed' }).click();
  const retried = await followJob({ ...context, inFlight: () => Promise.resolve() }, job.id, () =>
    alertIn(world.options.locator('#job-panel')),
  );
  return { kind: retried.kind, text: `${outcome.text} → Retry failed: ${retried.text}` };
}

/** The alerts shown in this part of the page, joined; undefined when there is none. */
export async function alertIn(scope: Locator): Promise<string | undefined> {
  const alerts = scope.getByRole('alert');
  return (await alerts.count()) > 0 ? (await alerts.allInnerTexts()).join(' | ') : undefined;
}

export const bulkCreateStep: StepKind = {
  name: 'bulk create',
  weight: 6,
  routes: ['userGroup.create'],
  scope: 'job',
  async run(context) {
    const { world, workspace, random } = context;
    await show(world, workspace, 'groups');
    await unlockInPlace(world, context.lock);
    const rows = Array.from({ length: between(random, 2, 6) }, () => {
      const number = world.next();
      return `Chaos ${workspace.label}${number} bulk,chaos-${workspace.label.toLowerCase()}${number},${pick(random, ['Customer', 'Testing'])}`;
    });
    world.note(`  bulk create ${rows.length} rows`);
    const before = await storedJobId(world, workspace);
    const { options } = world;
    await options.getByLabel('Add groups from file').setInputFiles({
      name: `chaos-${workspace.label}.csv`,
      mimeType: 'text/csv',
      buffer: Buffer.from(`name,user_group_id,environment\r\n${rows.join('\r\n')}\r\n`),
    });
    await options.getByLabel('Bulk create summary').waitFor();
    await options.getByLabel('Requests per minute').fill('6000');
    await options.getByRole('button', { name: /^Create \d+ groups? \(/ }).click();
    return followJob(context, before, () => alertIn(addSection(options)));
  },
};

function selectionStep(operation: 'rotate' | 'delete', weight: number): StepKind {
  const action = operation === 'rotate' ? 'Rotate selected' : 'Delete selected';
  const confirm = operation === 'rotate' ? /^Rotate \d+ tokens?$/ : /^Delete \d+ groups?$/;
  return {
    name: `${operation} selection`,
    weight,
    routes: USER_GROUP_ROUTES,
    scope: 'job',
    possible: (storage, workspace) => entriesOf(storage.local, workspace.id).length > 0,
    async run(context) {
      const { world, workspace, random } = context;
      await show(world, workspace, 'groups');
      await unlockInPlace(world, context.lock);
      const entries = entriesOf(context.storage.local, workspace.id).map(({ entry }) => entry);
      const chosen = sample(random, entries, between(random, 1, 4));
      world.note(`  ${operation} ${chosen.map((group) => `${group.environment}:${group.provided_id}`).join(', ')}`);
      const { options } = world;
      for (const group of chosen) await (await findRow(options, group.provided_id)).getByRole('checkbox').check();
      await options.getByLabel('Search user groups', { exact: true }).fill('');
      const before = await storedJobId(world, workspace);
      const tokensBefore = serviceTokens(workspace);
      await options.getByRole('button', { name: action, exact: true }).click();
      await options.getByRole('dialog').getByRole('button', { name: confirm }).click();
      const outcome = await followJob(context, before, () => alertIn(groupsSection(options)));
      if (operation === 'rotate') await noteJobTokens(world, workspace, tokensBefore);
      return outcome;
    },
  };
}

export const rotateSelectionStep = selectionStep('rotate', 5);
export const deleteSelectionStep = selectionStep('delete', 4);
