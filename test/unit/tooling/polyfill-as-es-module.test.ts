// wxt.config.ts's polyfillAsEsModule: `wxt/browser` (webextension-polyfill) bundled as the pages and the
// worker get it, then run against a stand-in for the browser's own `browser` object whose API namespaces
// count how often they are built (Chrome builds each on first touch). Importing it must build none of
// them, and it must still be the browser's object (or, without one, the polyfill's wrapper of `chrome`).
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin as RolldownPlugin } from 'rolldown';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { polyfillAsEsModule } from '../../../wxt.config.ts';

const NAMESPACES = ['action', 'contextMenus', 'i18n', 'notifications', 'runtime', 'storage', 'tabs', 'windows'];

const CACHE = path.join(process.cwd(), 'node_modules', '.cache', 'rc-unit');
let dir: string;
beforeAll(async () => {
  // Inside the project, so that the bundler finds its node_modules.
  await mkdir(CACHE, { recursive: true });
  dir = await mkdtemp(path.join(CACHE, 'polyfill-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The bundle of `export { browser } from 'wxt/browser'` as the build makes it (with or without the plugin). */
async function bundle(name: string, plugins: RolldownPlugin[]): Promise<string> {
  const entry = path.join(dir, `${name}-entry.js`);
  await writeFile(entry, "export { browser } from '@wxt-dev/webextension-polyfill/browser';\n");
  const file = path.join(dir, `${name}.mjs`);
  await build({
    input: entry,
    cwd: process.cwd(),
    plugins,
    output: { file, format: 'es' },
    logLevel: 'silent',
  });
  expect(await readFile(file, 'utf8')).not.toContain('@wxt-dev/webextension-polyfill'); // bundled, not left external
  return file;
}

/**
 * A browser whose API namespaces are built on first touch, counting each build: as in Chrome (V8's lazy
 * data properties), reading a namespace's property descriptor builds it too, not only reading its value.
 */
function lazyBrowser(built: string[]) {
  const namespaces = new Map<string, unknown>();
  const namespace = (name: string) => {
    if (!namespaces.has(name)) {
      built.push(name);
      namespaces.set(name, name === 'runtime' ? { id: 'extension-id' } : {});
    }
    return namespaces.get(name);
  };
  const target = Object.fromEntries(NAMESPACES.map((name) => [name, undefined]));
  return new Proxy(target, {
    get: (_target, key) => (typeof key === 'string' && NAMESPACES.includes(key) ? namespace(key) : undefined),
    getOwnPropertyDescriptor: (_target, key) =>
      typeof key === 'string' && NAMESPACES.includes(key)
        ? { value: namespace(key), writable: true, enumerable: true, configurable: true }
        : undefined,
  }) as Record<string, unknown>;
}

async function importWith(file: string, globals: { browser?: unknown; chrome: unknown }) {
  const global = globalThis as unknown as Record<string, unknown>;
  const saved = { browser: global.browser, chrome: global.chrome };
  Object.assign(globalThis, globals);
  try {
    // A fresh module each time: the query makes it another module instance.
    const url = `${pathToFileURL(file).href}?${Math.random()}`;
    return ((await import(/* @vite-ignore */ url)) as { browser: Record<string, unknown> }).browser;
  } finally {
    Object.assign(globalThis, saved);
  }
}

describe('webextension-polyfill as an ES module', () => {
  it('builds none of the browser’s API namespaces when imported, and is the browser’s own object', async () => {
    const file = await bundle('esm', [polyfillAsEsModule as RolldownPlugin]);
    const built: string[] = [];
    const native = lazyBrowser(built);
    const chrome = { runtime: { id: 'extension-id' } };
    const browser = await importWith(file, { browser: native, chrome });
    // The polyfill's own check reads browser.runtime.id: that one namespace, nothing else.
    expect(built).toEqual(['runtime']);
    expect(browser).toBe(native);
    void browser.tabs;
    expect(built).toEqual(['runtime', 'tabs']);
  });

  it('was needed: without it, the CommonJS interop builds every namespace at import', async () => {
    const file = await bundle('cjs', []);
    const built: string[] = [];
    const browser = await importWith(file, {
      browser: lazyBrowser(built),
      chrome: { runtime: { id: 'extension-id' } },
    });
    expect(new Set(built)).toEqual(new Set(NAMESPACES));
    expect(browser.runtime).toBeDefined();
  });

  it('without a `browser` of the browser’s own, is the polyfill’s promise wrapper around chrome', async () => {
    const file = await bundle('wrapper', [polyfillAsEsModule as RolldownPlugin]);
    const sent: unknown[] = [];
    const chrome = {
      runtime: {
        id: 'extension-id',
        lastError: undefined,
        sendMessage: (message: unknown, callback: (answer: unknown) => void) => {
          sent.push(message);
          callback({ ok: true });
        },
      },
    };
    const browser = await importWith(file, { browser: undefined, chrome });
    const runtime = browser.runtime as { sendMessage: (message: unknown) => Promise<unknown> };
    await expect(runtime.sendMessage({ type: 'ping' })).resolves.toEqual({ ok: true });
    expect(sent).toEqual([{ type: 'ping' }]);
  });
});
