// Managed configuration (design.md §9) in Chromium, through a real policy file. Chromium reads
// /etc/chromium/policies/managed/*.json for every profile on this machine, so the policy names the
// extension by id, and this spec loads its own COPY of the e2e build from a temporary folder: an
// unpacked extension's id comes from its folder, so the copy has an id no other spec's browser has,
// and the policy cannot add a workspace to their lists even while they run in parallel. The id is
// learnt on a first launch; the browser is then restarted on the same profile with the file written,
// and the file is always removed afterwards.
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { Browser as ExtensionApi } from 'wxt/browser';
import { launchExtensionBrowser, type ExtensionBrowser } from './fixtures/chromium.ts';
import { optionsUrl } from './fixtures/connection.ts';
import { openPopupForTab } from './fixtures/popup.ts';
import { CHROME_BUILD_DIR } from './fixtures/paths.ts';
import { secretsOf } from './fixtures/sandbox.ts';
import { expect, test } from './fixtures/test.ts';

/** The extension API as the service worker sees it (types the functions passed to evaluate). */
declare const chrome: typeof ExtensionApi;

const POLICY_DIR = '/etc/chromium/policies/managed';
const POLICY_FILE = path.join(POLICY_DIR, 'review-companion-e2e.json');
const ORG = 'Org sandbox';

let workDir: string;
let ext: ExtensionBrowser | undefined;

test.beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'review-companion-policy-'));
});

test.afterAll(async () => {
  await ext?.close();
  await rm(POLICY_FILE, { force: true });
  await rm(workDir, { recursive: true, force: true });
});

const workspaceSelect = (page: Page) => page.getByLabel('Workspace', { exact: true });

test('a policy workspace: ready in the popup without typing, first and locked in the options page', async ({
  sandbox,
}) => {
  test.setTimeout(90_000);
  await ext?.close(); // a repeated run's browser
  ext = undefined;
  // Folders of this run's own (a repeated run must not find the last one's profile).
  const runDir = await mkdtemp(path.join(workDir, 'run-'));
  const extensionDir = path.join(runDir, 'extension');
  const profileDir = path.join(runDir, 'profile');
  await cp(CHROME_BUILD_DIR, extensionDir, { recursive: true });
  await mkdir(profileDir);
  const first = await launchExtensionBrowser({ extensionDir, profileDir });
  const extensionId = first.extensionId;
  await first.close();

  const policy = {
    workspaces: [
      {
        name: ORG,
        projectApiUrl: sandbox.projectApiUrl,
        userGroupBaseUrl: sandbox.userGroupBaseUrl,
        ...sandbox.credentials,
        projectLink: `${sandbox.origin}/app/projects/{projectId}`,
      },
    ],
    lockWorkspaces: true,
  };
  try {
    await mkdir(POLICY_DIR, { recursive: true });
    await writeFile(POLICY_FILE, JSON.stringify({ '3rdparty': { extensions: { [extensionId]: policy } } }));
    ext = await launchExtensionBrowser({ extensionDir, profileDir });
    expect(ext.extensionId).toBe(extensionId);
    // The worker applies the policy at its start: wait for its record before opening pages.
    const worker = await ext.serviceWorker();
    // A bound for a loaded machine: the worker also runs its start-up (the upgrade) first.
    await expect
      .poll(() => worker.evaluate(async () => Object.keys(await chrome.storage.local.get('managedPolicy')).length), {
        timeout: 20_000,
      })
      .toBe(1);

    // The popup: the managed workspace is the one it acts in, with no picker (the user's own one is not
    // set up, so there is nothing to choose), and creates a project with nothing typed or chosen.
    const page = await ext.context.newPage();
    await page.goto(sandbox.pageUrl('managed', 'Managed page'));
    const popup = await openPopupForTab(ext, page);
    await expect(popup.getByRole('button', { name: 'Create project' })).toBeEnabled();
    await expect(workspaceSelect(popup)).toHaveCount(0);
    await popup.getByRole('button', { name: 'Create project' }).click();
    await expect(popup.getByLabel('Project ID', { exact: true })).not.toHaveValue('');
    expect(sandbox.projects().map((project) => project.projectUrl)).toEqual([page.url()]);
    // The policy's project link: Open project leads to the new project's page.
    await expect(popup.getByRole('link', { name: 'Open project', exact: true })).toHaveAttribute(
      'href',
      `${sandbox.origin}/app/projects/${sandbox.projects()[0]!.projectId}`,
    );

    // The options page: first in the list, marked, not deletable, read-only while locked.
    const options = await ext.context.newPage();
    await options.goto(optionsUrl(extensionId, 'connection'));
    await expect(workspaceSelect(options).locator('option')).toHaveText([`${ORG} (managed)`, 'Workspace 1']);
    await workspaceSelect(options).selectOption({ label: `${ORG} (managed)` });
    await expect(options.getByText('Managed by your organization', { exact: false })).toBeVisible();
    // Said under the workspace's name, and again as why Save connection is off.
    await expect(options.locator('#workspace-managed')).toContainText('Your organization has locked this workspace');
    await expect(options.getByRole('button', { name: 'Save connection' })).toHaveAccessibleDescription(
      /Your organization has locked this workspace/,
    );
    await expect(options.getByRole('button', { name: 'Delete workspace' })).toBeDisabled();
    await expect(options.getByLabel('Workspace name', { exact: true })).toBeDisabled();
    await expect(options.getByLabel('Workspace name', { exact: true })).toHaveValue(ORG);
    for (const label of ['Project API URL', 'User group API base URL', 'API key', 'Auth token', 'API token']) {
      await expect(options.getByLabel(label, { exact: true })).toBeDisabled();
    }
    await expect(options.getByLabel('Project API URL', { exact: true })).toHaveValue(sandbox.projectApiUrl);
    await expect(options.getByRole('button', { name: 'Save connection' })).toBeDisabled();
    // The policy's project link: shown, read-only (still focusable, so it can be read and copied), said why.
    const projectLink = options.getByLabel('Project link', { exact: true });
    await expect(projectLink).toHaveValue(`${sandbox.origin}/app/projects/{projectId}`);
    await expect(projectLink).not.toBeEditable();
    await expect(projectLink).toHaveAccessibleDescription('Your organization sets the project link.');
    await options.setViewportSize({ width: 760, height: 900 });
    await projectLink.scrollIntoViewIfNeeded();
    await options.screenshot({ path: test.info().outputPath('connection-policy-project-link-760.png') });

    // The user's own workspace stays fully editable.
    await workspaceSelect(options).selectOption({ label: 'Workspace 1' });
    await expect(options.getByLabel('Workspace name', { exact: true })).toBeEnabled();
    await expect(options.getByRole('button', { name: 'Delete workspace' })).toBeEnabled();

    // The administrator unlocks it while the browser runs: Chromium reloads the file (after a few
    // seconds of quiet), the worker applies it, and the open page follows without a reload.
    await writeFile(
      POLICY_FILE,
      JSON.stringify({ '3rdparty': { extensions: { [extensionId]: { ...policy, lockWorkspaces: false } } } }),
    );
    await workspaceSelect(options).selectOption({ label: `${ORG} (managed)` });
    await expect(options.getByLabel('Project API URL', { exact: true })).toBeEnabled({ timeout: 30_000 });
    await expect(options.getByLabel('Workspace name', { exact: true })).toBeEnabled();
    await expect(options.getByRole('button', { name: 'Delete workspace' })).toBeDisabled();
    await expect(options.getByText('Your organization has locked this workspace')).toHaveCount(0);
    // Unlocked, the link the policy sets stays the policy's.
    await expect(options.getByLabel('Project link', { exact: true })).not.toBeEditable();

    // The organisation's secrets stay in this browser: Export setup file says so, and no file is made
    // (issue 24, finding 3).
    await options.goto(optionsUrl(extensionId, 'backup'));
    await workspaceSelect(options).selectOption({ label: `${ORG} (managed)` });
    const downloads: string[] = [];
    options.on('download', (download) => downloads.push(download.suggestedFilename()));
    await options.getByRole('button', { name: 'Export setup file' }).click();
    const dialog = options.getByRole('dialog');
    await dialog.getByLabel('Passphrase', { exact: true }).fill('a long setup passphrase');
    await dialog.getByLabel('Confirm passphrase', { exact: true }).fill('a long setup passphrase');
    await dialog.getByRole('button', { name: 'Export setup file' }).click();
    await expect(options.getByRole('alert')).toContainText(
      'secrets are set by your organization and stay in this browser',
    );
    expect(downloads).toEqual([]);

    // No secret of the policy reaches a page.
    for (const view of [popup, options]) {
      const html = await view.content();
      for (const secret of secretsOf(sandbox)) expect(html).not.toContain(secret);
    }
  } finally {
    await rm(POLICY_FILE, { force: true });
  }
});
