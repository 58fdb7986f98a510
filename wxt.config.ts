import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { minify } from 'terser';
import type { Plugin, Rollup } from 'vite';
import { defineConfig, type Entrypoint, type EntrypointGroup } from 'wxt';
import { devStartRefusal, loadByHandHint, startDevSandbox, WXT_DEV_PORT } from './test/sandbox/dev-sandbox.ts';
import { keepPolyfillNamespaces } from './scripts/polyfill-namespaces.ts';
import { catalogId, compactCatalog, isLocaleCatalog } from './scripts/locale-catalog.ts';

// Loopback origins: the sandbox runs there. Dev and e2e builds get them granted up front because
// automation cannot click the browser's permission prompt; production only ever asks for them.
const LOOPBACK_ORIGINS = ['http://127.0.0.1/*', 'http://localhost/*'];
const GECKO_ID = 'review-companion@reviewcompanion.dev';
/** Asked for in the click that needs them in the store builds; dev and e2e builds hold them (see the manifest). */
const ASKED_IN_A_CLICK = ['tabs', 'notifications', 'clipboardRead', 'clipboardWrite'] as const;

/**
 * A page's code that runs at start (its entry and everything that imports statically) in one chunk, its
 * UI that the entry imports at once (mount.tsx, below) in another, and each part it loads on demand (the
 * options page's rarely opened sections) in a chunk of its own that imports from them. Left alone,
 * Rolldown moved the modules a lazy part shares with the start into separate common chunks that the page
 * loads at start anyway: four files instead of one, ~4 KB more gzip for the options page. Only for
 * ES-module builds: the background is one IIFE file.
 */
const oneStartChunk: Plugin = {
  name: 'review-companion:one-start-chunk',
  outputOptions: (options) =>
    options.format === 'es' || options.format === undefined
      ? {
          ...options,
          codeSplitting: {
            groups: [
              { name: 'start', tags: ['$initial'] },
              // A page's UI that its first chunk imports (and preloads): one chunk too, with all it imports.
              { name: 'mount', test: /entrypoints[\\/](popup|options)[\\/]mount\.tsx$/ },
            ],
          },
        }
      : null,
};

/** Whether a module id or file name is one of these project files (given from the project's root). */
const isOneOf = (file: string, projectFiles: readonly string[]) =>
  projectFiles.some((projectFile) => file.replaceAll('\\', '/').endsWith(`/${projectFile}`));

/**
 * The popup's UI (entrypoints/popup/mount.tsx) and the options page's (entrypoints/options/mount.tsx):
 * each page's small first chunk starts the page's first requests or reads before React is evaluated.
 * The options page's UI is a module script of its own right after the first chunk's: module scripts run
 * in document order, each once fetched, so the UI is evaluated as soon as the first chunk has run,
 * without a dynamic import's step between them (4–7 ms in the traces of 2026-11-26; also the wait for
 * its UI's style sheet, which Vite's preload helper loads before it lets the import run). The popup's is
 * not in its HTML: its first chunk draws the first screen and imports the UI once that is painted
 * (entrypoints/popup/main.ts). Fetched with the first chunk (a modulepreload), its 233 kB came in
 * alongside and held the first chunk back: 2.5–4.9 ms later to ready with the worker running, 2.7 ms
 * with it stopped (paired, docs/performance.md "The popup's UI chunk after its first screen").
 * Each mounts itself when evaluated (mount.tsx). The UI chunks count as what the page loads at start
 * (test/bench/bundle-sizes.ts).
 */
const UI_AT_START = ['entrypoints/popup/mount.tsx', 'entrypoints/options/mount.tsx'];
const OPTIONS_HTML = ['entrypoints/options/index.html', 'entrypoints/options.html'];

/**
 * The chunks that hold a page's UI (a code-splitting group's chunk has no facade module): not the page's
 * entry, which names the UI's module too when it imports it (the popup's first chunk) and is in the HTML.
 */
const uiChunksOf = (bundle: Rollup.OutputBundle) =>
  Object.values(bundle).filter(
    (chunk): chunk is Rollup.OutputChunk =>
      chunk.type === 'chunk' && !chunk.isEntry && chunk.moduleIds.some((id) => isOneOf(id, UI_AT_START)),
  );
const preloadStartChunks: Plugin = {
  name: 'review-companion:preload-start-chunks',
  transformIndexHtml: {
    order: 'post',
    handler: (html, context) => {
      // The popup's UI is imported by its first chunk once the first screen is painted (UI_AT_START).
      if (!isOneOf(context.filename, OPTIONS_HTML)) return html;
      const bundle = context.bundle ?? {};
      const chunks = uiChunksOf(bundle);
      const scripts = chunks.map((chunk) => `<script type="module" crossorigin src="/${chunk.fileName}"></script>`);
      // What those chunks import (Rolldown's runtime, for the options page) is preloaded too: else the
      // browser finds it only once it has parsed the UI's chunk, one more file's round trip before the UI
      // can run.
      const imported = new Set<string>();
      const follow = (fileName: string) => {
        const chunk = bundle[fileName];
        if (chunk?.type !== 'chunk') return;
        for (const next of chunk.imports)
          if (!imported.has(next)) {
            imported.add(next);
            follow(next);
          }
      };
      chunks.forEach((chunk) => follow(chunk.fileName));
      const preloads = [...imported]
        .filter((fileName) => !html.includes(`/${fileName}"`) && !chunks.some((chunk) => chunk.fileName === fileName))
        .map((fileName) => `<link rel="modulepreload" crossorigin href="/${fileName}">`);
      const all = [...preloads, ...scripts];
      return all.length > 0 ? html.replace('</head>', `  ${all.join('\n    ')}\n  </head>`) : html;
    },
  },
};

/**
 * Each page's style sheets, written into its HTML as `<style>` elements instead of `<link>`s: a linked
 * style sheet blocks the page's module scripts until it has loaded, and an extension page's files load
 * one IPC round trip apart, so the first chunk (which starts the popup's requests) ran ~20 ms later than
 * it could (trace of 2026-11-26). The styles of the UI's chunk (`UI_AT_START`) are written in too: it
 * renders before any import would have linked them. The CSS files stay in the build: Vite's preload
 * helper links them again (the same rules) when a lazy part of the page loads, and fails that import if
 * a file is missing. Extension pages' default CSP restricts scripts, not styles, in Chrome and Firefox.
 */
const INLINE_STYLES_OF = [
  'entrypoints/popup/index.html',
  'entrypoints/popup.html',
  'entrypoints/options/index.html',
  'entrypoints/options.html',
];
const inlineStyleSheets: Plugin = {
  name: 'review-companion:inline-style-sheets',
  transformIndexHtml: {
    order: 'post',
    handler: (html, context) => {
      if (!isOneOf(context.filename, INLINE_STYLES_OF)) return html;
      const bundle = context.bundle ?? {};
      const styleOf = (fileName: string) => {
        const asset = bundle[fileName];
        return asset?.type === 'asset' ? `<style>${String(asset.source).trim()}</style>` : undefined;
      };
      const linked = html.replace(
        /\s*<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g,
        (link, fileName: string) => `\n    ${styleOf(fileName) ?? link.trim()}`,
      );
      const uiStyles = uiChunksOf(bundle).flatMap((chunk) =>
        [...(chunk.viteMetadata?.importedCss ?? [])]
          // A style sheet the entry links is written in above already.
          .filter((fileName) => !html.includes(`/${fileName}"`))
          .flatMap((fileName) => styleOf(fileName) ?? []),
      );
      return uiStyles.length > 0 ? linked.replace('</head>', `  ${uiStyles.join('\n    ')}\n  </head>`) : linked;
    },
  },
};

/**
 * The background (the one IIFE file: an MV3 service worker loads all of it at every start) minified
 * once more by Terser after Rolldown's own minifier: two compress passes find what one pass leaves
 * (about 0.8 KB gzip of the worker; docs/performance.md, "Bundle sizes"). Terser's default, safe
 * transforms only. Pages are ES modules and left alone.
 */
const minifyWorkerAgain: Plugin = {
  name: 'review-companion:minify-worker-again',
  apply: 'build',
  async generateBundle(options, bundle) {
    // A build without minification (`minify: false` arrives here as 'dce-only') is left as it is.
    if (options.format !== 'iife' || !options.minify || options.minify === 'dce-only') return;
    for (const chunk of Object.values(bundle)) {
      if (chunk.type !== 'chunk') continue;
      const result = await minify(chunk.code, { ecma: 2020, compress: { passes: 2 }, sourceMap: false });
      if (result.code !== undefined) chunk.code = result.code;
    }
  },
};

/**
 * webextension-polyfill (what `wxt/browser` is, through @wxt-dev/webextension-polyfill) as an ES module
 * with one default export: its UMD wrapper is handed a `module` of its own, and its code is unchanged.
 * Left as CommonJS, Rolldown's interop (`__toESM`) copied every property of what it exports into a
 * namespace object at each page's start; in Chrome and Firefox that is the browser's own `browser`
 * object, whose 16 API namespaces (action, contextMenus, windows…) the browser builds on first touch, so
 * the copy built all of them: 2–4 ms of every page's first script before its first request (trace of
 * 2026-11-26), now spent only on the APIs a page uses. test/unit/tooling/polyfill-as-es-module.test.ts.
 * Its metadata keeps the API namespaces the extension uses (scripts/polyfill-namespaces.ts).
 */
const POLYFILL_FILE = /[\\/]webextension-polyfill[\\/]dist[\\/]browser-polyfill(\.min)?\.js$/;
export const polyfillAsEsModule: Plugin = {
  name: 'review-companion:polyfill-as-es-module',
  enforce: 'pre',
  transform(code, id) {
    if (!POLYFILL_FILE.test(id.split('?')[0]!)) return null;
    // `exports` is what the UMD wrapper checks to hand `module` to the polyfill (instead of defining a global).
    return {
      code: `const module = { exports: {} };\nconst exports = module.exports;\n${keepPolyfillNamespaces(code)}\nexport default module.exports;\n`,
      map: null,
    };
  },
};

// `npm run dev` on a machine without a display cannot launch a browser: build only, and say where.
const canLaunchBrowser = process.platform !== 'linux' || Boolean(process.env.DISPLAY ?? process.env.WAYLAND_DISPLAY);

export default defineConfig({
  modules: ['@wxt-dev/module-react', '@wxt-dev/webextension-polyfill'],
  outDirTemplate: '{{browser}}-mv{{manifestVersion}}{{modeSuffix}}',
  // OUT_DIR: build somewhere else than .output (a second build that must not overwrite the first).
  ...(process.env.OUT_DIR && { outDir: process.env.OUT_DIR }),
  // A fixed port: a second `npm run dev` is refused (the `ready` hook) instead of drifting to 3001.
  dev: { server: { port: WXT_DEV_PORT, strictPort: true } },
  webExt: {
    disabled: !canLaunchBrowser,
    binaries: existsSync('/usr/bin/chromium') ? { chrome: '/usr/bin/chromium' } : undefined,
    startUrls: ['http://127.0.0.1:8787/pages/welcome?title=Welcome%20to%20Review%20Companion'],
  },
  zip: {
    artifactTemplate: '{{name}}-{{version}}-{{browser}}-{{manifestVersion}}.zip',
    sourcesTemplate: '{{name}}-{{version}}-sources.zip',
    excludeSources: ['.node/**', 'test-results/**', 'playwright-report/**', 'bench-results/**', 'store/**'],
    // Dotfiles are left out by default; these two say which Node the build needs (and npm enforces it).
    includeSources: ['**/*', '.npmrc', '.nvmrc'],
  },
  hooks: {
    // Each locale's messages.json without what only translators read (scripts/locale-catalog.ts).
    'build:publicAssets': async (_wxt, files) => {
      for (const [index, file] of files.entries())
        if ('absoluteSrc' in file && isLocaleCatalog(file.relativeDest))
          files[index] = {
            relativeDest: file.relativeDest,
            contents: compactCatalog(await readFile(file.absoluteSrc, 'utf8')),
          };
    },
    // Each page is its own build: pages built together share chunks, and a chunk the options page
    // needs could land in the popup's download (the popup has a size budget; see check-size-budgets).
    'entrypoints:grouped': (_wxt, groups) => {
      const alone: EntrypointGroup[] = groups.flatMap((group): EntrypointGroup[] =>
        Array.isArray(group) ? group.map((entry: Entrypoint) => [entry]) : [group],
      );
      groups.splice(0, groups.length, ...alone);
    },
    // Before `npm run dev` starts anything: one at a time (see devStartRefusal).
    ready: async (wxt) => {
      // vitest loads this config in serve mode too (WxtVitest): only a real dev session is checked.
      if (wxt.config.command !== 'serve' || process.env.VITEST) return;
      const refusal = await devStartRefusal();
      if (refusal !== null) {
        console.error(`\n${refusal}\n`);
        process.exit(1);
      }
    },
    // `npm run dev` brings its own service: the sandbox on 127.0.0.1:8787, which dev builds point at.
    'server:started': async (wxt) => {
      const stop = await startDevSandbox();
      wxt.hooks.hook('server:closed', stop);
      if (!canLaunchBrowser) {
        console.log(`\n${loadByHandHint(wxt.config.browser, path.relative(process.cwd(), wxt.config.outDir))}\n`);
      }
    },
  },
  // Chrome and Firefox (140+) support <link rel="modulepreload">: Vite's polyfill for it is dead weight in every page.
  vite: () => ({
    // Which build's catalogs the popup's stored texts are of (scripts/locale-catalog.ts `catalogId`).
    define: {
      'import.meta.env.CATALOG_ID': JSON.stringify(catalogId(path.join(import.meta.dirname, 'public/_locales'))),
    },
    build: { modulePreload: { polyfill: false } },
    plugins: [polyfillAsEsModule, oneStartChunk, preloadStartChunks, inlineStyleSheets, minifyWorkerAgain],
  }),
  manifest: ({ browser, mode }) => ({
    // Texts come from public/_locales/<lang>/messages.json, so that a translation is one file.
    name: '__MSG_extName__',
    description: '__MSG_extDescription__',
    default_locale: 'en',
    // unlimitedStorage: the registry is the only copy of each token, so a write must never meet the
    // 10 MB storage.local quota (no install warning in Chrome or Firefox; see docs/storage.md, "Storage limits").
    // tabs: asked for only by the popup's Register N selected tabs, in that click (their addresses and
    // titles); notifications: in the click that turns on reminders of tokens due or Notify me when a job
    // ends (docs/development.md, "Permissions"). Dev and e2e builds hold both from the start: automation cannot click
    // the browser's prompt. webRequest (no install warning or prompt; it sees only hosts the extension
    // has access to): Fetch sitemap reads a redirect's Location with it (a fetch with redirect: 'manual'
    // hides it) to check it before it is requested. Required, not optional: Chromium routes an
    // extension's requests through webRequest only when it holds the permission at load; one granted
    // later fires no event (docs/registering-pages.md). declarativeContent (Chrome only, no install
    // warning; Firefox has no such API): the toolbar icon's mark on pages already registered.
    // clipboardRead and clipboardWrite: asked for in the click of Copy token (or of a Clear clipboard
    // after choice), so that the token can be cleared from the clipboard later if it is still there;
    // they warn at install ("Read and modify data you copy and paste"), hence optional. offscreen (Chrome
    // only, no install warning): the worker has no clipboard, the document that clears it has.
    permissions: [
      'storage',
      'unlimitedStorage',
      'activeTab',
      'contextMenus',
      'alarms',
      'idle',
      'webRequest',
      ...(browser === 'firefox' ? [] : ['declarativeContent' as const, 'offscreen' as const]),
      ...(mode === 'production' ? [] : ASKED_IN_A_CLICK),
    ],
    ...(mode === 'production' && { optional_permissions: ASKED_IN_A_CLICK }),
    optional_host_permissions: ['https://*/*', ...LOOPBACK_ORIGINS],
    host_permissions: mode === 'production' ? undefined : LOOPBACK_ORIGINS,
    action: { default_title: '__MSG_actionTitle__' },
    // The shortcut opens the popup; users change it in the browser's shortcut settings (docs/guide-reviewers.md, "Keyboard shortcut and context menu").
    commands: {
      _execute_action: { suggested_key: { default: 'Alt+Shift+R' }, description: '__MSG_commandOpenPopup__' },
    },
    // Organisation policy (design.md §9): Chrome checks storage.managed against this schema; Firefox
    // reads the same keys from policies.json and has no such manifest key.
    ...(browser !== 'firefox' && { storage: { managed_schema: 'managed-schema.json' } }),
    ...(browser === 'firefox' && {
      browser_specific_settings: {
        gecko: {
          id: GECKO_ID,
          // 140 is the first Firefox that understands data_collection_permissions.
          strict_min_version: '140.0',
          data_collection_permissions: {
            required: ['authenticationInfo', 'browsingActivity', 'websiteContent'],
          },
        },
        // Firefox for Android learned data_collection_permissions in 142.
        gecko_android: { strict_min_version: '142.0' },
      },
    }),
  }),
});
