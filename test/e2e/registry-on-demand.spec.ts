import { configureConnection, optionsUrl } from './fixtures/connection.ts';
import { readStoredGroups } from './fixtures/extension-storage.ts';
import { createGroup, goToSection, openOptionsPage, rowOf } from './fixtures/options-page.ts';
import { expect, test } from './fixtures/test.ts';

/**
 * A page opened on a section that shows no user group (Projects, Activity, About) reads the registry's
 * parts only once a section that shows them is shown (lib/stores/user-group-store.ts, `showRegistry`):
 * then the list, the start page's count and the backup's facts are whole, as on a page opened there.
 */
test('opened at #activity, then User groups and Start: the whole registry is there', async ({ extension, sandbox }) => {
  await configureConnection(extension.context, extension.extensionId, sandbox);
  const setup = await openOptionsPage(extension);
  await createGroup(setup, 'Deferred One', 'deferred-1', 'Customer');
  await createGroup(setup, 'Deferred Two', 'deferred-2', 'Testing');
  await setup.close();
  // The worker's browser may hold other tests' groups too: the page must show as many as are stored.
  const stored = (await readStoredGroups(extension)).length.toLocaleString('en');

  const page = await extension.context.newPage();
  await page.goto(optionsUrl(extension.extensionId, 'activity'));
  await expect(page.getByRole('heading', { level: 2, name: 'Activity' })).toBeVisible();
  await goToSection(page, 'groups');
  await expect(page.getByText(`Showing ${stored} of ${stored} groups`)).toBeVisible();
  await expect(rowOf(page, 'Deferred One')).toBeVisible();
  await expect(rowOf(page, 'Deferred Two')).toBeVisible();
  await expect(page.getByRole('grid')).not.toHaveAttribute('aria-busy', 'true');
  await page.close();

  const about = await extension.context.newPage();
  await about.goto(optionsUrl(extension.extensionId, 'about'));
  await expect(about.getByRole('heading', { level: 2, name: 'About' })).toBeVisible();
  await goToSection(about, 'start');
  await expect(about.getByText(`ready, ${stored} groups in this browser`)).toBeVisible();
  await about.close();
});
