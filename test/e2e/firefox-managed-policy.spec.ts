// Firefox: managed configuration through policies.json. Not the system file
// (/usr/lib/firefox-esr/distribution/policies.json would apply to every Firefox on this machine,
// including other specs' browsers, under the same add-on id): Firefox's `browser.policies.alternatePath`
// pref reads a policies.json of this test's own, which ESR honours when the browser runs as automation
// (the `security.turn_off_all_security_so_that_viruses_can_take_over_this_computer` pref together with
// MOZ_DISABLE_NONLOCAL_CONNECTIONS=1, the sandbox being on 127.0.0.1). Same checks as in Chromium.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'puppeteer-core';
import { displayUrl } from '../../lib/url/display-url.ts';
import { FIREFOX_WAIT_MS, launchFirefoxWithExtension, type FirefoxWithExtension } from './fixtures/firefox.ts';
import { button, field, selectField, valueOf } from './fixtures/firefox-page.ts';
import { openOptionsSection } from './fixtures/firefox-sections.ts';
import { secretsOf } from './fixtures/sandbox.ts';
import { expect, test } from './fixtures/test.ts';

const GECKO_ID = 'review-companion@reviewcompanion.dev';
const ORG = 'Org sandbox';
let ff: FirefoxWithExtension | undefined;
let workDir: string;

test.afterAll(async () => {
  await ff?.close();
  await rm(workDir, { recursive: true, force: true });
});

async function launchWithPolicy(policy: unknown): Promise<FirefoxWithExtension> {
  workDir = await mkdtemp(path.join(tmpdir(), 'rc-firefox-policy-'));
  const file = path.join(workDir, 'policies.json');
  await writeFile(file, JSON.stringify({ policies: { '3rdparty': { Extensions: { [GECKO_ID]: policy } } } }));
  const previous = process.env.MOZ_DISABLE_NONLOCAL_CONNECTIONS;
  process.env.MOZ_DISABLE_NONLOCAL_CONNECTIONS = '1';
  try {
    return await launchFirefoxWithExtension(undefined, {
      'browser.policies.alternatePath': file,
      'security.turn_off_all_security_so_that_viruses_can_take_over_this_computer': true,
    });
  } finally {
    if (previous === undefined) delete process.env.MOZ_DISABLE_NONLOCAL_CONNECTIONS;
    else process.env.MOZ_DISABLE_NONLOCAL_CONNECTIONS = previous;
  }
}

/** The Workspace select's option texts; none while the page is still loading. */
const optionTexts = (page: Page) =>
  page
    .$eval(selectField('Workspace'), (select) =>
      [...(select as HTMLSelectElement).options].map((option) => option.text),
    )
    .catch(() => [] as string[]);
const disabled = async (page: Page, selector: string) =>
  (await page.locator(selector).waitHandle()).evaluate((element) => element.matches(':disabled'));

test('Firefox: a policies.json workspace is first, ready in the popup without typing, and locked in the options page', async ({
  sandbox,
}) => {
  ff = await launchWithPolicy({
    workspaces: [
      {
        name: ORG,
        projectApiUrl: sandbox.projectApiUrl,
        userGroupBaseUrl: sandbox.userGroupBaseUrl,
        ...sandbox.credentials,
      },
    ],
    lockWorkspaces: true,
  });
  const options = await openOptionsSection(ff, 'connection');
  await expect
    .poll(() => optionTexts(options), { timeout: FIREFOX_WAIT_MS })
    .toEqual([`${ORG} (managed)`, 'Workspace 1']);
  const select = await options.locator(selectField('Workspace')).waitHandle();
  const managedValue = await select.evaluate((element) => (element as HTMLSelectElement).options[0]!.value);
  await select.select(managedValue);
  await expect.poll(() => disabled(options, button('Delete workspace'))).toBe(true);
  for (const label of [
    'Workspace name',
    'Project API URL',
    'User group API base URL',
    'API key',
    'Auth token',
    'API token',
  ]) {
    expect(await disabled(options, field(label)), label).toBe(true);
  }
  expect(await valueOf(options, 'Project API URL')).toBe(sandbox.projectApiUrl);
  expect(await options.$eval('body', (body) => body.textContent ?? '')).toContain('Managed by your organization');

  const web = await ff.firefox.newPage();
  web.setDefaultTimeout(FIREFOX_WAIT_MS);
  await web.goto(sandbox.pageUrl('managed-ff', 'Managed page'));
  const url = await web.evaluate(() => location.href);
  const tabs = await options.evaluate(async () =>
    (await browser.tabs.query({})).map((tab) => ({ id: tab.id, url: tab.url })),
  );
  const popup = await ff.openExtensionPage(`popup.html?tabId=${tabs.find((tab) => tab.url === url)?.id}`);
  // The user's own workspace is not set up: the popup opens on the managed one, with no picker (nothing
  // to choose); the project lands on the managed workspace's service.
  await popup.locator(button('Create project')).waitHandle();
  expect(await popup.$$(selectField('Workspace'))).toHaveLength(0);
  await expect.poll(() => valueOf(popup, 'Project URL')).toBe(displayUrl(url));
  await popup.locator(button('Create project')).click();
  await expect.poll(() => valueOf(popup, 'Project ID'), { timeout: 10_000 }).toMatch(/.+/);
  expect(sandbox.projects().map((project) => project.projectUrl)).toEqual([url]);
  for (const view of [options, popup]) {
    const html = await view.content();
    for (const secret of secretsOf(sandbox)) expect(html).not.toContain(secret);
  }
});
