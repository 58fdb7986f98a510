import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { START_PAGE_PATH } from '@/entrypoints/background/first-run';
import { sectionOfHash } from '@/entrypoints/options/navigation/hash-route';
import { sectionHref, targetOfHash } from '@/entrypoints/options/navigation/hash-target';
import { API_TARGETS } from '@/entrypoints/options/sections/connection/ConnectionForm';
import { SECTION_TABLE } from '@/entrypoints/options/sections/section-table';
import { t } from '@/lib/i18n';
import { tableRows } from '../helpers/markdown';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const SECTIONS_DIR = path.join(ROOT, 'entrypoints/options/sections');

const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) =>
    statSync(path.join(dir, name)).isDirectory() ? walk(path.join(dir, name)) : [path.join(dir, name)],
  );
const sources = (dir: string) =>
  walk(path.join(ROOT, dir))
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => ({ file: path.relative(ROOT, file), text: readFileSync(file, 'utf8') }));

/** What is wrong with an address (`connection/project-api`) by the table, or undefined. */
function problemWith(section: string, target: string | undefined): string | undefined {
  const row = SECTION_TABLE.find((candidate) => candidate.id === section);
  if (!row) return `no section ${section}`;
  if (target !== undefined && !row.targets.includes(target)) return `no target ${target} in ${section}`;
  return undefined;
}

describe('the section table', () => {
  it('keeps the routes that links, bookmarks and the docs use, in navigation order', () => {
    expect(SECTION_TABLE.map((row) => row.id)).toEqual([
      'start',
      'projects',
      'groups',
      'connection',
      'backup',
      'activity',
      'about',
    ]);
  });

  it('is the list of addresses in the admin guide and of the README screenshots, in navigation order', () => {
    const addresses = (file: string, section: string | undefined, row: RegExp) =>
      tableRows(readFileSync(path.join(ROOT, file), 'utf8'), section).flatMap((line) => row.exec(line)?.[1] ?? []);
    const ids = SECTION_TABLE.map((row) => row.id);
    expect(
      addresses('docs/guide-admins.md', 'The options page: sections and their addresses', /^\| `options\.html#(\w+)`/),
    ).toEqual(ids);
    expect(addresses('README.md', undefined, /^\| `#(\w+)` \| <img/)).toEqual(ids);
  });

  it('has a folder named after each route, and a label in the messages', () => {
    for (const row of SECTION_TABLE) {
      expect(existsSync(path.join(SECTIONS_DIR, row.id)), row.id).toBe(true);
      expect(t(row.label), row.id).not.toBe('');
    }
  });

  it('lets every route and every earlier route reach its own section, and only one', () => {
    const names = SECTION_TABLE.flatMap((row) => [row.id, ...row.formerIds]);
    expect(new Set(names).size).toBe(names.length);
    for (const row of SECTION_TABLE) {
      expect(sectionOfHash(sectionHref(row.id))).toBe(row.id);
      for (const former of row.formerIds) expect(sectionOfHash(`#${former}`)).toBe(row.id);
      for (const target of row.targets) expect(sectionOfHash(sectionHref(row.id, target))).toBe(row.id);
    }
  });

  it('makes a link to a part of a section', () => {
    expect(sectionHref('connection', 'user-group-api')).toBe('#connection/user-group-api');
    expect(sectionHref('groups')).toBe('#groups');
  });
});

// The sections import the navigation helpers, so those cannot take their types from the table (a
// cycle); the addresses written in the code are checked against it here instead.
describe('the addresses in the code', () => {
  it('every sectionHref(…) and the popup’s openSettingsAt(…) name a section of the table and one of its targets', () => {
    const links = [...sources('entrypoints/options'), ...sources('entrypoints/popup')].flatMap(({ file, text }) => [
      ...[...text.matchAll(/sectionHref\(\s*'([^']*)'(?:\s*,\s*'([^']*)')?\s*\)/g)].map((match) => ({
        file,
        section: match[1]!,
        target: match[2],
      })),
      ...[...text.matchAll(/openSettingsAt\(\s*'([^']*)'\s*\)/g)].map((match) => ({
        file,
        section: match[1]!.split('/')[0]!,
        target: targetOfHash(match[1]!),
      })),
    ]);
    expect(links.length).toBeGreaterThan(8);
    expect(
      links.flatMap(({ file, section, target }) => {
        const problem = problemWith(section, target);
        return problem ? [`${file}: ${problem}`] : [];
      }),
    ).toEqual([]);
  });

  it('the options page writes no address by hand: its links go through sectionHref', () => {
    const byHand = sources('entrypoints/options').flatMap(({ file, text }) =>
      [...text.matchAll(/href="#[^"]*"|hash = '#[^']*'/g)].map((match) => `${file}: ${match[0]}`),
    );
    expect(byHand).toEqual([]);
  });

  it('every part a link can point at is one its section takes focus for', () => {
    const focused = [
      // In entrypoints/options/sections/<id>/: the section is the folder's.
      ...sources('entrypoints/options/sections').flatMap(({ file, text }) =>
        [...text.matchAll(/useFocusWhenTargeted\(\s*'([^']*)'/g)].map(
          (match) => `${file.split(path.sep)[3]!}/${match[1]!}`,
        ),
      ),
      // ConnectionForm's own names for its two fieldsets.
      ...Object.values(API_TARGETS).map((target) => `connection/${target}`),
    ];
    const named = SECTION_TABLE.flatMap((row) => row.targets.map((target) => `${row.id}/${target}`));
    expect(new Set(focused)).toEqual(new Set(named));
  });

  it('the install opens a section of the table', () => {
    const hash = START_PAGE_PATH.slice(START_PAGE_PATH.indexOf('#'));
    expect(problemWith(hash.slice(1), undefined)).toBeUndefined();
  });
});
