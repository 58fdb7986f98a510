import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { START_PAGE_PATH } from '@/entrypoints/background/first-run';
import { sectionOfHash } from '@/entrypoints/options/navigation/hash-route';
import { API_TARGETS } from '@/entrypoints/options/sections/connection/ConnectionForm';
import { SECTION_TABLE } from '@/entrypoints/options/sections/section-table';
import { t } from '@/lib/i18n';
import { optionsPagePath, SECTION_ROUTES, sectionHref, type SectionAddress } from '@/lib/url/section-routes';
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

/** The code of a file without its comments' lines. */
const codeLines = (text: string) => text.split('\n').filter((line) => !/^\s*(\/\/|\*|\/\*)/.test(line));

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

  it('makes a link to a part of a section, and the page’s address in a workspace', () => {
    expect(sectionHref('connection', 'user-group-api')).toBe('#connection/user-group-api');
    expect(sectionHref('groups')).toBe('#groups');
    expect(optionsPagePath('groups', { target: 'due', workspaceId: 'a b' })).toBe('/options.html?ws=a%20b#groups/due');
    expect(optionsPagePath('projects')).toBe('/options.html#projects');
  });
});

// Every link to a section is typed from its route (lib/url/section-routes.ts): a section that is not
// one, or a target of another section, does not compile (these lines are checked by `tsc --noEmit`).
describe('the addresses in the code', () => {
  it('a link names a route of the table and one of that section’s targets, or it does not compile', () => {
    // @ts-expect-error: no such section.
    expect(sectionHref('history')).toBe('#history');
    // @ts-expect-error: `due` is a part of the groups section, not of the connection's.
    expect(sectionHref('connection', 'due')).toBe('#connection/due');
    // @ts-expect-error: the start section has no part to point at.
    expect(optionsPagePath('start', { target: 'unlock' })).toBe('/options.html#start/unlock');
    expect(sectionHref('groups', 'due')).toBe('#groups/due');
    // The popup's links (openSettingsAt) name a section, or a part of one, the same way.
    const addresses: SectionAddress[] = ['projects', 'connection/project-api', 'groups/due'];
    // @ts-expect-error: `due` is not a part of the connection section.
    addresses.push('connection/due');
    expect(addresses).toHaveLength(4);
  });

  it('the table has a page for every route and only for them, in the routes’ order', () => {
    expect(SECTION_TABLE.map((row) => row.id)).toEqual(SECTION_ROUTES.map((route) => route.id));
  });

  it('no address is written by hand: links go through sectionHref or optionsPagePath', () => {
    const byHand = ['entrypoints', 'lib', 'components']
      .flatMap(sources)
      .flatMap(({ file, text }) =>
        codeLines(text).flatMap((line) =>
          [...line.matchAll(/href="#[^"]*"|hash = '#[^']*'|options\.html[^'"`\s]*#/g)].map(
            (match) => `${file}: ${match[0]}`,
          ),
        ),
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

  it('the install opens the start section', () => {
    expect(sectionOfHash(START_PAGE_PATH.slice(START_PAGE_PATH.indexOf('#')))).toBe('start');
  });
});
