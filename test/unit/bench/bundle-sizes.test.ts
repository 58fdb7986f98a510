import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { scriptsOf } from '../../bench/bundle-sizes.ts';

/** A built page as Vite writes one: the HTML names the entry, the chunks import each other. */
function build(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'bundle-sizes-'));
  mkdirSync(path.join(dir, 'chunks'));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return dir;
}

describe('what a page loads at start', () => {
  it('counts the HTML’s scripts and preloads, the UI chunk they import, and what those import statically, not what they import on demand', () => {
    const dir = build({
      'page.html':
        '<script type="module" crossorigin src="/chunks/page-1.js"></script>' +
        '<link rel="modulepreload" crossorigin href="/chunks/react-2.js">',
      'chunks/page-1.js':
        'import{a as e}from"./react-2.js";import*as t from"./shared-3.js";import"./side-4.js";' +
        'const n=()=>import(`./Lazy-5.js`);n().finally(()=>import(`./mount-8.js`));export{e as x};',
      'chunks/react-2.js': 'export{};',
      'chunks/shared-3.js': 'export*from"./deep-6.js";',
      'chunks/side-4.js': 'import{x}from"./page-1.js";',
      'chunks/Lazy-5.js': 'import{x}from"./page-1.js";import"./lazy-only-7.js";',
      'chunks/deep-6.js': 'export const y=1;',
      'chunks/lazy-only-7.js': '',
      'chunks/mount-8.js': 'import{x}from"./page-1.js";import"./react-dom-9.js";',
      'chunks/react-dom-9.js': '',
    });
    expect(scriptsOf(dir, 'page.html')).toEqual([
      'chunks/page-1.js',
      'chunks/react-2.js',
      'chunks/shared-3.js',
      'chunks/side-4.js',
      'chunks/mount-8.js',
      'chunks/deep-6.js',
      'chunks/react-dom-9.js',
    ]);
  });
});
