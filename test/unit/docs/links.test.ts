// Every relative link and #anchor in the project's Markdown resolves to a file and, for a page, to one of
// its headings (GitHub's slugs). The README links into docs/ and the docs link to each other's sections:
// a page moved or a heading renamed would otherwise leave a dead link that only a reader finds.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { anchorsOf, isExternal, linksOf } from '../helpers/markdown.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
/** Not the project's pages: installed packages, builds, reports, and dot-folders (.git, .node…). */
const SKIPPED = new Set(['node_modules', 'test-results', 'playwright-report', 'bench-results']);

const markdownFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    if (name.startsWith('.') || SKIPPED.has(name)) return [];
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return markdownFiles(full);
    return name.endsWith('.md') ? [full] : [];
  });

const pages = markdownFiles(ROOT);
const anchorCache = new Map<string, Set<string>>();
const anchorsOfFile = (file: string) => {
  if (!anchorCache.has(file)) anchorCache.set(file, anchorsOf(readFileSync(file, 'utf8')));
  return anchorCache.get(file)!;
};

/** What is wrong with a link from `page`, or undefined when it resolves. */
function problemWith(page: string, target: string): string | undefined {
  const hash = target.indexOf('#');
  const pathPart = decodeURI(hash < 0 ? target : target.slice(0, hash));
  const anchor = hash < 0 ? undefined : decodeURIComponent(target.slice(hash + 1));
  const file =
    pathPart === ''
      ? page
      : path.resolve(pathPart.startsWith('/') ? ROOT : path.dirname(page), pathPart.replace(/^\//, ''));
  if (!existsSync(file)) return `no file ${path.relative(ROOT, file)}`;
  if (anchor === undefined || !file.endsWith('.md')) return undefined;
  return anchorsOfFile(file).has(anchor) ? undefined : `no heading #${anchor} in ${path.relative(ROOT, file)}`;
}

describe('links between the pages', () => {
  it('reads the README, the guides and the developer page (the test reads something)', () => {
    const names = pages.map((file) => path.relative(ROOT, file));
    expect(names).toEqual(
      expect.arrayContaining([
        'README.md',
        'CHANGELOG.md',
        path.join('docs', 'guide-reviewers.md'),
        path.join('docs', 'guide-admins.md'),
        path.join('docs', 'development.md'),
        path.join('store', 'README.md'),
      ]),
    );
    const readmeLinks = linksOf(readFileSync(path.join(ROOT, 'README.md'), 'utf8')).filter((t) => !isExternal(t));
    expect(readmeLinks).toEqual(
      expect.arrayContaining([
        'docs/guide-reviewers.md',
        'docs/guide-admins.md',
        'docs/development.md#permissions',
        'docs/guide-admins.md#the-options-page-sections-and-their-addresses',
      ]),
    );
  });

  it('every relative link and #anchor resolves', () => {
    const broken = pages.flatMap((page) =>
      linksOf(readFileSync(page, 'utf8'))
        .filter((target) => !isExternal(target))
        .flatMap((target) => {
          const problem = problemWith(page, target);
          return problem ? [`${path.relative(ROOT, page)}: (${target}) ${problem}`] : [];
        }),
    );
    expect(broken).toEqual([]);
  });
});
