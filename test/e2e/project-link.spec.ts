import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import Papa from 'papaparse';
import { configureConnection } from './fixtures/connection.ts';
import type { ExtensionBrowser } from './fixtures/chromium.ts';
import { openOptionsPage } from './fixtures/options-page.ts';
import { openPopupForTab } from './fixtures/popup.ts';
import { secretsOf } from './fixtures/sandbox.ts';
import { expect, test } from './fixtures/test.ts';
import { unique } from './fixtures/unique.ts';

// The project link (issue 28 item 5, design.md §12): a template per workspace, set in Options →
// Connection; the popup's result, the history rows and the register results (page and export) carry
// the project's page, here the sandbox's own project page.

test.afterAll(async ({ extensionBrowser, sandbox }) => {
  expect(await extensionBrowser.console.findAny(secretsOf(sandbox)), 'console lines that contain a secret').toEqual([]);
});

const linkField = (options: Page) => options.getByLabel('Project link', { exact: true });

/** Types a template into Project link and saves the connection, as a user does. */
async function saveProjectLink(options: Page, template: string): Promise<void> {
  await linkField(options).fill(template);
  await options.getByRole('button', { name: 'Save connection' }).click();
  await expect(options.getByRole('status').filter({ hasText: 'Connection saved.' })).toBeVisible();
}

/** The worker's browser goes on to other spec files: the link is taken out again. */
async function clearProjectLink(extension: ExtensionBrowser): Promise<void> {
  const options = await openOptionsPage(extension, undefined, 'connection');
  if ((await linkField(options).inputValue()) !== '') await saveProjectLink(options, '');
  await options.close();
}

test('a project link set in Connection: Open project in the popup, in the history and in the register results and their export', async ({
  extension,
  sandbox,
}, testInfo) => {
  test.setTimeout(90_000);
  const shot = (name: string) => testInfo.outputPath(`${name}.png`);
  await configureConnection(extension.context, extension.extensionId, sandbox);
  const template = `${sandbox.origin}/app/projects/{projectId}`;
  const linkOf = (projectId: string) => `${sandbox.origin}/app/projects/${encodeURIComponent(projectId)}`;
  try {
    // Options → Connection: the field, its hint, a refused template said on the field, then a good one saved.
    const options = await openOptionsPage(extension, undefined, 'connection');
    const field = linkField(options);
    await expect(field).toHaveValue('');
    await expect(field).toHaveAccessibleDescription(/for example https:\/\/app\.example\.com\/projects\/\{projectId\}/);
    // Nothing changed yet: Save connection is off and says why (issue 41, finding 10).
    const save = options.getByRole('button', { name: 'Save connection' });
    await expect(save).toBeDisabled();
    await expect(save).toHaveAccessibleDescription(
      'Nothing to save: change an address or the project link, or type a secret.',
    );
    // Checked as typed, before Save (issue 41, finding 7)…
    await field.fill(`${sandbox.origin}/app/projects/`);
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(/Put \{projectId\} where the project ID goes/);
    await expect(save).toBeEnabled();
    await expect(save).not.toHaveAttribute('aria-describedby');
    // …and the error goes under the corrected value.
    await field.fill(template);
    await expect(field).not.toHaveAttribute('aria-invalid');
    await expect(options.getByText(/Put \{projectId\} where the project ID goes/)).toHaveCount(0);
    await field.fill('http://reviews.example.com/{projectId}');
    await expect(field).toHaveAccessibleDescription(/Plain http is only allowed for localhost and 127\.0\.0\.1/);
    await save.click();
    await expect(field).toHaveAccessibleDescription(/Plain http is only allowed for localhost and 127\.0\.0\.1/);
    await options.setViewportSize({ width: 760, height: 900 });
    await field.scrollIntoViewIfNeeded();
    await options.screenshot({ path: shot('connection-project-link-error-760') });
    // Reached from the keyboard: Tab from Auth token (past its health line) lands on the field.
    await options.getByLabel('Auth token', { exact: true }).focus();
    await options.keyboard.press('Tab');
    await expect(field).toBeFocused();
    await saveProjectLink(options, `  ${template} `);
    await expect(field).toHaveValue(template);
    await expect(field).not.toHaveAttribute('aria-invalid');
    for (const width of [760, 1280]) {
      await options.setViewportSize({ width, height: 900 });
      await field.scrollIntoViewIfNeeded();
      await options.screenshot({ path: shot(`connection-project-link-${width}`), fullPage: true });
    }
    await options.emulateMedia({ colorScheme: 'dark' });
    await options.setViewportSize({ width: 760, height: 900 });
    await options.screenshot({ path: shot('connection-project-link-dark-760'), fullPage: true });
    await options.close();

    // The popup: Create project, then Open project leads to the new project's page in a new tab.
    const title = unique('Linked page');
    const page = await extension.context.newPage();
    await page.goto(sandbox.pageUrl(unique('linked'), title));
    const popup = await openPopupForTab(extension, page);
    await popup.getByRole('button', { name: 'Create project' }).click();
    await expect(popup.getByLabel('Project ID', { exact: true })).not.toHaveValue('');
    const [created] = sandbox.projects();
    expect(created?.projectName).toBe(title);
    const projectId = created!.projectId;
    const open = popup.getByRole('link', { name: 'Open project', exact: true });
    await expect(open).toHaveAttribute('href', linkOf(projectId));
    await expect(open).toHaveAttribute('target', '_blank');
    await expect(open).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(open).toHaveAccessibleDescription('Opens in a new tab');
    for (const scheme of ['light', 'dark'] as const) {
      await popup.setViewportSize({ width: 380, height: 600 });
      await popup.emulateMedia({ colorScheme: scheme });
      await popup.screenshot({ path: shot(`popup-open-project-${scheme}-380`), fullPage: true });
    }
    const [projectPage] = await Promise.all([extension.context.waitForEvent('page'), open.click()]);
    await expect(projectPage).toHaveURL(linkOf(projectId));
    await expect(projectPage.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(projectPage.locator('#project-id')).toHaveText(projectId);

    // A site that already has a project the service names: the error offers its page too.
    const elsewhereUrl = sandbox.pageUrl(unique('elsewhere'));
    const elsewhere = sandbox.addExistingProject(elsewhereUrl);
    const again = await extension.context.newPage();
    await again.goto(elsewhereUrl);
    const popupAgain = await openPopupForTab(extension, again);
    await popupAgain.getByRole('button', { name: 'Create project' }).click();
    const alert = popupAgain.getByRole('alert');
    await expect(alert).toContainText(`This site already has a project (project ID ${elsewhere.projectId}).`);
    await expect(alert.getByRole('link', { name: 'Open project', exact: true })).toHaveAttribute(
      'href',
      linkOf(elsewhere.projectId),
    );
    await popupAgain.setViewportSize({ width: 380, height: 600 });
    await popupAgain.screenshot({ path: shot('popup-existing-project-380'), fullPage: true });

    // Options → Projects: the history row of the new project has Open project, named after it.
    const projects = await openOptionsPage(extension, undefined, 'projects');
    const history = projects.getByRole('region', { name: 'Project history' });
    const row = history.getByRole('table', { name: 'Projects' }).getByRole('row').filter({ hasText: title });
    await expect(row).toHaveCount(1);
    const rowLink = row.getByRole('link', { name: `Open project ${title}`, exact: true });
    await expect(rowLink).toHaveAttribute('href', linkOf(projectId));
    await expect(rowLink).toHaveText('Open project');
    await expect(rowLink).toHaveAttribute('target', '_blank');

    // Register pages: the results on the page and their export carry each project's link.
    await projects.getByLabel('Requests per minute').fill('3000');
    const pages = [sandbox.pageUrl(unique('reg-link')), sandbox.pageUrl(unique('reg-link'))];
    const existing = sandbox.addExistingProject(pages[1]!);
    await projects.getByLabel('Page addresses').fill(pages.join('\n'));
    await projects.getByRole('button', { name: 'Register 2 pages' }).click();
    await expect(projects.locator('.register-counts')).toContainText(
      '2 of 2 done: 1 registered, 1 already had a project',
      {
        timeout: 30_000,
      },
    );
    const registered = sandbox.projects().find((project) => project.projectUrl === pages[0]);
    expect(registered).toBeDefined();
    const results = projects.getByRole('table', { name: 'Results' });
    await expect(
      results
        .getByRole('row')
        .filter({ hasText: pages[0]! })
        .getByRole('link', { name: /^Open project / }),
    ).toHaveAttribute('href', linkOf(registered!.projectId));
    const [download] = await Promise.all([
      projects.waitForEvent('download'),
      projects.getByRole('button', { name: 'Export results' }).click(),
    ]);
    const csv = await readFile(await download.path(), 'utf8');
    const parsed = Papa.parse<Record<string, string>>(csv.trim(), { header: true }).data;
    expect(Object.keys(parsed[0] ?? {})).toEqual(['url', 'name', 'projectId', 'link', 'outcome', 'message']);
    expect(parsed.map((result) => [result.url, result.projectId, result.link, result.outcome])).toEqual([
      [pages[0], registered!.projectId, linkOf(registered!.projectId), 'registered'],
      [pages[1], existing.projectId, linkOf(existing.projectId), 'existed'],
    ]);

    for (const width of [760, 1280]) {
      await projects.setViewportSize({ width, height: 900 });
      await history.scrollIntoViewIfNeeded();
      await projects.screenshot({ path: shot(`projects-open-project-${width}`), fullPage: true });
    }
  } finally {
    await clearProjectLink(extension);
  }
});
