import { rowActionItem } from '../../e2e/fixtures/row-actions.ts';
import {
  createAgain,
  deleteRow,
  findRow,
  groupsSection,
  ROTATE,
  rotateRow,
  submitCreate,
  type ShownOutcome,
} from '../../e2e/fixtures/user-group-actions.ts';
import { USER_GROUP_ROUTES } from '../faults.ts';
import { entriesOf, unsettledOf } from '../invariants.ts';
import { chance, pick } from '../prng.ts';
import { unlockInPlace } from './lock-steps.ts';
import { show, type StepContext, type StepKind, type StepOutcome } from '../world.ts';

// Create, rotate and delete one group from the options page (design.md §5), as the seeded fault run does.

const FORGET = 'Remove from this browser only';

const told = (shown: ShownOutcome): StepOutcome => ({ kind: shown.ok ? 'ok' : 'alert', text: shown.text });

const hasGroups: StepKind['possible'] = (storage, workspace) => entriesOf(storage.local, workspace.id).length > 0;

/** A group of the workspace's registry, drawn. */
function target(context: StepContext) {
  const entries = entriesOf(context.storage.local, context.workspace.id).map(({ entry }) => entry);
  return pick(context.random, entries);
}

export const createStep: StepKind = {
  name: 'create',
  weight: 14,
  routes: USER_GROUP_ROUTES,
  scope: 'single',
  async run(context) {
    const { world, workspace, random } = context;
    await show(world, workspace, 'groups');
    await unlockInPlace(world, context.lock);
    const unsettled = unsettledOf(context.storage.local, workspace.id);
    // Sometimes the user answers a create of unknown outcome: Create again (get-or-create adopts it).
    if (unsettled.length > 0 && chance(random, 0.35)) {
      const create = pick(random, unsettled);
      world.note(`  create again ${create.environment}:${create.userGroupId}`);
      return told(await createAgain(world.options, create, context.inFlight));
    }
    const number = world.next();
    const group = {
      name: `Chaos ${workspace.label}${number}`,
      id: `chaos-${workspace.label.toLowerCase()}${number}`,
      environment: pick(random, ['Customer', 'Testing'] as const),
    };
    world.note(`  create ${group.environment}:${group.id}`);
    return told(await submitCreate(world.options, group, context.inFlight));
  },
};

export const rotateStep: StepKind = {
  name: 'rotate',
  weight: 12,
  routes: USER_GROUP_ROUTES,
  scope: 'single',
  possible: hasGroups,
  async run(context) {
    const { world, workspace } = context;
    await show(world, workspace, 'groups');
    await unlockInPlace(world, context.lock);
    const group = target(context);
    world.note(`  rotate ${group.environment}:${group.provided_id}`);
    if (group.deleteOutcomeUnknown) {
      // Rotate is off while the group may be deleted: get-or-create would silently bring it back.
      const item = await rowActionItem(await findRow(world.options, group.provided_id), ROTATE);
      const disabled = await item.isDisabled();
      await world.options.keyboard.press('Escape');
      return disabled
        ? { kind: 'refused', text: 'Rotate is off: the delete outcome is unknown' }
        : { kind: 'alert', text: 'DEFECT: Rotate offered on a group whose delete outcome is unknown' };
    }
    return told(await rotateRow(world.options, group.provided_id, context.inFlight));
  },
};

export const deleteStep: StepKind = {
  name: 'delete',
  weight: 8,
  routes: USER_GROUP_ROUTES,
  scope: 'single',
  possible: hasGroups,
  async run(context) {
    const { world, workspace, random } = context;
    await show(world, workspace, 'groups');
    await unlockInPlace(world, context.lock);
    const group = target(context);
    world.note(`  delete ${group.environment}:${group.provided_id}`);
    const outcome = told(await deleteRow(world.options, group.provided_id, context.inFlight));
    // A refused delete offers to remove the group from this browser only. Its dialog says to use it when
    // the group no longer exists on the service: a user does when the page says the service no longer
    // knows it (any other refusal leaves a live group, whose token this would throw away).
    const offer = groupsSection(world.options).getByRole('alert').getByRole('button', { name: FORGET });
    const gone = outcome.text.includes('The service no longer knows');
    if (outcome.kind === 'alert' && gone && (await offer.count()) > 0 && chance(random, 0.5)) {
      await offer.first().click();
      await world.options.getByRole('dialog').getByRole('button', { name: FORGET }).click();
      await groupsSection(world.options).getByRole('status').filter({ hasText: 'from this browser' }).waitFor();
      return { kind: 'alert', text: `${outcome.text} → removed from this browser only` };
    }
    return outcome;
  },
};
