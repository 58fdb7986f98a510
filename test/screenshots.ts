// Screenshots for the README and the store listings: `node test/screenshots.ts` after `npm run build:e2e`.
// Launches headless Chromium with (a copy of) the e2e build and the sandbox, sets the connection up
// through the options page, creates a few groups and projects the way a user does, and writes PNGs to
// docs/screenshots/ (README) and store/images/ (Chrome Web Store: 1280×800 screenshots and the 440×280
// promo tile, composed as HTML pages by test/store-images.ts and rendered by the same Chromium).
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { recompressPng } from './png.ts';
import { startSandbox } from './sandbox/server.ts';
import { launchExtensionBrowser, type ExtensionBrowser } from './e2e/fixtures/chromium.ts';
import { configureConnection, optionsUrl, type OptionsSection } from './e2e/fixtures/connection.ts';
import { tabIdOf } from './e2e/fixtures/popup.ts';
import { CHROME_BUILD_DIR } from './e2e/fixtures/paths.ts';
import {
  BROWSER_CONTENT,
  CAPTION_BAND_HEIGHT,
  PROMO_TILE,
  captionedPageHtml,
  STORE_POPUP_ZOOM,
  STORE_SCREENSHOT,
  pngSize,
  popupOverPageHtml,
  promoTileHtml,
} from './store-images.ts';

const OUT_DIR = path.resolve(import.meta.dirname, '../docs/screenshots');
const STORE_DIR = path.resolve(import.meta.dirname, '../store/images');
const POPUP_WIDTH = 380;
const OPTIONS_WIDTH = 1280;

type Scheme = 'light' | 'dark';

interface WebPage {
  path: string;
  title: string;
  /** The page's content, when it shows (the store screenshots show the page behind the popup). */
  body?: string;
}
/** Pages already registered, so that the popup lists recent projects and the options page a history. */
const EARLIER_PAGES: WebPage[] = [
  { path: '/handbook/onboarding', title: 'Onboarding handbook — People team' },
  { path: '/blog/quarterly-results', title: 'Q3 results: what changed and why' },
];
/** The page the popup is opened on. */
const CURRENT_PAGE: WebPage = {
  path: '/docs/pricing',
  title: 'Pricing plans for teams',
  body: `<style>
    body { margin: 0; font: 17px/1.5 system-ui, sans-serif; color: #1d2433; background: #f6f7fb; }
    header { background: #fff; border-bottom: 1px solid #e2e5ee; padding: 18px 48px; font-weight: 700; color: #6b3fd1; }
    main { max-width: 1180px; margin: 0 auto; padding: 36px 48px; }
    h1 { font-size: 40px; margin: 0 0 8px; } .lead { color: #566079; margin: 0 0 32px; }
    .plans { display: grid; grid-template-columns: repeat(3, 1fr); gap: 24px; }
    .plan { background: #fff; border: 1px solid #e2e5ee; border-radius: 12px; padding: 24px; }
    .plan h2 { margin: 0; font-size: 22px; } .price { font-size: 34px; font-weight: 700; margin: 12px 0; }
    .plan li { margin: 6px 0; color: #3b4458; }
  </style>
  <header>Acme Analytics</header>
  <main><h1>Pricing plans for teams</h1><p class="lead">Every plan includes unlimited dashboards and a 30-day trial.</p>
  <div class="plans">
    <section class="plan"><h2>Starter</h2><p class="price">$19</p><ul><li>5 seats</li><li>Email support</li><li>1 workspace</li></ul></section>
    <section class="plan"><h2>Team</h2><p class="price">$49</p><ul><li>25 seats</li><li>Priority support</li><li>SSO</li></ul></section>
    <section class="plan"><h2>Enterprise</h2><p class="price">Custom</p><ul><li>Unlimited seats</li><li>Audit log</li><li>Dedicated manager</li></ul></section>
  </div></main>`,
};

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
      const { developerPrivate } = (
        globalThis as unknown as {
          chrome: { developerPrivate: { updateExtensionCommand(update: object): Promise<void> } };
        }
      ).chrome;
      await developerPrivate.updateExtensionCommand({ extensionId, commandName: '_execute_action', keybinding });
    },
    { extensionId: ext.extensionId, keybinding },
  );
  await page.close();
}

/** A section of the options page in one scheme; the emulated scheme must be set before the page loads. */
async function openOptions(ext: ExtensionBrowser, scheme: Scheme, section: OptionsSection): Promise<Page> {
  const page = await ext.context.newPage();
  await page.setViewportSize({ width: OPTIONS_WIDTH, height: 900 });
  await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
  await page.goto(optionsUrl(ext.extensionId, section));
  await expect(page.locator('main h2').first()).toBeVisible();
  return page;
}

/** The README's pictures of the options page: every section, each opened at its own address. */
const README_SECTIONS: OptionsSection[] = ['start', 'projects', 'groups', 'connection', 'backup', 'activity', 'about'];

/**
 * The pages a reviewer registers, on http://localhost:<port> (inside the e2e build's host permissions):
 * plain addresses read better in the pictures than the sandbox's /pages/<slug>?title=… ones.
 */
async function startWebSite(): Promise<{ origin: string; server: Server }> {
  const pages = new Map([...EARLIER_PAGES, CURRENT_PAGE].map((page) => [page.path, page]));
  const server = createServer((request, response) => {
    const page = pages.get(new URL(request.url ?? '/', 'http://localhost').pathname);
    if (page === undefined) return void response.writeHead(404).end();
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(`<!doctype html><html lang="en"><title>${page.title}</title>${page.body ?? `<h1>${page.title}</h1>`}`);
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

/** No focus ring or selection left over from filling the forms. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    document.getSelection()?.removeAllRanges();
  });
}

async function capture(page: Page, fullPage = true): Promise<Buffer> {
  await settle(page);
  const shot = (whole = false) => page.screenshot({ fullPage: whole, animations: 'disabled', caret: 'hide' });
  if (!fullPage) return shot();
  // The whole page in one viewport, as tall as the page: a full-page screenshot stitches the page under
  // the first viewport's fixed parts, which left the job panel (pinned to the window's bottom) over the
  // middle of a long section.
  const viewport = page.viewportSize();
  if (!viewport) return shot(true);
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  if (height <= viewport.height) return shot();
  await page.setViewportSize({ width: viewport.width, height });
  try {
    // The page may lay out again for the taller window (the job panel's room): measure once more.
    const settled = await page.evaluate(() => document.documentElement.scrollHeight);
    if (settled !== height) await page.setViewportSize({ width: viewport.width, height: settled });
    return await shot();
  } finally {
    await page.setViewportSize(viewport);
  }
}

async function save(target: string, screenshot: Buffer): Promise<void> {
  const png = recompressPng(screenshot);
  await writeFile(target, png);
  const { width, height } = pngSize(png);
  console.log(`${path.relative(process.cwd(), target)}  ${width}×${height}  ${png.length.toLocaleString()} bytes`);
}

async function shoot(page: Page, file: string): Promise<void> {
  await save(path.join(OUT_DIR, file), await capture(page));
}

/** A store picture: exactly `size`, or the script fails. */
async function saveStoreImage(
  file: string,
  screenshot: Buffer,
  size: { width: number; height: number },
): Promise<void> {
  const actual = pngSize(screenshot);
  if (actual.width !== size.width || actual.height !== size.height) {
    throw new Error(`${file} is ${actual.width}×${actual.height}, not ${size.width}×${size.height}`);
  }
  await save(path.join(STORE_DIR, file), screenshot);
}

const dataUrl = (png: Buffer): string => `data:image/png;base64,${png.toString('base64')}`;

/** The popup, drawn larger (CSS zoom keeps its layout and re-renders text sharply). */
async function zoomedPopup(popup: Page): Promise<Buffer> {
  await popup.setViewportSize({ width: Math.round(POPUP_WIDTH * STORE_POPUP_ZOOM), height: 200 });
  await popup.evaluate((zoom) => {
    document.documentElement.style.zoom = String(zoom);
  }, STORE_POPUP_ZOOM);
  return capture(popup);
}

/** Renders one of test/store-images.ts's pages at `size` and returns the PNG. */
async function render(ext: ExtensionBrowser, html: string, size: { width: number; height: number }): Promise<Buffer> {
  const stage = await ext.context.newPage();
  try {
    await stage.setViewportSize(size);
    await stage.setContent(html, { waitUntil: 'load' });
    return await stage.screenshot({ animations: 'disabled', caret: 'hide' });
  } finally {
    await stage.close();
  }
}

interface PageShot {
  png: Buffer;
  url: string;
  icon: Buffer;
}

async function popupStoreShot(
  ext: ExtensionBrowser,
  page: PageShot,
  popup: Page,
  file: string,
  headline: string,
  detail: string,
): Promise<void> {
  const popupPng = await zoomedPopup(popup);
  const html = popupOverPageHtml({
    page: dataUrl(page.png),
    pageUrl: page.url,
    popup: dataUrl(popupPng),
    popupWidth: pngSize(popupPng).width,
    icon: dataUrl(page.icon),
    headline,
    detail,
  });
  await saveStoreImage(file, await render(ext, html, STORE_SCREENSHOT), STORE_SCREENSHOT);
}

/** A section of the options page under a caption. */
async function optionsStoreShot(
  ext: ExtensionBrowser,
  scheme: Scheme,
  section: OptionsSection,
  file: string,
  headline: string,
  detail: string,
  /** A heading (level 2) to scroll to the top of the picture, when the caption is about a part further down. */
  scrollTo?: string,
): Promise<void> {
  const options = await openOptions(ext, scheme, section);
  await options.setViewportSize({
    width: STORE_SCREENSHOT.width,
    height: STORE_SCREENSHOT.height - CAPTION_BAND_HEIGHT,
  });
  if (scrollTo)
    await options.getByRole('heading', { level: 2, name: scrollTo }).evaluate((heading) => {
      heading.scrollIntoView({ block: 'start' });
      window.scrollBy(0, -24);
    });
  await options.waitForTimeout(300);
  const html = captionedPageHtml({ page: dataUrl(await capture(options, false)), headline, detail });
  await saveStoreImage(file, await render(ext, html, STORE_SCREENSHOT), STORE_SCREENSHOT);
  await options.close();
}

async function promoTile(ext: ExtensionBrowser, extensionDir: string): Promise<void> {
  const icon = await readFile(path.join(extensionDir, 'icon/128.png'));
  const messages = JSON.parse(await readFile(path.join(extensionDir, '_locales/en/messages.json'), 'utf8')) as {
    extName: { message: string };
  };
  const html = promoTileHtml({
    icon: dataUrl(icon),
    name: messages.extName.message,
    pitch: 'Register the page you are on for review.',
  });
  await saveStoreImage('promo-tile-440x280.png', await render(ext, html, PROMO_TILE), PROMO_TILE);
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
    await mkdir(STORE_DIR, { recursive: true });
    await assignSuggestedShortcut(ext, buildCopy);

    // The connection and the groups, through the options page as a user would.
    await configureConnection(ext.context, ext.extensionId, sandbox);
    const setup = await openOptions(ext, 'light', 'groups');
    for (const group of GROUPS_BY_HAND) {
      await setup.getByLabel('Name', { exact: true }).fill(group.name);
      await setup.getByLabel('User group ID', { exact: true }).fill(group.id);
      await setup.getByLabel('Environment', { exact: true }).selectOption(group.environment);
      await setup.getByRole('button', { name: 'Create user group' }).click();
      await expect(setup.getByRole('status')).toContainText(`(${group.environment}, ID ${group.id})`);
    }
    await setup
      .getByLabel('Add groups from file')
      .setInputFiles({ name: 'customers.csv', mimeType: 'text/csv', buffer: Buffer.from(GROUPS_CSV) });
    await setup.getByLabel('Requests per minute').fill('600');
    await setup.getByRole('button', { name: /^Create 4 groups/ }).click();
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
    await current.setViewportSize(BROWSER_CONTENT);
    const pageShot: PageShot = {
      png: await capture(current, false),
      url: current.url(),
      icon: await readFile(path.join(buildCopy, 'icon/32.png')),
    };
    for (const scheme of ['light', 'dark'] as const) {
      const popup = await openPopup(ext, tabId, scheme);
      await shoot(popup, `popup-${scheme}.png`);
      await popup.close();
    }
    const prefilled = await openPopup(ext, tabId, 'light');
    await popupStoreShot(
      ext,
      pageShot,
      prefilled,
      'chrome-1-register-page.png',
      'Register the page you are on for review',
      'Its address and title are filled in from the tab. One click creates the review project.',
    );
    await prefilled.close();
    const popup = await openPopup(ext, tabId, 'light');
    await createProject(popup);
    await shoot(popup, 'popup-success-light.png');
    await popupStoreShot(
      ext,
      pageShot,
      popup,
      'chrome-2-project-created.png',
      'The project ID, ready to copy',
      'Every page you register is kept in a history, and a page registered before is pointed out.',
    );
    await popup.close();

    for (const scheme of ['light', 'dark'] as const) {
      for (const section of README_SECTIONS) {
        const options = await openOptions(ext, scheme, section);
        if (section === 'groups')
          await expect(options.getByRole('row').filter({ hasText: 'Tailspin Toys' })).toBeVisible();
        if (section === 'projects')
          await expect(options.getByRole('row').filter({ hasText: CURRENT_PAGE.title })).toBeVisible();
        if (section === 'activity')
          await expect(
            options.getByRole('table', { name: 'Activity log' }).getByRole('row').filter({ hasText: 'Tailspin Toys' }),
          ).not.toHaveCount(0);
        await shoot(options, `options-${section}-${scheme}.png`);
        await options.close();
      }
    }

    await optionsStoreShot(
      ext,
      'light',
      'groups',
      'chrome-3-user-groups.png',
      "Manage the service's user groups",
      'Create, rotate tokens, delete, search, export and import: the registry of every token, kept in this browser.',
    );
    await optionsStoreShot(
      ext,
      'dark',
      'projects',
      'chrome-4-bulk-create-and-history.png',
      'Every project you registered, searchable',
      'Bulk create from a CSV runs in the background, paced below the rate limit. Dark mode follows the system.',
      'Project history',
    );
    await optionsStoreShot(
      ext,
      'light',
      'connection',
      'chrome-5-connection.png',
      'Your credentials stay in this browser',
      'Shown masked after saving, never synced, sent only to the service addresses you enter; optionally locked with a passphrase.',
    );
    await promoTile(ext, buildCopy);
  } finally {
    await ext.close();
    await sandbox.close();
    site.server.closeAllConnections();
    await new Promise((resolve) => site.server.close(resolve));
    await rm(buildCopy, { recursive: true, force: true });
  }
}

await main();
