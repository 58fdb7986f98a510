import type { Page } from '@playwright/test';
import type { ExtensionBrowser } from './fixtures/chromium.ts';
import { launchForThisFile } from './fixtures/own-profile.ts';
import {
  addWorkspace,
  configureConnection,
  connectionFor,
  fillAndSaveConnection,
  optionsUrl,
} from './fixtures/connection.ts';
import { webPage } from './fixtures/cold-popup.ts';
import { registerThroughPopup } from './fixtures/popup.ts';
import { stopServiceWorker } from './fixtures/service-worker.ts';
import { expect, test } from './fixtures/test.ts';
import { unique } from './fixtures/unique.ts';
import type { Browser as ExtensionApi } from 'wxt/browser';

declare const chrome: typeof ExtensionApi;

// The popup's first screen before React (entrypoints/popup/first-screen.ts, design.md §15): drawn with the
// DOM as React would draw it, then replaced by React's first render. Here, in the real popup on a stopped
// worker, the screen as drawn before React is held against React's, element for element: tags, attributes
// (ids compared by where they point), texts, values, the focus. A browser of its own: a workspace is added.

let own: ExtensionBrowser;
launchForThisFile((launched) => (own = launched));

/**
 * In the page, before its scripts: when the popup is marked ready (and whether React had drawn it), #root
 * as React's UI chunk finds it, and the same once React has replaced what was drawn before it. Each as a canonical tree:
 * [tag, attributes sorted, children], an input's and a select's value, the focused element marked; ids
 * numbered in order of appearance (React's useId names them its own way), so that a label still has to
 * point at its input.
 */
const SNAPSHOT = `
  window.__screens = {};
  // When the page first asked the browser for a message (the first one loads the whole catalog).
  const getMessage = chrome.i18n.getMessage.bind(chrome.i18n);
  chrome.i18n.getMessage = (...args) => {
    if (window.__screens.firstMessageAt === undefined) window.__screens.firstMessageAt = performance.now();
    return getMessage(...args);
  };
  const canonical = (root) => {
    const ids = new Map();
    const idOf = (value) => (ids.has(value) || ids.set(value, 'id' + ids.size), ids.get(value));
    const walk = (node) => {
      if (node.nodeType === Node.TEXT_NODE) return node.textContent;
      const attributes = [...node.attributes].map((attribute) =>
        ['id', 'for', 'aria-labelledby', 'aria-describedby'].includes(attribute.name)
          ? [attribute.name, attribute.value.split(' ').map(idOf).join(' ')]
          : [attribute.name, attribute.value]);
      attributes.sort((a, b) => a[0].localeCompare(b[0]));
      const state = {};
      if ('value' in node && (node.tagName === 'INPUT' || node.tagName === 'SELECT')) state.value = node.value;
      if (node === document.activeElement) state.focused = true;
      return [node.tagName.toLowerCase(), attributes, state, [...node.childNodes].map(walk)];
    };
    return [...root.childNodes].map(walk);
  };
  const mark = performance.mark.bind(performance);
  performance.mark = (name, ...rest) => {
    const root = document.getElementById('root');
    if (name === 'popup-ready' && window.__screens.readyAt === undefined) {
      window.__screens.readyAt = performance.now();
      window.__screens.byReact = performance.getEntriesByName('popup-ui').length > 0;
    }
    // The first screen as React finds it (its dates written once it was painted), just before React runs.
    if (name === 'popup-ui' && window.__screens.byReact === false) {
      window.__screens.ready = canonical(root);
      // React's first render, as it is in the task that replaced the first screen (what its effects load
      // later, such as the shortcut in the footer, comes in tasks of its own).
      const drawn = root.firstElementChild;
      const replaced = new MutationObserver(() => {
        if (!root.firstElementChild || root.firstElementChild === drawn) return;
        replaced.disconnect();
        window.__screens.react = canonical(root);
      });
      replaced.observe(root, { childList: true });
    }
    return mark(name, ...rest);
  };
`;

interface Screens {
  /** The first screen drawn before React, as React found it. */
  ready?: unknown;
  byReact: boolean;
  react?: unknown;
  readyAt: number;
  firstMessageAt?: number;
}

/** Stops the worker and opens the popup for this tab, its screens recorded. */
async function openCold(tabId: number, tab: Page): Promise<Page> {
  await stopServiceWorker(own, tab);
  const popup = await own.context.newPage();
  await popup.addInitScript(SNAPSHOT);
  await popup.goto(own.extensionUrl(`popup.html?tabId=${tabId}`));
  return popup;
}

/** The popup's recorded screens, once React has drawn (or taken over). */
async function screensOf(popup: Page): Promise<Screens> {
  await popup.waitForFunction(() => {
    const screens = (window as unknown as { __screens: Partial<Screens> }).__screens;
    return screens.readyAt !== undefined && (screens.byReact === true || screens.react !== undefined);
  });
  return popup.evaluate(() => (window as unknown as { __screens: Screens }).__screens);
}

test('the first screen is drawn before React as React draws it, recent projects and the workspace picker included; a page registered before is React’s from the start', async ({
  sandbox,
}) => {
  await configureConnection(own.context, own.extensionId, sandbox);
  const registered = sandbox.pageUrl(unique('first-screen-known'), 'Registered before');
  await registerThroughPopup(own, registered, 'A “quoted” <name> & more');
  await registerThroughPopup(own, sandbox.pageUrl(unique('first-screen-other'), 'Other'), 'Another project');

  // One workspace, two recent projects.
  const { tab, tabId } = await webPage(own, sandbox.pageUrl(unique('first-screen'), 'A page to register'));
  let popup = await openCold(tabId, tab);
  let screens = await screensOf(popup);
  expect(screens.byReact, 'drawn before React').toBe(false);
  expect(screens.ready).toEqual(screens.react);
  expect(JSON.stringify(screens.ready)).toContain('A “quoted” <name> & more');
  // Its texts were stored by an earlier popup (local:popupTexts): no message was asked for before it was ready.
  expect(screens.firstMessageAt ?? Infinity, 'first getMessage after ready').toBeGreaterThan(screens.readyAt);
  const stored = await popup.evaluate(async () => (await chrome.storage.local.get('popupTexts')).popupTexts);
  expect(stored).toMatchObject({ version: 1, uiLocale: 'en-US', texts: expect.arrayContaining(['Create project']) });
  await expect(popup.getByRole('button', { name: 'Create project' })).toBeFocused();
  await expect(popup.getByRole('listitem')).toHaveCount(2);
  await popup.close();

  // A page registered before: the warning is React's, and so is the whole first screen.
  const { tab: knownTab, tabId: knownTabId } = await webPage(own, registered);
  popup = await openCold(knownTabId, knownTab);
  screens = await screensOf(popup);
  expect(screens.byReact, 'drawn by React').toBe(true);
  await expect(popup.getByRole('region', { name: 'Already registered' })).toBeVisible();
  await popup.close();

  // Two workspaces that can register: the picker, on the one last used.
  const options = await own.context.newPage();
  await options.goto(optionsUrl(own.extensionId, 'connection'));
  await addWorkspace(options, 'First screen second');
  await fillAndSaveConnection(options, connectionFor(sandbox));
  await options.close();
  popup = await openCold(tabId, tab);
  screens = await screensOf(popup);
  expect(screens.byReact, 'drawn before React').toBe(false);
  expect(screens.ready).toEqual(screens.react);
  await expect(popup.getByLabel('Workspace', { exact: true }).locator('option')).toHaveCount(2);
  await expect(popup.getByLabel('Workspace', { exact: true })).toHaveValue(/.+/);
  await popup.close();
});
