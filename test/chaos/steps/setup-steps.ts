import { until, show, type StepKind } from '../world.ts';

// Importing a setup file (design.md §8) over the workspace it was exported from: a dialog asks to
// replace its connection, which keeps its user groups, history and job.

export const setupImportStep: StepKind = {
  name: 'setup import',
  weight: 3,
  routes: [],
  scope: 'single',
  async run(context) {
    const { world, workspace } = context;
    await show(world, workspace, 'backup');
    const { options } = world;
    const form = options.getByRole('form', { name: 'Import setup' });
    await form.getByLabel('Setup file', { exact: true }).setInputFiles({
      name: `chaos-${workspace.label}.review-setup.json`,
      mimeType: 'application/json',
      buffer: Buffer.from(workspace.setupFile),
    });
    await form.getByLabel('Passphrase', { exact: true }).fill(world.passphrase);
    await form.getByRole('button', { name: 'Import setup' }).click();
    const dialog = options
      .getByRole('dialog')
      .filter({ has: options.getByRole('button', { name: 'Replace workspace' }) });
    const unlock = options.getByRole('dialog', { name: 'Unlock to continue' });
    const done = options
      .getByRole('status')
      .filter({ hasText: /now uses the imported connection|imported\. It is now/ });
    const alert = form.getByRole('alert');
    const said = async () => (await dialog.count()) + (await done.count()) + (await alert.count()) > 0;
    const settled = async () => (await unlock.count()) > 0 || (await said());
    if (!(await until(settled, 20_000))) return { kind: 'alert', text: 'the import said nothing within 20 s' };
    // Locked, the import asks for the passphrase in place (issue 41), then goes on.
    if ((await unlock.count()) > 0) {
      world.note('  unlock in place');
      await unlock.getByLabel('Passphrase', { exact: true }).fill(world.passphrase);
      await unlock.getByRole('button', { name: 'Unlock', exact: true }).click();
      if (!(await until(said, 20_000)))
        return { kind: 'alert', text: 'the import said nothing within 20 s of unlocking' };
    }
    if ((await dialog.count()) > 0) {
      await dialog.getByRole('button', { name: 'Replace workspace' }).click();
      await context.inFlight();
      if (!(await until(async () => (await done.count()) + (await alert.count()) > 0, 20_000)))
        return { kind: 'alert', text: 'the replace said nothing within 20 s' };
    }
    if ((await alert.count()) > 0) return { kind: 'alert', text: (await alert.allInnerTexts()).join(' | ') };
    return { kind: 'ok', text: (await done.allInnerTexts()).join(' | ') };
  },
};
