// scripts/polyfill-namespaces.ts: the polyfill's metadata cut to the namespaces the extension calls.
// Every namespace the code reaches through `browser` keeps its metadata as the polyfill wrote it, so
// each call is wrapped as before; the polyfill's code around the metadata is unchanged.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { keepPolyfillNamespaces, POLYFILL_NAMESPACES } from '../../../scripts/polyfill-namespaces.ts';

const require = createRequire(import.meta.url);
const POLYFILL = readFileSync(require.resolve('webextension-polyfill/dist/browser-polyfill.js'), 'utf8');
const ROOT = path.join(import.meta.dirname, '../../..');

/** The polyfill's metadata, as the code it is part of holds it. */
function metadataOf(code: string): Record<string, unknown> {
  const start = code.indexOf('const apiMetadata = ') + 'const apiMetadata = '.length;
  const end = code.indexOf('if (Object.keys(apiMetadata).length === 0)');
  return JSON.parse(code.slice(start, end).trim().replace(/;$/, '')) as Record<string, unknown>;
}

/** Every `browser.<name>` (or `browser?.<name>`) in the extension's own code. */
function namespacesCalled(): Set<string> {
  const called = new Set<string>();
  for (const folder of ['lib', 'entrypoints', 'components']) {
    for (const file of readdirSync(path.join(ROOT, folder), { recursive: true, encoding: 'utf8' })) {
      if (!/\.tsx?$/.test(file)) continue;
      const code = readFileSync(path.join(ROOT, folder, file), 'utf8');
      for (const [, name] of code.matchAll(/\bbrowser\??\.(\w+)/g)) called.add(name!);
    }
  }
  return called;
}

describe('the polyfill’s metadata, cut to the namespaces the extension calls', () => {
  const all = metadataOf(POLYFILL);
  const kept = metadataOf(keepPolyfillNamespaces(POLYFILL));

  it('keeps every namespace the code calls through `browser` that the polyfill has metadata for', () => {
    const called = [...namespacesCalled()];
    // The scan finds what it should: namespaces with metadata and ones without (action, offscreen).
    expect(called).toEqual(expect.arrayContaining(['storage', 'runtime', 'permissions', 'action', 'offscreen']));
    const wrapped = called.filter((name) => Object.hasOwn(all, name));
    expect(wrapped.length).toBeGreaterThan(0);
    for (const name of wrapped) expect(POLYFILL_NAMESPACES, name).toContain(name);
  });

  it('keeps those namespaces’ metadata as the polyfill wrote it, and only those', () => {
    expect(Object.keys(kept).sort()).toEqual([...POLYFILL_NAMESPACES].sort());
    for (const name of POLYFILL_NAMESPACES) expect(kept[name], name).toEqual(all[name]);
    expect(Object.keys(all).length).toBeGreaterThan(Object.keys(kept).length);
  });

  it('changes nothing around the metadata', () => {
    const cut = keepPolyfillNamespaces(POLYFILL);
    const before = POLYFILL.indexOf('const apiMetadata = ');
    const after = (code: string) => code.slice(code.indexOf('if (Object.keys(apiMetadata).length === 0)'));
    expect(cut.slice(0, before)).toBe(POLYFILL.slice(0, before));
    expect(after(cut)).toBe(after(POLYFILL));
  });

  it('still wraps a kept namespace’s callbacks in promises, and hands a dropped one through', async () => {
    // Chrome without a `browser` of its own: the polyfill wraps `chrome` (run in a context of its own).
    const chrome = {
      runtime: { id: 'extension-id', lastError: undefined },
      storage: { local: { get: (_keys: string, callback: (items: unknown) => void) => callback({ a: 1 }) } },
      history: { search: (query: unknown) => ({ native: query }) },
    };
    const module = { exports: {} };
    runInNewContext(keepPolyfillNamespaces(POLYFILL), { chrome, module, exports: module.exports });
    const browser = module.exports as typeof chrome;
    expect(await (browser.storage.local.get as unknown as (keys: string) => Promise<unknown>)('a')).toEqual({ a: 1 });
    expect(browser.history.search({ text: 'x' })).toEqual({ native: { text: 'x' } });
  });

  it('refuses code that does not hold the metadata where this version of the polyfill does', () => {
    expect(() => keepPolyfillNamespaces('module.exports = globalThis.browser;')).toThrow(/apiMetadata/);
  });
});
