import type { Locator } from '@playwright/test';
import { wakeServiceWorker, type LockState } from '../../e2e/fixtures/service-worker.ts';
import { chance } from '../prng.ts';
import { show, until, type ChaosWorld, type ChaosWorkspace, type StepKind, type StepOutcome } from '../world.ts';

// The passphrase lock in #connection (design.md §10): turn it on, lock now, unlock, turn it off,
// whichever the lock's state allows. The lock is the browser's, not a workspace's.

export type Move = 'turn on' | 'lock now' | 'unlock' | 'turn off';

const expected: Record<Move, LockState> = {
  'turn on': { enabled: true, locked: false },
  'lock now': { enabled: true, locked: true },
  unlock: { enabled: true, locked: false },
  'turn off': { enabled: false, locked: false },
};

async function click(region: Locator, move: Move, passphrase: string): Promise<void> {
  const protect = region.getByRole('checkbox', { name: 'Protect credentials with a passphrase' });
  const field = region.getByLabel('Passphrase', { exact: true });
  switch (move) {
    case 'turn on':
      await protect.check();
      await field.fill(passphrase);
      await region.getByLabel('Confirm passphrase', { exact: true }).fill(passphrase);
      return region.getByRole('button', { name: 'Turn on protection' }).click();
    case 'lock now':
      return region.getByRole('button', { name: 'Lock now' }).click();
    case 'unlock':
      await field.fill(passphrase);
      return region.getByRole('button', { name: 'Unlock' }).click();
    case 'turn off':
      await protect.uncheck();
      await field.fill(passphrase);
      return region.getByRole('button', { name: 'Turn off protection' }).click();
  }
}

/** Makes this move of the lock through the connection section, and answers what the page said. */
export async function moveLock(
  world: ChaosWorld,
  workspace: ChaosWorkspace,
  move: Move,
  before: LockState,
  afterClick: () => Promise<void> = () => Promise.resolve(),
): Promise<StepOutcome> {
  await show(world, workspace, 'connection');
  const region = world.options.getByRole('region', { name: 'Passphrase lock' });
  await click(region, move, world.passphrase);
  await afterClick();
  const want = expected[move];
  let state = before;
  const reached = await until(async () => {
    if ((await region.getByRole('alert').count()) > 0) return true;
    state = await wakeServiceWorker(world.options);
    return state.enabled === want.enabled && state.locked === want.locked;
  }, 20_000);
  const alerts = await region.getByRole('alert').allInnerTexts();
  if (alerts.length > 0) return { kind: 'alert', text: `${move}: ${alerts.join(' | ')}` };
  return reached
    ? { kind: 'ok', text: move }
    : { kind: 'alert', text: `${move}: the lock stayed ${JSON.stringify(state)} and the page said nothing` };
}

export const lockStep: StepKind = {
  name: 'lock',
  weight: 5,
  routes: [],
  scope: 'single',
  run(context): Promise<StepOutcome> {
    const { world, workspace, random, lock } = context;
    const move: Move = !lock.enabled
      ? 'turn on'
      : lock.locked
        ? 'unlock'
        : chance(random, 0.75)
          ? 'lock now'
          : 'turn off';
    world.note(`  ${move}`);
    return moveLock(world, workspace, move, lock, context.inFlight);
  },
};

/**
 * Locked, the user-groups section offers Passphrase and Unlock in place, and its actions wait for it
 * (design.md §10): a user acting on groups unlocks there first. Answers whether it unlocked.
 */
export async function unlockInPlace(world: ChaosWorld, lock: LockState): Promise<boolean> {
  if (!lock.locked) return false;
  const section = world.options.getByRole('region', { name: 'User groups', exact: true });
  const field = section.getByLabel('Passphrase', { exact: true });
  if ((await field.count()) === 0) return false;
  world.note('  unlock in place');
  await field.fill(world.passphrase);
  await section.getByRole('button', { name: 'Unlock', exact: true }).click();
  return until(async () => !(await wakeServiceWorker(world.options)).locked, 15_000);
}
