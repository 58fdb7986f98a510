// Screenshots for the README: `node test/screenshots.ts` after `npm run build:e2e`. Launches headless
// Chromium with (a copy of) the e2e build and the sandbox, sets the connection up through the options
// page, creates a few groups and projects the way a user does, and writes PNGs to docs/screenshots/.
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { constants, crc32, deflateSync, inflateSync } from 'node:zlib';
import { expect, type Page } from '@playwright/test';
import { startSandbox } from './sandbox/server.ts';
import { launchExtensionBrowser, type ExtensionBrowser } from './e2e/fixtures/chromium.ts';
import { configureConnection, optionsUrl } from './e2e/fixtures/connection.ts';
import { tabIdOf } from './e2e/fixtures/popup.ts';
import { CHROME_BUILD_DIR } from './e2e/fixtures/paths.ts';

const OUT_DIR = path.resolve(import.meta.dirname, '../docs/screenshots');
const POPUP_WIDTH = 380;
const OPTIONS_WIDTH = 1200;

type Scheme = 'light' | 'dark';

interface WebPage {
  path: string;
  title: string;
}
/** Pages already registered, so that the popup lists recent projects and the options page a history. */
const EARLIER_PAGES: WebPage[] = [
  { path: '/handbook/onboarding', title: 'Onboarding handbook — People team' },
  { path: '/blog/quarterly-results', title: 'Q3 results: what changed and why' },
];
/** The page the popup is opened on. */
const CURRENT_PAGE: WebPage = { path: '/docs/pricing', title: 'Pricing plans for teams' };

const GROUPS_BY_HAND = [
  { name: 'Northwind Traders', id: 'northwind', environment: 'Customer' },
  { name: 'Northwind Traders (staging)', id: 'northwind', environment: 'Testing' },
] as const;
const GROUPS_CSV = [
  'name,user_group_id,environment',
  'Contoso Pharmaceuticals,contoso,Customer',
  'Fabrikam Retail,fabrikam,Customer',
  'Tailspin Toys,tailspin,Customer',
  'QA — release candidates,qa-rc,Testing',
].join('\r\n');

/**
 * Headless Chromium assigns no suggested shortcut, so the popup's footer would read "not set": the
 * manifest's suggestion is assigned the way a user does on chrome://extensions/shortcuts.
 */
async function assignSuggestedShortcut(ext: ExtensionBrowser, extensionDir: string): Promise<void> {
  const manifest = JSON.parse(await readFile(path.join(extensionDir, 'manifest.json'), 'utf8')) as {
    commands?: { _execute_action?: { suggested_key?: { default?: string } } };
  };
  const keybinding = manifest.commands?._execute_action?.suggested_key?.default;
  if (!keybinding) return;
  const page = await ext.context.newPage();
  await page.goto('chrome://extensions/shortcuts');
  await page.evaluate(
    async ({ extensionId, keybinding }) => {
      const { developerPrivate } = (globalThis as unknown as { chrome: { developerPrivate: { updateExtensionCommand(update: object): Promise<void> } } }).chrome;
      await developerPrivate.updateExtensionCommand({ extensionId, commandName: '_execute_action', keybinding });
    },
    { extensionId: ext.extensionId, keybinding },
  );
  await page.close();
}

/** The options page in one scheme; the emulated scheme must be set before the page loads. */
async function openOptions(ext: ExtensionBrowser, scheme: Scheme): Promise<Page> {
  const page = await ext.context.newPage();
  await page.setViewportSize({ width: OPTIONS_WIDTH, height: 900 });
  await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
  await page.goto(optionsUrl(ext.extensionId));
  await expect(page.getByRole('button', { name: 'Save connection' })).toBeVisible();
  return page;
}

/**
 * The pages a reviewer registers, on http://localhost:<port> (inside the e2e build's host permissions):
 * plain addresses read better in the pictures than the sandbox's /pages/<slug>?title=… ones.
 */
async function startWebSite(): Promise<{ origin: string; server: Server }> {
  const titles = new Map([...EARLIER_PAGES, CURRENT_PAGE].map((page) => [page.path, page.title]));
  const server = createServer((request, response) => {
    const title = titles.get(new URL(request.url ?? '/', 'http://localhost').pathname);
    if (title === undefined) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><html lang="en"><title>${title}</title><h1>${title}</h1>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://localhost:${(server.address() as AddressInfo).port}`, server };
}

async function openWebPage(ext: ExtensionBrowser, origin: string, page: WebPage): Promise<Page> {
  const tab = await ext.context.newPage();
  await tab.goto(`${origin}${page.path}`);
  return tab;
}

/** popup.html?tabId=N at the popup's width, prefilled from the tab; short, so the PNG is the content. */
async function openPopup(ext: ExtensionBrowser, tabId: number, scheme: Scheme): Promise<Page> {
  const popup = await ext.context.newPage();
  await popup.setViewportSize({ width: POPUP_WIDTH, height: 200 });
  await popup.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
  await popup.goto(ext.extensionUrl(`popup.html?tabId=${tabId}`));
  await expect(popup.getByRole('button', { name: 'Create project' })).toBeEnabled();
  await expect(popup.locator('footer')).toHaveText(/^Keyboard shortcut: /);
  return popup;
}

async function createProject(popup: Page): Promise<void> {
  await popup.getByRole('button', { name: 'Create project' }).click();
  await expect(popup.getByLabel('Project ID', { exact: true })).toBeVisible();
}

async function shoot(page: Page, file: string): Promise<void> {
  // No focus ring or selection left over from filling the forms.
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    document.getSelection()?.removeAllRanges();
  });
  const target = path.join(OUT_DIR, file);
  const png = recompressPng(await page.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide' }));
  await writeFile(target, png);
  console.log(`${path.relative(process.cwd(), target)}  ${png.length.toLocaleString()} bytes`);
}

/**
 * The same pixels in fewer bytes (the PNGs are committed): Chromium filters each row and deflates
 * quickly; flat UI pictures compress better unfiltered at deflate's best level (about a fifth smaller).
 * Handles what Chromium writes (8-bit RGB or RGBA, not interlaced); anything else is kept as it is.
 */
function recompressPng(png: Buffer): Buffer {
  const chunks: { type: string; data: Buffer }[] = [];
  for (let offset = 8; offset < png.length; ) {
    const length = png.readUInt32BE(offset);
    chunks.push({ type: png.toString('latin1', offset + 4, offset + 8), data: png.subarray(offset + 8, offset + 8 + length) });
    offset += 12 + length;
  }
  const header = chunks.find((chunk) => chunk.type === 'IHDR')?.data;
  if (!header) return png;
  const width = header.readUInt32BE(0);
  const height = header.readUInt32BE(4);
  const [bitDepth, colorType, , , interlace] = header.subarray(8);
  if (bitDepth !== 8 || (colorType !== 2 && colorType !== 6) || interlace !== 0) return png;
  const bpp = colorType === 2 ? 3 : 4;
  const stride = width * bpp;
  const filtered = inflateSync(Buffer.concat(chunks.filter((chunk) => chunk.type === 'IDAT').map((chunk) => chunk.data)));
  // Undo each row's filter in place; every row then gets filter 0 ("none").
  const rows = Buffer.alloc(height * (stride + 1));
  for (let y = 0; y < height; y++) {
    const filter = filtered[y * (stride + 1)];
    const line = y * (stride + 1) + 1;
    const previous = line - (stride + 1);
    for (let x = 0; x < stride; x++) {
      const left = x >= bpp ? rows[line + x - bpp]! : 0;
      const up = y > 0 ? rows[previous + x]! : 0;
      const upLeft = y > 0 && x >= bpp ? rows[previous + x - bpp]! : 0;
      let predictor = 0;
      if (filter === 1) predictor = left;
      else if (filter === 2) predictor = up;
      else if (filter === 3) predictor = (left + up) >> 1;
      else if (filter === 4) {
        const estimate = left + up - upLeft;
        const [toLeft, toUp, toUpLeft] = [Math.abs(estimate - left), Math.abs(estimate - up), Math.abs(estimate - upLeft)];
        predictor = toLeft <= toUp && toLeft <= toUpLeft ? left : toUp <= toUpLeft ? up : upLeft;
      }
      rows[line + x] = (filtered[line + x]! + predictor) & 0xff;
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const framed = Buffer.alloc(typeAndData.length + 8);
    framed.writeUInt32BE(data.length, 0);
    typeAndData.copy(framed, 4);
    framed.writeUInt32BE(crc32(typeAndData), typeAndData.length + 4);
    return framed;
  };
  const smaller = Buffer.concat([
    png.subarray(0, 8),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: constants.Z_BEST_COMPRESSION, memLevel: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return smaller.length < png.length ? smaller : png;
}

async function main(): Promise<void> {
  // A copy of the build: a rebuild in this checkout meanwhile would swap the chunks under the pages.
  const buildCopy = await mkdtemp(path.join(tmpdir(), 'rc-screenshots-ext-'));
  await cp(CHROME_BUILD_DIR, buildCopy, { recursive: true }).catch((error: unknown) => {
    throw new Error(`No e2e build in ${CHROME_BUILD_DIR}: run \`npm run build:e2e\` first.`, { cause: error });
  });
  const sandbox = await startSandbox({ port: 0 });
  const site = await startWebSite();
  const ext = await launchExtensionBrowser({ extensionDir: buildCopy });
  try {
    await mkdir(OUT_DIR, { recursive: true });
    await assignSuggestedShortcut(ext, buildCopy);

    // The connection and the groups, through the options page as a user would.
    await configureConnection(ext.context, ext.extensionId, sandbox);
    const setup = await openOptions(ext, 'light');
    for (const group of GROUPS_BY_HAND) {
      await setup.getByLabel('Name', { exact: true }).fill(group.name);
      await setup.getByLabel('User group ID', { exact: true }).fill(group.id);
      await setup.getByLabel('Environment', { exact: true }).selectOption(group.environment);
      await setup.getByRole('button', { name: 'Create user group' }).click();
      await expect(setup.getByRole('status')).toContainText(`(${group.environment}, ID ${group.id})`);
    }
    await setup.getByLabel('Bulk create from CSV').setInputFiles({ name: 'customers.csv', mimeType: 'text/csv', buffer: Buffer.from(GROUPS_CSV) });
    await setup.getByLabel('Requests per minute').fill('600');
    await setup.getByRole('button', { name: 'Start', exact: true }).click();
    await expect(setup.getByText('Done.', { exact: true })).toBeVisible({ timeout: 15_000 });
    await setup.close();

    // Earlier projects, for the recent list and the history.
    for (const earlier of EARLIER_PAGES) {
      const tab = await openWebPage(ext, site.origin, earlier);
      const popup = await openPopup(ext, await tabIdOf(ext, tab), 'light');
      await createProject(popup);
      await popup.close();
      await tab.close();
    }

    const current = await openWebPage(ext, site.origin, CURRENT_PAGE);
    const tabId = await tabIdOf(ext, current);
    for (const scheme of ['light', 'dark'] as const) {
      const popup = await openPopup(ext, tabId, scheme);
      await shoot(popup, `popup-${scheme}.png`);
      await popup.close();
    }
    const popup = await openPopup(ext, tabId, 'light');
    await createProject(popup);
    await shoot(popup, 'popup-success-light.png');
    await popup.close();

    for (const scheme of ['light', 'dark'] as const) {
      const options = await openOptions(ext, scheme);
      await expect(options.getByRole('row').filter({ hasText: 'Tailspin Toys' })).toBeVisible();
      await expect(options.getByRole('row').filter({ hasText: CURRENT_PAGE.title })).toBeVisible();
      await shoot(options, `options-${scheme}.png`);
      await options.close();
    }
  } finally {
    await ext.close();
    await sandbox.close();
    site.server.closeAllConnections();
    await new Promise((resolve) => site.server.close(resolve));
    await rm(buildCopy, { recursive: true, force: true });
  }
}

await main();
