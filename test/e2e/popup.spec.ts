import { displayUrl } from '../../lib/url/display-url.ts';
import { configureConnection, forgetCredentials, optionsUrl } from './fixtures/connection.ts';
import { openActionPopup, openPopupForTab, untilReactsPopup } from './fixtures/popup.ts';
import { secretsOf } from './fixtures/sandbox.ts';
import { expect, test } from './fixtures/test.ts';

const TYPE_INSTEAD = 'To register a web page instead, type or paste its address (https://…) in this field.';

test.afterAll(async ({ extensionBrowser, sandbox }) => {
  expect(await extensionBrowser.console.findAny(secretsOf(sandbox)), 'console lines that contain a secret').toEqual([]);
});

test('the real action popup registers the active page with both credentials and the exact body', async ({
  extension,
  sandbox,
}) => {
  await configureConnection(extension.context, extension.extensionId, sandbox);
  const title = 'Quarterly «review» target — Säntis & Co. 7c1e';
  const page = await extension.context.newPage();
  await page.goto(sandbox.pageUrl('action-popup-target', title));

  const { popup, close } = await openActionPopup(extension, page);
  try {
    await expect(popup.getByLabel('Project URL', { exact: true })).toHaveValue(displayUrl(page.url()));
    await expect(popup.getByLabel('Project name', { exact: true })).toHaveValue(title);

    await popup.getByRole('button', { name: 'Create project' }).click();

    const projectId = popup.getByLabel('Project ID', { exact: true });
    await expect(projectId).toBeVisible();
    const created = sandbox.projects();
    expect(created).toHaveLength(1);
    await expect(projectId).toHaveValue(created[0]!.projectId);
    await expect(projectId).not.toBeEditable();
    await popup.getByRole('button', { name: 'Copy project ID' }).click();
    await expect(popup.getByText('Copied.', { exact: true })).toBeVisible();

    expect(sandbox.requests).toHaveLength(1);
    const request = sandbox.requests[0]!;
    expect(request.route).toBe('project.create');
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/projects/');
    expect(request.headers['x-service-api-key']).toBe(sandbox.credentials.apiKey);
    expect(request.headers['x-service-auth-token']).toBe(sandbox.credentials.authToken);
    expect(request.headers['content-type']).toMatch(/^application\/json\b/);
    expect(JSON.parse(request.body)).toStrictEqual({ data: { projectUrl: page.url(), projectName: title } });
    const html = await popup.content();
    for (const secret of secretsOf(sandbox)) expect(html.includes(secret), 'a secret in the popup HTML').toBe(false);
  } finally {
    await close();
  }

  // What was copied is the id: paste it into the page (a chrome-extension origin cannot be granted clipboard-read).
  await page.bringToFront();
  await page.evaluate(() =>
    document.body.append(Object.assign(document.createElement('textarea'), { id: 'paste-here' })),
  );
  await page.locator('#paste-here').focus();
  await page.keyboard.press('ControlOrMeta+V');
  await expect(page.locator('#paste-here')).toHaveValue(sandbox.projects()[0]!.projectId);
});

test('the service’s INVALID_ARGUMENT message is shown, and the button works again afterwards', async ({
  extension,
  sandbox,
}) => {
  await configureConnection(extension.context, extension.extensionId, sandbox);
  const page = await extension.context.newPage();
  await page.goto(sandbox.pageUrl('long-name', 'Long name page'));
  const popup = await openPopupForTab(extension, page);

  // Over the limit the extension knows (the sandbox's by default), the field says so as it is typed,
  // before Enter, and the note goes under a name that fits (issue 41, finding 10).
  const name = popup.getByLabel('Project name', { exact: true });
  await name.fill('n'.repeat(301));
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toHaveAccessibleDescription('The name is too long: at most 300 characters.');
  expect(sandbox.requests).toHaveLength(0);
  await name.fill('n'.repeat(300));
  await expect(name).not.toHaveAttribute('aria-invalid');

  // A service with a shorter limit than the extension knows: its refusal in its own words.
  sandbox.setProjectNameMaxLength(200);
  await name.fill('n'.repeat(250));
  const create = popup.getByRole('button', { name: 'Create project' });
  await create.click();

  await expect(popup.getByRole('alert')).toHaveText('The service refused: projectName must be at most 200 characters');
  expect(sandbox.requests).toHaveLength(1);
  expect(sandbox.projects()).toHaveLength(0);

  await expect(create).toBeEnabled();
  await name.fill('A name the service accepts');
  await create.click();
  const projectId = popup.getByLabel('Project ID', { exact: true });
  await expect(projectId).toBeVisible();
  await expect(projectId).toHaveValue(sandbox.projects()[0]!.projectId);
  expect(sandbox.requests).toHaveLength(2);
});

test('the popup opened on its own page explains at once that it cannot be registered', async ({
  extension,
  sandbox,
}) => {
  await configureConnection(extension.context, extension.extensionId, sandbox);
  const popup = await extension.context.newPage();
  await popup.goto(extension.extensionUrl('popup.html'));

  const url = popup.getByLabel('Project URL', { exact: true });
  await expect(url).toHaveValue(extension.extensionUrl('popup.html'));
  await expect(url).toHaveAccessibleDescription(
    `This is Review Companion's own page. Only web pages (http or https) can be registered. ${TYPE_INSTEAD}`,
  );
  await expect(url).toBeEditable();
  // Focus is on the address, selected: typing or pasting replaces it.
  await expect(url).toBeFocused();
  await expect(popup.getByRole('button', { name: 'Create project' })).toBeDisabled();
  await popup.keyboard.type(sandbox.pageUrl('pasted'));
  await expect(url).toHaveValue(sandbox.pageUrl('pasted'));
  await expect(popup.getByRole('button', { name: 'Create project' })).toBeEnabled();
});

test('without a connection the popup names what is missing, and Open settings opens the connection section', async ({
  extension,
  sandbox,
}) => {
  await configureConnection(extension.context, extension.extensionId, sandbox);
  await forgetCredentials(extension.context, extension.extensionId);
  const page = await extension.context.newPage();
  await page.goto(sandbox.pageUrl('no-connection', 'No connection'));

  const { popup, close } = await openActionPopup(extension, page);
  try {
    // The address stays; the secrets are gone: exactly those are named.
    await expect(popup.getByRole('listitem')).toHaveText(['The API key is not saved.', 'The auth token is not saved.']);
    const openSettings = popup.getByRole('button', { name: 'Open settings' });
    await expect(openSettings).toBeFocused();
    await expect(popup.getByLabel('Project URL', { exact: true })).toHaveCount(0);
    await expect(popup.getByRole('button', { name: 'Create project' })).toHaveCount(0);

    const optionsOpened = extension.context.waitForEvent('page', (opened) =>
      opened.url().startsWith(optionsUrl(extension.extensionId)),
    );
    const popupClosed = popup.waitForEvent('close');
    // Enter activates the button on key down; the popup may be closed before the key is up.
    await popup.keyboard.press('Enter').catch(() => undefined);
    const options = await optionsOpened;
    expect(options.url()).toBe(`${optionsUrl(extension.extensionId)}#connection/project-api`);
    await expect(options.getByLabel('Project API URL', { exact: true })).toBeInViewport();
    await expect(options.getByLabel('Project API URL', { exact: true })).toBeFocused();
    await expect(options.getByRole('button', { name: 'Save connection' })).toBeVisible();
    await popupClosed;
  } finally {
    await close();
  }
  expect(sandbox.requests).toHaveLength(0);
});

test('double-clicking Create project sends exactly one request', async ({ extension, sandbox }) => {
  await configureConnection(extension.context, extension.extensionId, sandbox);
  const page = await extension.context.newPage();
  await page.goto(sandbox.pageUrl('double-click', 'Double click'));
  // The first request stays in flight long enough for a second click to matter.
  sandbox.setFault('project.create', { kind: 'delay', ms: 1500, times: 1 });

  const { popup, close } = await openActionPopup(extension, page);
  try {
    const create = popup.getByRole('button', { name: 'Create project' });
    await create.dblclick();
    await expect(create).toBeDisabled();
    await expect(popup.getByText('Creating the project…')).toBeVisible();

    const projectId = popup.getByLabel('Project ID', { exact: true });
    await expect(projectId).toBeVisible({ timeout: 10_000 });
    await expect(projectId).toHaveValue(sandbox.projects()[0]!.projectId);
    // A second request would have been recorded on arrival, before the first one was answered.
    expect(sandbox.requests).toHaveLength(1);
    expect(sandbox.projects()).toHaveLength(1);
  } finally {
    await close();
  }
});

test('two submits in the same task (before React re-renders) still send one request', async ({
  extension,
  sandbox,
}) => {
  await configureConnection(extension.context, extension.extensionId, sandbox);
  const page = await extension.context.newPage();
  await page.goto(sandbox.pageUrl('same-task', 'Same task'));
  sandbox.setFault('project.create', { kind: 'delay', ms: 500, times: 1 });
  const popup = await openPopupForTab(extension, page);

  await expect(popup.getByRole('button', { name: 'Create project' })).toBeEnabled();
  // React's form (mount.tsx marks it), whose button is found in the task that clicks it: a handle taken
  // before, on the first screen drawn before React, would be a button React has replaced (two presses
  // there: test/unit/projects/popup-first-screen.test.tsx).
  await untilReactsPopup(popup);
  // Both clicks land while the button is still enabled: only the in-flight guard can stop the second.
  await popup.evaluate(() => {
    const button = [...document.querySelectorAll('button')].find((each) => each.textContent === 'Create project')!;
    button.click();
    button.click();
  });
  await expect(popup.getByLabel('Project ID', { exact: true })).toBeVisible();
  expect(sandbox.requests).toHaveLength(1);
});

test('the popup opens with focus on Create project, Enter registers the page, and Done closes it', async ({
  extension,
  sandbox,
}) => {
  await configureConnection(extension.context, extension.extensionId, sandbox);
  const title = 'Release notes 7.2 — what%20changed';
  const page = await extension.context.newPage();
  await page.goto(sandbox.pageUrl('focus-on-open', title));

  const { popup, close } = await openActionPopup(extension, page);
  try {
    const create = popup.getByRole('button', { name: 'Create project' });
    await expect(create).toBeFocused();
    await popup.keyboard.press('Enter');

    // The project by its name (as sent, not the address), its ID, Copy project ID and Done.
    await expect(popup.getByRole('status')).toHaveText(`Project “${title}” created.`);
    const projectId = popup.getByLabel('Project ID', { exact: true });
    await expect(projectId).toHaveValue(sandbox.projects()[0]!.projectId);
    await expect(projectId).toBeFocused();
    expect(sandbox.projects().map((project) => [project.projectUrl, project.projectName])).toEqual([
      [page.url(), title],
    ]);
    await expect(popup.getByRole('button', { name: 'Copy project ID' })).toBeVisible();
    const closed = popup.waitForEvent('close');
    await popup.getByRole('button', { name: 'Done' }).click();
    await closed;
  } finally {
    await close();
  }
});

test('the popup is filled and focused before its first contentful paint, and no style sheet delays its first script', async ({
  extension,
  sandbox,
}) => {
  await configureConnection(extension.context, extension.extensionId, sandbox);
  const page = await extension.context.newPage();
  await page.goto(sandbox.pageUrl('ready-before-paint', 'Ready before paint'));

  const popup = await openPopupForTab(extension, page);
  await expect(popup.getByRole('button', { name: 'Create project' })).toBeFocused();
  await expect(popup.getByLabel('Project name', { exact: true })).toHaveValue('Ready before paint');
  // The form renders in the task that receives the background's answer (flushSync), focus included: the
  // first paint that shows text already shows the filled, focused form, never an unfocused one.
  const timing = await popup.evaluate(
    () =>
      new Promise<{ ready: number; contentfulPaint: number }>((resolve) => {
        const ready = performance.getEntriesByName('popup-ready')[0]!.startTime;
        const read = () => {
          const paint = performance.getEntriesByName('first-contentful-paint')[0];
          if (paint) resolve({ ready, contentfulPaint: paint.startTime });
          else requestAnimationFrame(read);
        };
        read();
      }),
  );
  expect(timing.ready).toBeLessThan(timing.contentfulPaint);
  // A linked style sheet blocks module scripts until it loads: the popup's styles are in its HTML.
  const html = await popup.evaluate(() => fetch('/popup.html').then((response) => response.text()));
  expect(html).not.toMatch(/<link[^>]*rel="stylesheet"/);
  expect(html).toMatch(/<style>[^<]*--accent/);
  // …and they apply: the primary button has the accent colour, the body the palette's background.
  const colours = await popup.evaluate(() => ({
    body: getComputedStyle(document.body).backgroundColor,
    bodyVariable: getComputedStyle(document.documentElement).getPropertyValue('--bg').trim(),
    button: getComputedStyle(document.querySelector('button.primary')!).backgroundColor,
  }));
  expect(colours.bodyVariable).not.toBe('');
  expect(colours.button).not.toBe('rgba(0, 0, 0, 0)');
  expect(colours.button).not.toBe(colours.body);
  await popup.close();
});

test("the popup's UI chunk is not in its HTML: its first chunk imports it once the first screen is drawn, and it mounts the popup once", async ({
  extension,
  sandbox,
}) => {
  await configureConnection(extension.context, extension.extensionId, sandbox);
  const page = await extension.context.newPage();
  await page.goto(sandbox.pageUrl('ui-chunk-script', 'UI chunk script'));

  const popup = await openPopupForTab(extension, page);
  // One form (a second mount would render a second one: the locators are strict), filled and focused.
  await expect(popup.getByRole('button', { name: 'Create project' })).toBeFocused();
  await expect(popup.getByLabel('Project name', { exact: true })).toHaveValue('UI chunk script');
  // Fetched alongside the first chunk, the UI chunk held it back (wxt.config.ts `UI_AT_START`): the HTML
  // names the first chunk only, and the UI runs (mount.tsx marks it) after the first screen was ready.
  const html = await popup.evaluate(() => fetch('/popup.html').then((response) => response.text()));
  const named = (pattern: RegExp) => [...html.matchAll(pattern)].map((match) => match[1]);
  expect(named(/<script type="module"[^>]*src="\/chunks\/([a-z]+)-[^"]+\.js"/g)).toEqual(['popup']);
  expect(named(/<link rel="modulepreload"[^>]*href="\/chunks\/([a-z]+)-[^"]+\.js"/g)).toEqual([]);
  await untilReactsPopup(popup);
  const [ready, ui] = await popup.evaluate(() =>
    ['popup-ready', 'popup-ui'].map((name) => performance.getEntriesByName(name)[0]!.startTime),
  );
  expect(ui).toBeGreaterThan(ready!);
  await popup.close();
});

test('Enter in either field submits; Done in a tab goes back to a fresh form', async ({ extension, sandbox }) => {
  await configureConnection(extension.context, extension.extensionId, sandbox);
  const page = await extension.context.newPage();
  await page.goto(sandbox.pageUrl('enter-in-fields', 'Enter in fields'));
  const popup = await openPopupForTab(extension, page);

  const name = popup.getByLabel('Project name', { exact: true });
  await name.fill('Typed, then Enter');
  await name.press('Enter');
  await expect(popup.getByRole('status')).toHaveText('Project “Typed, then Enter” created.');

  // In a tab, Done starts again: the same page is now in the history, so the form warns and focus
  // is on Register again.
  await popup.getByRole('button', { name: 'Done' }).click();
  await expect(popup.getByRole('region', { name: 'Already registered' })).toBeVisible();
  await expect(popup.getByRole('button', { name: 'Register again' })).toBeFocused();
  await popup.keyboard.press('Enter');
  const create = popup.getByRole('button', { name: 'Create project' });
  await expect(create).toBeFocused();
  const url = popup.getByLabel('Project URL', { exact: true });
  await url.fill(sandbox.pageUrl('typed-then-enter'));
  await url.press('Enter');
  // The sandbox holds the project once the popup shows its ID: read it only then.
  const projectId = popup.getByLabel('Project ID', { exact: true });
  await expect(projectId).toBeVisible();
  await expect(projectId).toHaveValue(sandbox.projects()[1]!.projectId);
  expect(sandbox.projects().map((project) => project.projectUrl)).toEqual([
    page.url(),
    sandbox.pageUrl('typed-then-enter'),
  ]);
});

test('a 2,000-character address and a long name never widen the popup past 380 px', async ({ extension, sandbox }) => {
  await configureConnection(extension.context, extension.extensionId, sandbox);
  const longName = `Quarterly-report-${'x'.repeat(150)}`;
  const page = await extension.context.newPage();
  const longUrl = `${sandbox.pageUrl('long-url', longName)}&q=${'a'.repeat(2000)}`;
  await page.goto(longUrl);
  expect(page.url().length).toBeGreaterThan(2000);
  const popup = await openPopupForTab(extension, page);
  await popup.setViewportSize({ width: 380, height: 600 });
  const noHorizontalOverflow = async (state: string) => {
    const { scrollWidth, clientWidth } = await popup.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
    expect(scrollWidth, `document width (${state})`).toBeLessThanOrEqual(clientWidth);
  };

  const url = popup.getByLabel('Project URL', { exact: true });
  await expect(url).toHaveValue(page.url());
  await noHorizontalOverflow('prefilled');
  await url.fill(`not-an-address-${'z'.repeat(2000)}`);
  await expect(url).toHaveAttribute('aria-invalid', 'true');
  await noHorizontalOverflow('an unusable address, explained');
  await url.fill(page.url());
  await popup.getByRole('button', { name: 'Create project' }).click();
  await expect(popup.getByLabel('Project ID', { exact: true })).toBeVisible();
  await noHorizontalOverflow('created');

  const again = await openPopupForTab(extension, page);
  await again.setViewportSize({ width: 380, height: 600 });
  await expect(again.getByRole('region', { name: 'Already registered' })).toBeVisible();
  const { scrollWidth, clientWidth } = await again.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, 'document width (already registered, recent projects)').toBeLessThanOrEqual(clientWidth);
});
