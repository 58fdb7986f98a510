import type { ExtensionStorage } from '../../e2e/fixtures/service-worker.ts';
import { USER_GROUP_ROUTES } from '../faults.ts';
import { entriesOf } from '../invariants.ts';
import { unlockInPlace } from './lock-steps.ts';
import { alertIn, followJob, noteJobTokens, retryFailed, serviceTokens, storedJobId } from './job-steps.ts';
import { show, type ChaosWorkspace, type StepKind } from '../world.ts';

// Token rotation (design.md §13): Rotate tokens every 30 days, then Rotate due tokens, a selection job over
// the groups due (their tokens aged by a restored backup, backup-steps.ts), and Retry failed when some
// failed. Every new token the jobs gave must then be in the rotation results (invariants.ts).

const EVERY_DAYS = 30;
const DAY = 86_400_000;

/** The groups the page will count due: issued at least EVERY_DAYS ago, and not possibly deleted. */
function dueIn(storage: ExtensionStorage, workspace: ChaosWorkspace) {
  const before = Date.now() - EVERY_DAYS * DAY;
  return entriesOf(storage.local, workspace.id).filter(
    ({ entry }) =>
      entry.issuedAt !== undefined && Date.parse(entry.issuedAt) <= before && entry.deleteOutcomeUnknown === undefined,
  );
}

export const rotateDueStep: StepKind = {
  name: 'rotate due',
  weight: 10,
  routes: USER_GROUP_ROUTES,
  scope: 'job',
  possible: (storage, workspace) => dueIn(storage, workspace).length > 0,
  async run(context) {
    const { world, workspace } = context;
    const { options } = world;
    await show(world, workspace, 'groups');
    await unlockInPlace(world, context.lock);
    const panel = options.getByRole('group', { name: 'Token rotation', exact: true });
    const every = panel.getByLabel('Rotate tokens every');
    if ((await every.inputValue()) !== String(EVERY_DAYS)) await every.selectOption(String(EVERY_DAYS));
    const start = panel.getByRole('button', { name: 'Rotate due tokens' });
    await start.waitFor();
    if (await start.isDisabled())
      return { kind: 'refused', text: 'Rotate due tokens is off (nothing due, or a job under way)' };
    world.note(`  rotate due (${dueIn(context.storage, workspace).length} due)`);
    const before = await storedJobId(world, workspace);
    const tokensBefore = serviceTokens(workspace);
    await start.click();
    const dialog = options.getByRole('dialog');
    // Over 10 groups, the dialog asks to type their number (design.md §14).
    const confirm = dialog.getByRole('button', { name: /^Rotate \d+ tokens?$/ });
    const typed = dialog.getByLabel(/^To confirm, type/);
    if ((await typed.count()) > 0) await typed.fill(/\d+/.exec((await confirm.textContent()) ?? '')?.[0] ?? '');
    await confirm.click();
    const outcome = await retryFailed(context, await followJob(context, before, () => alertIn(panel)));
    await noteJobTokens(world, workspace, tokensBefore);
    return outcome;
  },
};
