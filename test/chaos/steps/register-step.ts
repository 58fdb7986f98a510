import { expect } from '@playwright/test';
import { openPopupForTab } from '../../e2e/fixtures/popup.ts';
import { sleep, until, type StepKind, type StepOutcome } from '../world.ts';

// Registering the page in a tab from the popup (design.md §1): Create project, in the step's workspace.

export const registerStep: StepKind = {
  name: 'register page',
  weight: 8,
  routes: ['project.create'],
  scope: 'single',
  async run(context): Promise<StepOutcome> {
    const { world, workspace } = context;
    const number = world.next();
    const page = await world.extension.context.newPage();
    let popup: Awaited<ReturnType<typeof openPopupForTab>> | undefined;
    const before = new Set(workspace.sandbox.projects().map((project) => project.projectId));
    try {
      await page.goto(
        workspace.sandbox.pageUrl(`chaos-${workspace.label.toLowerCase()}-${number}`, `Chaos page ${number}`),
      );
      popup = await openPopupForTab(world.extension, page);
      const create = popup.getByRole('button', { name: 'Create project' });
      const unlock = popup.getByRole('button', { name: 'Unlock' });
      const picker = popup.getByLabel('Workspace', { exact: true });
      await until(async () => (await create.count()) + (await unlock.count()) > 0, 10_000);
      if ((await picker.count()) > 0 && (await picker.locator('option:checked').textContent()) !== workspace.name) {
        await picker.selectOption({ label: workspace.name });
        // The select follows the shown workspace: it reads the new one once its status and history are loaded.
        await expect(picker.locator('option:checked')).toHaveText(workspace.name);
      }
      await until(async () => (await create.count()) + (await unlock.count()) > 0, 10_000);
      if ((await unlock.count()) > 0) {
        // Locked: the popup offers Passphrase and Unlock instead of its form (design.md §10).
        world.note('  unlock in the popup');
        await popup.getByLabel('Passphrase', { exact: true }).fill(world.passphrase);
        await unlock.click();
        await create.waitFor({ timeout: 15_000 });
      }
      await create.click();
      await context.inFlight();
      const id = popup.getByLabel('Project ID', { exact: true });
      const alert = popup.getByRole('alert');
      if (!(await until(async () => (await id.count()) + (await alert.count()) > 0, 25_000)))
        return { kind: 'alert', text: 'the popup said nothing within 25 s' };
      // A request the sandbox holds (a worker stop) is carried out after the popup has given up.
      await sleep(Math.max(0, world.quietAfter - Date.now()));
      const shown = (await id.count()) > 0 ? await id.inputValue() : undefined;
      if (shown) world.ledger.shown.set(shown, workspace.id);
      for (const project of workspace.sandbox.projects())
        if (!before.has(project.projectId) && project.projectId !== shown)
          world.ledger.unanswered.add(project.projectId);
      return shown
        ? { kind: 'ok', text: `project ${shown}` }
        : { kind: 'alert', text: (await alert.allInnerTexts()).join(' | ') };
    } finally {
      await popup?.close();
      await page.close();
    }
  },
};
