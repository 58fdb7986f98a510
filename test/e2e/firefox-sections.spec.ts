// Firefox: the options page's sections (design.md §11, issue 15). One section at a time, each at its own
// address; the navigation moves between them; a link into the connection section focuses that API's
// first field; saved secrets are placeholders, Save connection waits for a change, Forget asks first.
import type { Page } from 'puppeteer-core';
import type { OptionsSection } from './fixtures/connection.ts';
import { launchFirefoxWithExtension, type FirefoxWithExtension } from './fixtures/firefox.ts';
import { button, dialogButton, exists, expectMessage, field, paste, textOf } from './fixtures/firefox-page.ts';
import { goToSection, openOptionsSection, reloadOnSection, waitForSection } from './fixtures/firefox-sections.ts';
import { expect, test } from './fixtures/test.ts';

let ff: FirefoxWithExtension;

test.beforeAll(async () => {
  ff = await launchFirefoxWithExtension();
});

test.afterAll(async () => {
  await ff?.close();
});

/** What has focus: `h2: Backup`, or a field by its label, `input: Project API URL`. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'nothing';
    const label = element.id ? document.querySelector(`label[for="${CSS.escape(element.id)}"]`) : null;
    return `${element.tagName.toLowerCase()}: ${((label ?? element).textContent ?? '').trim()}`;
  });

/** The navigation's links, and which one is marked as the current page. */
const navigation = (page: Page) =>
  page.$$eval('nav[aria-label="Settings sections"] a', (links) =>
    links.map(
      (link) => `${(link.textContent ?? '').trim()}${link.getAttribute('aria-current') === 'page' ? ' (current)' : ''}`,
    ),
  );

const mainHeadings = (page: Page) =>
  page.$$eval('main h2', (headings) => headings.map((heading) => (heading.textContent ?? '').trim()));

const disabled = async (page: Page, selector: string) =>
  (await page.locator(selector).waitHandle()).evaluate((element) => element.matches(':disabled'));

const HEADING: Record<Exclude<OptionsSection, 'start'>, string> = {
  projects: 'Register pages',
  groups: 'User groups',
  connection: 'Connection',
  backup: 'Backup',
  activity: 'Activity',
  about: 'About',
};

test('Firefox: one section at a time, each at its own address; the navigation moves focus to the section heading', async () => {
  const options = await ff.openExtensionPage('options.html');
  await waitForSection(options, 'start');
  expect(await navigation(options)).toEqual([
    'Start (current)',
    'Projects',
    'User groups',
    'Connection',
    'Backup',
    'Activity',
    'About',
  ]);
  expect(await mainHeadings(options)).toEqual(['Welcome to Review Companion']);

  for (const section of ['projects', 'groups', 'connection', 'backup', 'activity', 'about'] as const) {
    await goToSection(options, section);
    expect(await options.evaluate(() => location.hash)).toBe(`#${section}`);
    expect(await mainHeadings(options), `only the ${section} section is shown`).toContain(HEADING[section]);
    for (const other of Object.values(HEADING).filter((heading) => heading !== HEADING[section]))
      expect(await mainHeadings(options)).not.toContain(other);
    expect((await navigation(options)).filter((link) => link.endsWith('(current)'))).toHaveLength(1);
    await expect
      .poll(() => focused(options), { message: `focus on the ${section} heading` })
      .toBe(`h2: ${HEADING[section]}`);
  }
  expect(await exists(options, field('Project API URL')), 'no connection form in About').toBe(false);

  // An address of an earlier version still lands on the project history.
  await reloadOnSection(ff, options, 'about');
  await options.evaluate(() => (location.hash = '#history'));
  await waitForSection(options, 'projects');
});

test('Firefox: a link into the connection section focuses that API; saved secrets are placeholders; Save waits for a change; Forget asks first', async ({
  sandbox,
}) => {
  const options = await ff.openExtensionPage('options.html#connection/project-api');
  await waitForSection(options, 'connection');
  await expect.poll(() => focused(options)).toBe('input: Project API URL');
  expect(await disabled(options, button('Save connection')), 'Save connection before any change').toBe(true);
  expect(await disabled(options, button('Forget credentials')), 'Forget credentials with nothing stored').toBe(true);
  expect(await options.$eval('main', (main) => main.textContent ?? '')).toContain('Not set.');

  // Only the address: saved, and the message says what the project API still needs.
  await paste(options, field('Project API URL'), sandbox.projectApiUrl);
  expect(await disabled(options, button('Save connection'))).toBe(false);
  await options.locator(button('Save connection')).click();
  await expectMessage(options, 'status', 'Connection saved. Still missing: API key and Auth token.');
  expect(await disabled(options, button('Save connection')), 'nothing changed since saving').toBe(true);

  await paste(options, field('API key'), sandbox.credentials.apiKey);
  await paste(options, field('Auth token'), sandbox.credentials.authToken);
  await options.locator(button('Save connection')).click();
  await expect.poll(() => textOf(options, 'status')).toBe('Connection saved.');
  for (const [label, secret] of [
    ['API key', sandbox.credentials.apiKey],
    ['Auth token', sandbox.credentials.authToken],
  ] as const) {
    const input = await options.locator(field(label)).waitHandle();
    expect(
      await input.evaluate((element) => [
        (element as HTMLInputElement).value,
        (element as HTMLInputElement).placeholder,
      ]),
    ).toEqual(['', `••••${secret.slice(-4)} saved, type to replace`]);
  }
  expect(await options.content(), 'no secret in the page').not.toContain(sandbox.credentials.apiKey);

  // A link within the page into the other API's part.
  await options.evaluate(() => (location.hash = '#connection/user-group-api'));
  await expect.poll(() => focused(options)).toBe('input: User group API base URL');

  await options.locator(button('Forget credentials')).click();
  await options.locator(dialogButton('Forget credentials')).click();
  await expectMessage(options, 'status', 'Credentials removed from this browser.');
  await expect.poll(() => disabled(options, button('Forget credentials'))).toBe(true);
  const apiKey = await options.locator(field('API key')).waitHandle();
  expect(await apiKey.evaluate((element) => (element as HTMLInputElement).placeholder)).toBe('');
});

test('Firefox: Add workspace opens the connection section with the new name field focused', async () => {
  const options = await openOptionsSection(ff, 'groups');
  // The page's style sheets are <style> elements of options.html (the first chunk's and the UI chunk's,
  // whose rules include the group list's): Firefox applies them (its extension pages restrict scripts,
  // not styles), and the palette is in effect.
  expect(
    await options.evaluate(async () => ({
      linked: /<link[^>]*rel="stylesheet"/.test(await (await fetch('/options.html')).text()),
      palette: getComputedStyle(document.documentElement).getPropertyValue('--bg').trim() !== '',
      // In a <style> of the page itself (Vite's preload helper links the same file again later).
      listRules: [...document.styleSheets]
        .filter((sheet) => sheet.ownerNode instanceof HTMLStyleElement)
        .some((sheet) =>
          [...sheet.cssRules].some((rule) => rule instanceof CSSStyleRule && rule.selectorText === '.groups-sticky'),
        ),
    })),
  ).toEqual({ linked: false, palette: true, listRules: true });
  await options.locator(button('Add workspace')).click();
  await waitForSection(options, 'connection');
  await expect.poll(() => focused(options)).toBe('input: Workspace name');
  expect(await options.evaluate(() => location.hash)).toBe('#connection');
});
