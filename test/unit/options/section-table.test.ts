import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sectionOfHash } from '@/entrypoints/options/navigation/hash-route';
import { sectionHref } from '@/entrypoints/options/navigation/hash-target';
import { SECTION_TABLE } from '@/entrypoints/options/sections/section-table';
import { t } from '@/lib/i18n';

const SECTIONS_DIR = path.resolve(import.meta.dirname, '../../../entrypoints/options/sections');

describe('the section table', () => {
  it('keeps the routes that links, bookmarks and the README use, in navigation order', () => {
    expect(SECTION_TABLE.map((row) => row.id)).toEqual([
      'start',
      'projects',
      'groups',
      'connection',
      'backup',
      'about',
    ]);
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
      for (const target of row.targets) expect(sectionOfHash(`#${row.id}/${target}`)).toBe(row.id);
    }
  });

  it('makes a link to a part of a section', () => {
    expect(sectionHref('connection', 'user-group-api')).toBe('#connection/user-group-api');
    expect(sectionHref('groups')).toBe('#groups');
  });
});
