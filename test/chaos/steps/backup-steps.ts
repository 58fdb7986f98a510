import { readFile } from 'node:fs/promises';
import { readExtensionStorage } from '../../e2e/fixtures/service-worker.ts';
import { entriesOf } from '../invariants.ts';
import { chance } from '../prng.ts';
import { unlockInPlace } from './lock-steps.ts';
import { show, until, type StepContext, type StepKind, type StepOutcome } from '../world.ts';

// Backups (docs/guide-admins.md, "User groups"): Export JSON, kept by the run; later the same file added
// again through Add groups from file with the default choices, after rotations made some of its tokens
// older than the live ones. Nothing may replace a live token with an older one (invariants.ts).

const DAY = 86_400_000;
/**
 * A restored backup says its tokens were issued this many days ago, as an old backup would: a group whose
 * token has not changed since then takes that date and becomes due (rotate-due-step.ts).
 */
const AGE_DAYS = 40;

interface BackupGroup {
  provided_id: string;
  environment: string;
  token: string;
  issuedAt?: string;
}

async function exportBackup(context: StepContext): Promise<StepOutcome> {
  const { world, workspace } = context;
  const [download] = await Promise.all([
    world.options.waitForEvent('download'),
    world.options.getByRole('button', { name: 'Export JSON' }).click(),
  ]);
  const text = await readFile(await download.path(), 'utf8');
  const { groups } = JSON.parse(text) as { groups: BackupGroup[] };
  // The file's tokens are of now: a later token is newer than each of them.
  world.tokens.see(groups.map((group) => group.token));
  world.backups.set(workspace.id, text);
  return { kind: 'ok', text: `backup of ${groups.length} groups kept` };
}

/**
 * The kept backup added again, as if made long ago (its dates 40 days back): only the groups still in the
 * registry (a deleted group's token opens nothing; adding it back is not what a restore is for here).
 */
async function restoreBackup(context: StepContext, text: string): Promise<StepOutcome> {
  const { world, workspace } = context;
  const { options } = world;
  const live = new Set(
    entriesOf((await readExtensionStorage(world.extension, options)).local, workspace.id).map(
      ({ entry }) => `${entry.environment}:${entry.provided_id}`,
    ),
  );
  const document = JSON.parse(text) as { groups: BackupGroup[] };
  document.groups = document.groups
    .filter((group) => live.has(`${group.environment}:${group.provided_id}`))
    .map((group) => ({
      ...group,
      ...(group.issuedAt && { issuedAt: new Date(Date.now() - AGE_DAYS * DAY).toISOString() }),
    }));
  if (document.groups.length === 0) return { kind: 'skipped', text: 'no group of the backup is left' };
  await options.getByLabel('Add groups from file').setInputFiles({
    name: `chaos-${workspace.label}-backup.json`,
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(document)),
  });
  const summary = options.getByLabel('Import summary');
  const section = options.getByRole('region', { name: 'Add groups from a file' });
  const alert = section.getByRole('alert');
  if (!(await until(async () => (await summary.count()) + (await alert.count()) > 0, 15_000)))
    return { kind: 'alert', text: 'no preview within 15 s' };
  if ((await alert.count()) > 0) return { kind: 'alert', text: (await alert.allInnerTexts()).join(' | ') };
  const counts = await summary.innerText();
  const kept = await options.getByRole('list', { name: 'Groups that keep this browser’s token' }).count();
  const importButton = options.getByRole('button', { name: 'Import', exact: true });
  if (await importButton.isDisabled()) {
    await options.getByRole('button', { name: 'Discard' }).click();
    return { kind: 'ok', text: `${counts}; nothing to import by default${kept ? ' (live tokens kept)' : ''}` };
  }
  await importButton.click();
  await options
    .getByRole('dialog')
    .getByRole('button', { name: /^Import \d+ groups?$/ })
    .click();
  await context.inFlight();
  const done = section.getByRole('status').filter({ hasText: /^Imported / });
  if (!(await until(async () => (await done.count()) + (await alert.count()) > 0, 15_000)))
    return { kind: 'alert', text: 'the import said nothing within 15 s' };
  if ((await alert.count()) > 0) return { kind: 'alert', text: (await alert.allInnerTexts()).join(' | ') };
  return { kind: 'ok', text: `${counts} → ${await done.innerText()}` };
}

export const backupStep: StepKind = {
  name: 'backup',
  weight: 8,
  routes: [],
  scope: 'single',
  possible: (storage, workspace) => entriesOf(storage.local, workspace.id).length > 0,
  async run(context) {
    const { world, workspace, random } = context;
    await show(world, workspace, 'groups');
    await unlockInPlace(world, context.lock);
    const kept = world.backups.get(workspace.id);
    if (!kept || chance(random, 0.35)) {
      world.note('  export a backup');
      return exportBackup(context);
    }
    world.note('  add the kept backup again');
    return restoreBackup(context, kept);
  },
};
