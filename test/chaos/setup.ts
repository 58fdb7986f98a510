import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import { launchExtensionBrowser } from '../e2e/fixtures/chromium.ts';
import { addWorkspace, connectionFor, fillAndSaveConnection, optionsUrl } from '../e2e/fixtures/connection.ts';
import { goToSection } from '../e2e/fixtures/options-page.ts';
import { startE2eSandbox, type Sandbox } from '../e2e/fixtures/sandbox.ts';
import { readExtensionStorage } from '../e2e/fixtures/service-worker.ts';
import { TokenLedger } from './token-ledger.ts';
import type { ChaosWorkspace, ChaosWorld } from './world.ts';

/** The lock's and the setup files' passphrase (at least 12 characters). */
const PASSPHRASE = 'chaos run passphrase';
const NAMES = ['Chaos A', 'Chaos B'] as const;

const workspaceSelect = (page: Page) => page.getByLabel('Workspace', { exact: true });

/** Renames the shown workspace the way a user does: type, then leave the field. */
async function rename(options: Page, name: string): Promise<void> {
  const field = options.getByLabel('Workspace name', { exact: true });
  await field.fill(name);
  await field.press('Tab');
  await expect(workspaceSelect(options).locator('option:checked')).toHaveText(name);
}

/** Export setup file (Backup), with the user group API, as the admin of the workspace shown does. */
async function exportSetupFile(options: Page, passphrase: string): Promise<string> {
  await goToSection(options, 'backup');
  await options.getByRole('button', { name: 'Export setup file' }).click();
  const dialog = options.getByRole('dialog');
  await dialog.getByLabel('Passphrase', { exact: true }).fill(passphrase);
  await dialog.getByLabel('Confirm passphrase', { exact: true }).fill(passphrase);
  await dialog.getByRole('checkbox', { name: 'Include the user group API' }).check();
  const [download] = await Promise.all([
    options.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Export setup file' }).click(),
  ]);
  return readFile(await download.path(), 'utf8');
}

export interface ChaosSetup {
  world: ChaosWorld;
  close: () => Promise<void>;
}

/**
 * A fresh browser with the e2e build, and two workspaces, each connected to its own sandbox through the
 * options page, each with its setup file exported; the options page is left open on the user groups.
 */
export async function setUpWorld(note: (line: string) => void, extensionDir?: string): Promise<ChaosSetup> {
  const sandboxes: Sandbox[] = [await startE2eSandbox(), await startE2eSandbox()];
  const extension = await launchExtensionBrowser({ extensionDir });
  const close = async () => {
    await extension.close();
    for (const sandbox of sandboxes) await sandbox.close();
  };
  try {
    const options = await extension.context.newPage();
    await options.goto(optionsUrl(extension.extensionId, 'connection'));
    for (const [index, name] of NAMES.entries()) {
      // The second is named once it is shown (addWorkspace waits for its name field): until then the
      // section is the first one's, and a name typed there was dropped when the new one's replaced it.
      if (index === 0) await rename(options, name);
      else await addWorkspace(options, name);
      await fillAndSaveConnection(options, connectionFor(sandboxes[index]!));
      // Its status message would otherwise stay next to the next one.
      await options.reload();
      await expect(workspaceSelect(options).locator('option:checked')).toHaveText(name);
    }
    const stored = await readExtensionStorage(extension, options);
    const index = (stored.local.workspaces as { workspaces: { id: string; name: string }[] }).workspaces;
    const workspaces: ChaosWorkspace[] = [];
    for (const [position, name] of NAMES.entries()) {
      const id = index.find((workspace) => workspace.name === name)?.id;
      if (!id) throw new Error(`no workspace named ${name}`);
      await workspaceSelect(options).selectOption({ label: name });
      await expect(workspaceSelect(options).locator('option:checked')).toHaveText(name);
      const setupFile = await exportSetupFile(options, PASSPHRASE);
      workspaces.push({ label: name.slice(-1), id, name, sandbox: sandboxes[position]!, setupFile });
    }
    await goToSection(options, 'groups');
    let counter = 0;
    const world: ChaosWorld = {
      extension,
      options,
      workspaces,
      passphrase: PASSPHRASE,
      ledger: { shown: new Map(), unanswered: new Set() },
      tokens: new TokenLedger(),
      backups: new Map(),
      next: () => (counter += 1),
      note,
      quietAfter: 0,
    };
    return { world, close };
  } catch (error) {
    await close();
    throw error;
  }
}
