// The pictures of docs/screenshots/at-scale/ (issue 26 and issue 24's finding 9): `node test/screenshots-at-scale.ts`
// after `npm run build:e2e` (`npm run screenshots` runs both scripts). Each state is taken twice, so that
// every state is seen in both languages, both schemes and both widths: English in light at 760 px and
// Japanese in dark at 1280 px, or English in dark at 1280 px and Japanese in light at 760 px; the popup
// at 380 px. One browser per language, with a sandbox of its own; the workspace is set up through the
// extension's own messages and pages, and 2,000 groups are restored from a backup (recipes.md).
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { launchExtensionBrowser, type ExtensionBrowser } from './e2e/fixtures/chromium.ts';
import { optionsUrl, type OptionsSection } from './e2e/fixtures/connection.ts';
import { manyGroups, restoreGroups } from './e2e/fixtures/many-groups.ts';
import { CHROME_BUILD_DIR } from './e2e/fixtures/paths.ts';
import { recompressPng } from './png.ts';
import { startSandbox, type Sandbox } from './sandbox/server.ts';
import { pngSize } from './store-images.ts';

const OUT_DIR = path.resolve(import.meta.dirname, '../docs/screenshots/at-scale');
const GROUPS = 2000;
const PASSPHRASE = 'screenshots passphrase 26';
const HEIGHT = 820;

type Language = 'en' | 'ja';
type Scheme = 'light' | 'dark';
interface Variant {
  width: 760 | 1280;
  scheme: Scheme;
}
/** Per language, the two variants a state is taken in (see the top of the file). */
const VARIANTS: Record<Language, { first: Variant; second: Variant }> = {
  en: { first: { width: 760, scheme: 'light' }, second: { width: 1280, scheme: 'dark' } },
  ja: { first: { width: 1280, scheme: 'dark' }, second: { width: 760, scheme: 'light' } },
};

/** The build's messages in one language: `text('groupsCreate')`, with `$1`… filled in. */
async function messagesOf(buildDir: string, language: Language) {
  const file = path.join(buildDir, '_locales', language, 'messages.json');
  const messages = JSON.parse(await readFile(file, 'utf8')) as Record<
    string,
    { message: string; placeholders?: Record<string, { content: string }> }
  >;
  return (key: string, ...args: (string | number)[]) => {
    const entry = messages[key];
    if (!entry) throw new Error(`no message ${key} in ${language}`);
    return entry.message.replace(/\$([A-Z_]+)\$/g, (_, name: string) => {
      const content = entry.placeholders?.[name.toLowerCase()]?.content ?? '';
      const index = Number(content.replace('$', '')) - 1;
      return String(args[index] ?? '');
    });
  };
}
type Text = Awaited<ReturnType<typeof messagesOf>>;

interface Run {
  ext: ExtensionBrowser;
  sandbox: Sandbox;
  language: Language;
  text: Text;
  workspaceId: string;
}

async function save(file: string, png: Buffer): Promise<void> {
  const smaller = recompressPng(png);
  const target = path.join(OUT_DIR, file);
  await writeFile(target, smaller);
  const { width, height } = pngSize(smaller);
  console.log(`${path.relative(process.cwd(), target)}  ${width}×${height}  ${smaller.length.toLocaleString()} bytes`);
}

/** The window as the user sees it (a 2,000-row page is far too tall for a full-page picture). */
async function shoot(run: Run, page: Page, state: string, variant: Variant): Promise<void> {
  await page.evaluate(() => document.getSelection()?.removeAllRanges());
  const png = await page.screenshot({ animations: 'disabled', caret: 'hide' });
  await save(`${state}-${variant.width}-${variant.scheme}-${run.language}.png`, png);
}

async function openOptions(run: Run, variant: Variant, section: OptionsSection = 'groups'): Promise<Page> {
  const page = await run.ext.context.newPage();
  await page.setViewportSize({ width: variant.width, height: HEIGHT });
  await page.emulateMedia({ colorScheme: variant.scheme, reducedMotion: 'reduce' });
  await page.goto(optionsUrl(run.ext.extensionId, section));
  await expect(page.locator('main h2').first()).toBeVisible();
  return page;
}

/** Sends a message to the background from an extension page, as the pages do (the sender guard admits it). */
async function send(page: Page, type: string, data: unknown): Promise<{ ok: boolean; value?: unknown }> {
  return page.evaluate(
    async ([name, payload]) =>
      (await (
        globalThis as unknown as { chrome: { runtime: { sendMessage(message: unknown): Promise<unknown> } } }
      ).chrome.runtime.sendMessage({ type: name, data: payload })) as { ok: boolean; value?: unknown },
    [type, data] as const,
  );
}

async function expectOk(page: Page, type: string, data: unknown): Promise<unknown> {
  const answer = await send(page, type, data);
  if (!answer.ok) throw new Error(`${type} failed: ${JSON.stringify(answer)}`);
  return answer.value;
}

/** The connection, a few groups the service knows, 2,000 restored ones, and a history of projects. */
async function setUp(run: Run): Promise<void> {
  const page = await openOptions(run, { width: 1280, scheme: 'light' });
  const { sandbox, workspaceId } = run;
  await expectOk(page, 'saveConnection', {
    workspaceId,
    userGroupBaseUrl: sandbox.userGroupBaseUrl,
    projectApiUrl: sandbox.projectApiUrl,
    secretsArea: 'local',
    ...sandbox.credentials,
  });
  const names =
    run.language === 'ja'
      ? ['北風トレーダーズ', '株式会社コントソ 経理部', 'ファブリカム小売 品質保証', 'テイルスピン玩具 ダッシュボード']
      : ['Northwind Traders', 'Contoso Pharmaceuticals — finance', 'Fabrikam Retail QA', 'Tailspin Toys dashboard'];
  for (const [index, name] of names.entries())
    await expectOk(page, 'createUserGroup', {
      workspaceId,
      name,
      userGroupId: `known-${index}`,
      environment: index % 2 ? 'Testing' : 'Customer',
    });
  await restoreGroups(page, manyGroups(GROUPS));
  // Projects: a name too long for the popup, an address in another script, and a 1 KB one.
  const projects = [
    { projectUrl: `${sandbox.origin}/pages/handbook`, projectName: 'Onboarding handbook — People team' },
    {
      projectUrl: new URL('https://xn--mnchen-3ya.example/stra%C3%9Fe/%E6%97%A5%E6%9C%AC%E8%AA%9E?q=%C3%A9t%C3%A9')
        .href,
      projectName: 'Münchner Straßenfest — Anmeldung und Programm 2026',
    },
    {
      projectUrl: `https://example.com/search?${'filter=category%3Dreports%26year%3D2026&'.repeat(26)}end=1`,
      projectName: 'Quarterly reports search with every filter applied, as the marketing team bookmarked it',
    },
  ];
  for (const project of projects) await expectOk(page, 'createProject', { workspaceId, ...project });
  await page.close();
}

const groupsGrid = (page: Page) => page.locator('[role=grid]');

async function jobStates(run: Run): Promise<void> {
  const { text } = run;
  const { first, second } = VARIANTS[run.language];
  // Running: 2,000 tokens rotating, seen from the middle of the list (where the admin is).
  const page = await openOptions(run, first);
  await expect(groupsGrid(page)).toBeVisible({ timeout: 20_000 });
  await page.locator('.group-head input[type=checkbox]').check();
  await page.getByRole('button', { name: text('groupsRotateSelected'), exact: true }).click();
  const dialog = page.getByRole('dialog');
  await shoot(run, page, 'mass-rotate-dialog', first);
  await dialog.getByRole('textbox').fill(String(GROUPS + 4));
  await dialog.getByRole('button', { name: new RegExp(`${GROUPS + 4}|${(GROUPS + 4).toLocaleString('en')}`) }).click();
  await expect(page.locator('#job-panel')).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
  await expect(page.locator('#job-panel .bulk-counts')).toHaveText(/[1-9]\d*/, { timeout: 20_000 });
  await page.waitForTimeout(2500);
  await shoot(run, page, 'job-running', first);
  const about = await openOptions(run, second, 'about');
  await expect(about.locator('#job-panel')).toBeVisible();
  await shoot(run, about, 'job-running', second);
  await about.close();
  // Cancelled: what failed (the restored groups are unknown to the sandbox), Retry failed.
  await page
    .locator('#job-panel')
    .getByRole('button', { name: text('jobCancelLabel') })
    .click();
  await expect(page.locator('#job-panel').getByRole('button', { name: text('jobRetryFailed') })).toBeVisible({
    timeout: 20_000,
  });
  await shoot(run, page, 'job-finished', first);
  const wide = await openOptions(run, second);
  await expect(wide.locator('#job-panel')).toBeVisible();
  await shoot(run, wide, 'job-finished', second);
  await wide.close();
  // Mass delete: typed confirmation, the workspace named, Export JSON first.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.locator('.group-head input[type=checkbox]').check();
  await page.getByRole('button', { name: text('groupsDeleteSelected'), exact: true }).click();
  await page.getByRole('dialog').getByRole('textbox').fill('22');
  await shoot(run, page, 'mass-delete-dialog', first);
  await page
    .getByRole('dialog')
    .getByRole('button', { name: text('dialogCancel') })
    .click();
  await page.close();
  const otherWidth = await openOptions(run, second);
  await expect(groupsGrid(otherWidth)).toBeVisible({ timeout: 20_000 });
  await otherWidth.locator('.group-head input[type=checkbox]').check();
  await otherWidth.getByRole('button', { name: text('groupsDeleteSelected'), exact: true }).click();
  await shoot(run, otherWidth, 'mass-delete-dialog', second);
  await otherWidth.close();
  // The job's panel closes (a finished job), for the states after.
  const closing = await openOptions(run, first);
  await closing
    .locator('#job-panel')
    .getByRole('button', { name: text('jobPanelClose') })
    .click();
  await closing.close();
}

async function listStates(run: Run, variant: Variant, flip: boolean): Promise<void> {
  const { text, sandbox } = run;
  const page = await openOptions(run, variant);
  await expect(groupsGrid(page)).toBeVisible({ timeout: 20_000 });
  const search = page.locator('#group-search');
  // A created group: pinned first and marked, Copy token in its message, focus back in Name.
  const name =
    run.language === 'ja'
      ? flip
        ? 'ノースウィンド 監査'
        : 'ノースウィンド 営業'
      : flip
        ? 'Zephyr audit'
        : 'Zephyr sales';
  await page.getByLabel(text('groupsFieldName'), { exact: true }).fill(name);
  await page.getByLabel(text('groupsFieldId'), { exact: true }).fill(flip ? 'zephyr-audit' : 'zephyr-sales');
  await page.getByRole('button', { name: text('groupsCreate') }).click();
  await expect(page.getByRole('status').first()).toBeVisible();
  await shoot(run, page, 'group-created', variant);
  // One outcome, one message: a rotation answered with HTTP 500.
  await search.fill(name);
  sandbox.setFault('userGroup.rotate', { kind: 'html', status: 500, afterProcessing: true, times: 1 });
  const row = page.getByRole('row').filter({ hasText: name });
  await row.getByRole('button', { name: text('groupsRowActions', name) }).click();
  await row.getByRole('menuitem', { name: text('groupsRotateToken') }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: text('groupsRotateToken') })
    .click();
  await expect(page.getByRole('alert')).toBeVisible();
  await shoot(run, page, 'rotate-outcome-unknown', variant);
  // The row menu by keyboard, focus on Delete.
  const menuButton = row.getByRole('button', { name: text('groupsRowActions', name) });
  await menuButton.focus();
  await page.keyboard.press('Enter');
  const deleteItem = row.getByRole('menuitem', { name: text('groupsDelete'), exact: true });
  await expect(deleteItem).toBeVisible();
  for (let step = 0; step < 5 && !(await deleteItem.evaluate((item) => item === document.activeElement)); step += 1)
    await page.keyboard.press('ArrowDown');
  await expect(deleteItem).toBeFocused();
  await shoot(run, page, 'row-menu-delete-focus', variant);
  await page.keyboard.press('Escape');
  // No results, and the way back.
  await search.fill(run.language === 'ja' ? '該当なし 存在しない' : 'qa nothing-like-this');
  await expect(page.locator('.no-match')).toBeVisible();
  await shoot(run, page, 'no-results', variant);
  await page.close();
}

async function historyState(run: Run, variant: Variant): Promise<void> {
  const page = await openOptions(run, variant, 'projects');
  await expect(page.getByRole('row').nth(3)).toBeVisible();
  await shoot(run, page, 'history-long-address', variant);
  await page.close();
}

async function popupStates(run: Run, scheme: Scheme): Promise<void> {
  const { ext, text } = run;
  const popup = await ext.context.newPage();
  await popup.setViewportSize({ width: 380, height: 200 });
  await popup.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
  // Opened on a link to a page with a Unicode host and path (the context menu's way): shown decoded.
  const link = 'https://xn--r8jz45g.example/%E3%83%91%E3%82%B9/%C3%BCber-uns';
  await popup.goto(
    ext.extensionUrl(`popup.html?url=${encodeURIComponent(link)}&title=${encodeURIComponent('例え — über uns')}`),
  );
  await expect(popup.getByRole('button', { name: text('createProject') })).toBeEnabled();
  await popup.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await save(`popup-recent-380-${scheme}-${run.language}.png`, await popup.screenshot({ fullPage: true }));
  await popup.close();
}

async function lockStates(run: Run): Promise<void> {
  const { text } = run;
  const { first, second } = VARIANTS[run.language];
  const setup = await openOptions(run, first, 'about');
  await expectOk(setup, 'turnOnLock', { passphrase: PASSPHRASE, lockAfter: '15' });
  await expectOk(setup, 'lockNow', {});
  await setup.close();
  for (const variant of [first, second]) {
    const page = await openOptions(run, variant);
    await expect(page.locator('.locked-box')).toBeVisible();
    await expect(groupsGrid(page)).toBeVisible({ timeout: 20_000 });
    await shoot(run, page, 'groups-locked', variant);
    await page
      .getByRole('row')
      .nth(1)
      .getByRole('button', { name: text('groupsShowToken'), exact: true })
      .click();
    await expect(page.locator('dialog.unlock-dialog')).toBeVisible();
    await page.locator('dialog.unlock-dialog input[type=password]').fill('not the passphrase');
    await page.locator('dialog.unlock-dialog button.primary').click();
    await expect(page.locator('dialog.unlock-dialog [role=alert]')).toBeVisible();
    await shoot(run, page, 'unlock-in-place', variant);
    await page.close();
  }
  // The popup, locked, after a wrong passphrase: the alert, focus back in Passphrase.
  for (const scheme of ['light', 'dark'] as const) {
    const popup = await run.ext.context.newPage();
    await popup.setViewportSize({ width: 380, height: 200 });
    await popup.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    await popup.goto(run.ext.extensionUrl('popup.html?url=https%3A%2F%2Fexample.com%2F&title=Example'));
    await popup.getByLabel(text('lockPassphrase'), { exact: true }).fill('wrong passphrase here');
    await popup.keyboard.press('Tab');
    await popup.keyboard.press('Enter');
    await expect(popup.getByRole('alert')).toBeVisible();
    await save(`popup-locked-wrong-380-${scheme}-${run.language}.png`, await popup.screenshot({ fullPage: true }));
    await popup.close();
  }
}

async function runLanguage(buildDir: string, language: Language): Promise<void> {
  const sandbox = await startSandbox({ port: 0 });
  const ext = await launchExtensionBrowser({ extensionDir: buildDir, language });
  try {
    const worker = await ext.serviceWorker();
    const workspaceId = await worker.evaluate(async () => {
      const api = (
        globalThis as unknown as {
          chrome: { storage: { local: { get(key: string): Promise<Record<string, unknown>> } } };
        }
      ).chrome;
      for (let tries = 0; tries < 100; tries += 1) {
        const { workspaces } = await api.storage.local.get('workspaces');
        const id = (workspaces as { workspaces?: { id: string }[] } | undefined)?.workspaces?.[0]?.id;
        if (id) return id;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('no workspace');
    });
    const run: Run = { ext, sandbox, language, text: await messagesOf(buildDir, language), workspaceId };
    await setUp(run);
    const { first, second } = VARIANTS[language];
    await jobStates(run);
    await listStates(run, first, false);
    await listStates(run, second, true);
    await historyState(run, first);
    await historyState(run, second);
    for (const scheme of ['light', 'dark'] as const) await popupStates(run, scheme);
    await lockStates(run);
  } finally {
    await ext.close();
    await sandbox.close();
  }
}

async function main(): Promise<void> {
  const buildCopy = await mkdtemp(path.join(tmpdir(), 'rc-screenshots-scale-'));
  await cp(CHROME_BUILD_DIR, buildCopy, { recursive: true }).catch((error: unknown) => {
    throw new Error(`No e2e build in ${CHROME_BUILD_DIR}: run \`npm run build:e2e\` first.`, { cause: error });
  });
  try {
    await mkdir(OUT_DIR, { recursive: true });
    const only = process.argv[2] as Language | undefined;
    for (const language of ['en', 'ja'] as const)
      if (!only || only === language) await runLanguage(buildCopy, language);
  } finally {
    await rm(buildCopy, { recursive: true, force: true });
  }
}

await main();
