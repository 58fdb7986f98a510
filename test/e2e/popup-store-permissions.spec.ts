import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { configureConnection } from './fixtures/connection.ts';
import { openActionPopup } from './fixtures/popup.ts';
import { secretsOf } from './fixtures/sandbox.ts';
import { expect, test } from './fixtures/test.ts';

/**
 * The popup with the store build's permissions: `tabs` is optional (asked for in the Register N selected
 * tabs click), not held up front as in the e2e build. With it every tab's address is readable, so what a
 * toolbar click alone reveals (activeTab) is only seen with the permissions users install with.
 */
test.use({ storePermissions: true });

const TYPE_INSTEAD = 'To register a web page instead, type or paste its address (https://…) in this field.';
const CANNOT_READ_HINT = `This page cannot be registered: the browser hides its address from extensions, as it does for browser pages (chrome://, about:), the PDF viewer, other extensions’ pages and extension stores. ${TYPE_INSTEAD}`;

test.afterAll(async ({ extensionBrowser, sandbox }) => {
  expect(await extensionBrowser.console.findAny(secretsOf(sandbox)), 'console lines that contain a secret').toEqual([]);
});

test('a toolbar click grants activeTab: a page outside the host permissions is prefilled too', async ({
  extension,
  sandbox,
}) => {
  await configureConnection(extension.context, extension.extensionId, sandbox);
  // 127.0.0.2 is loopback but not in the e2e build's host permissions (http://127.0.0.1/*, http://localhost/*).
  const server = createServer((_request, response) => {
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end('<!doctype html><title>Outside the host permissions</title>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.2', resolve));
  try {
    const page = await extension.context.newPage();
    await page.goto(`http://127.0.0.2:${(server.address() as AddressInfo).port}/article`);

    const withoutGrant = await openActionPopup(extension, page, 'openPopup');
    await expect(withoutGrant.popup.getByText(CANNOT_READ_HINT)).toBeVisible();
    await expect(withoutGrant.popup.getByLabel('Project URL', { exact: true })).toHaveValue('');
    await withoutGrant.close();

    const clicked = await openActionPopup(extension, page, 'toolbarClick');
    try {
      await expect(clicked.popup.getByLabel('Project URL', { exact: true })).toHaveValue(page.url());
      await expect(clicked.popup.getByLabel('Project name', { exact: true })).toHaveValue(
        'Outside the host permissions',
      );
    } finally {
      await clicked.close();
    }
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

test('a browser page is explained, and its address field stays editable', async ({ extension, sandbox }) => {
  await configureConnection(extension.context, extension.extensionId, sandbox);
  const browserPage = await extension.context.newPage();
  await browserPage.goto('chrome://version');

  // Even a real toolbar click (activeTab) does not reveal a chrome:// address to an extension.
  const { popup, close } = await openActionPopup(extension, browserPage, 'toolbarClick');
  try {
    // What the page is, that it cannot be registered, and what to do instead, at the empty address
    // field, which has focus; Create project waits for an address that can be registered.
    const url = popup.getByLabel('Project URL', { exact: true });
    await expect(url).toHaveAccessibleDescription(CANNOT_READ_HINT);
    await expect(popup.getByText(CANNOT_READ_HINT)).toBeVisible();
    await expect(url).toHaveValue('');
    await expect(url).toBeFocused();
    await expect(url).toBeEditable();
    const create = popup.getByRole('button', { name: 'Create project' });
    await expect(create).toBeDisabled();

    // Typed, the browser page is explained next to the field as it is typed, and nothing can be sent.
    await url.fill('chrome://version/');
    await popup.getByLabel('Project name', { exact: true }).fill('Browser version page');
    await expect(url).toHaveAttribute('aria-invalid', 'true');
    await expect(url).toHaveAccessibleDescription(
      'This is a browser page (chrome://…). Only web pages (http or https) can be registered.',
    );
    await expect(create).toBeDisabled();
    await url.press('Enter');
    expect(sandbox.requests).toHaveLength(0);

    // The field still takes a web address: Create project is offered, and the project is created.
    const webUrl = sandbox.pageUrl('typed-by-hand');
    await url.fill(webUrl);
    await expect(url).not.toHaveAttribute('aria-invalid');
    await expect(create).toBeEnabled();
    await create.click();
    await expect(popup.getByLabel('Project ID', { exact: true })).toBeVisible();
    expect(sandbox.projects().map((project) => project.projectUrl)).toEqual([webUrl]);
  } finally {
    await close();
  }
});
