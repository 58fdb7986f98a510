import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { formatDateLines, formatDateTime, plural, t } from '@/lib/i18n';
import { englishMessages } from './setup/i18n';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('public/_locales/en/messages.json', () => {
  const entries = Object.entries(englishMessages);

  it.each(entries)('%s is well formed', (name, entry) => {
    expect(name).toMatch(/^[A-Za-z0-9_]+$/);
    expect(entry.message.trim()).not.toBe('');
    // A description tells translators where the text appears.
    expect((entry as { description?: string }).description?.trim()).toBeTruthy();
    const declared = Object.keys(entry.placeholders ?? {}).map((key) => key.toLowerCase());
    const used = [...entry.message.matchAll(/\$([A-Za-z0-9_]+)\$/g)].map((match) => match[1]!.toLowerCase());
    expect(new Set(used), 'placeholders used = declared').toEqual(new Set(declared));
    for (const placeholder of Object.values(entry.placeholders ?? {})) expect(placeholder.content).toMatch(/^\$[1-9]$/);
    // Any other `$` would be read as a placeholder: a literal dollar is written `$$`.
    expect(entry.message.replace(/\$([A-Za-z0-9_]+)\$/g, '').replace(/\$\$/g, '')).not.toContain('$');
  });

  it('every __MSG_…__ of the manifest (wxt.config.ts) exists', () => {
    const config = readFileSync(path.join(ROOT, 'wxt.config.ts'), 'utf8');
    const names = [...config.matchAll(/__MSG_([A-Za-z0-9_]+)__/g)].map((match) => match[1]!);
    expect(names.sort()).toEqual(['actionTitle', 'commandOpenPopup', 'extDescription', 'extName']);
    for (const name of names) expect(englishMessages[name], name).toBeDefined();
  });

  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) =>
      statSync(path.join(dir, name)).isDirectory() ? walk(path.join(dir, name)) : [path.join(dir, name)],
    );
  const sourceFiles = ['entrypoints', 'lib', 'components']
    .flatMap((dir) => walk(path.join(ROOT, dir)))
    .filter((file) => /\.(ts|tsx)$/.test(file));

  it('every message is used somewhere (no dead text for translators)', () => {
    const sources = sourceFiles.map((file) => readFileSync(file, 'utf8')).join('\n');
    const config = readFileSync(path.join(ROOT, 'wxt.config.ts'), 'utf8');
    // A plural form (`x_one`, `x_other`) is used through its base: countedText('x', n), plural('x', n).
    const base = (name: string) => name.replace(/_(zero|one|two|few|many|other)$/, '');
    const unused = Object.keys(englishMessages).filter(
      (name) => !sources.includes(`'${base(name)}'`) && !config.includes(`__MSG_${name}__`),
    );
    expect(unused).toEqual([]);
  });

  it('every t(…) of the code names a message that exists, every plural(…) a plural message', () => {
    const missing = sourceFiles.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\b(t|plural)\(\s*'([^']+)'/g)]
        .map((match) => (match[1] === 'plural' ? `${match[2]!}_other` : match[2]!))
        .filter((name) => !englishMessages[name])
        .map((name) => `${path.relative(ROOT, file)}: ${name}`),
    );
    expect(missing).toEqual([]);
  });

  it('the pages and shared components take their text from the messages', () => {
    // JSX text between tags and literal text attributes; code, data and punctuation are allowed.
    const files = [
      ...walk(path.join(ROOT, 'entrypoints/options')),
      ...walk(path.join(ROOT, 'entrypoints/popup')),
      ...walk(path.join(ROOT, 'components')),
    ].filter((file) => file.endsWith('.tsx'));
    const hardCoded = files.flatMap((file) => {
      const source = readFileSync(file, 'utf8');
      const texts = [...source.matchAll(/(?<![\s=])>([^<>{}]*[A-Za-z]{2}[^<>{}]*)</g)].map((match) => match[1]!.trim());
      const attributes = [
        ...source.matchAll(/\b(?:label|title|placeholder|hint|aria-label|confirmLabel|accessibleName)="([^"]*)"/g),
      ].map((match) => match[1]!);
      return [...texts, ...attributes]
        .filter((text) => /[A-Za-z]{2}/.test(text) && !/[=;()?]|&&/.test(text))
        .map((text) => `${path.relative(ROOT, file)}: ${text}`);
    });
    expect(hardCoded).toEqual([]);
  });
});

describe('t()', () => {
  it('substitutes placeholders in order and formats numbers', () => {
    expect(plural('sameSite', 2, 'example.com')).toBe('2 other pages of example.com are registered.');
    expect(t('historyIntro', 5000)).toBe(
      'Every project created in this browser, newest first. The newest 5,000 are kept.',
    );
    expect(t('duplicateEarlier', '1 Nov 2026', 'Name', 'prj_1')).toBe(
      'This page was registered on 1 Nov 2026 as “Name” (project ID prj_1).',
    );
  });

  it('keeps the stable accessible names (docs/testing.md) in English', () => {
    expect([
      t('fieldProjectUrl'),
      t('fieldProjectName'),
      t('createProject'),
      t('projectIdLabel'),
      t('copyProjectId'),
      t('openSettings'),
    ]).toEqual(['Project URL', 'Project name', 'Create project', 'Project ID', 'Copy project ID', 'Open settings']);
    expect(
      (
        [
          'connectionUserGroupBaseUrl',
          'connectionApiToken',
          'connectionProjectApiUrl',
          'connectionApiKey',
          'connectionAuthToken',
          'connectionSave',
          'groupsFieldName',
          'groupsFieldId',
          'groupsFieldEnvironment',
          'groupsEnvironmentCustomer',
          'groupsEnvironmentTesting',
          'groupsCreate',
          'groupsSearch',
          'groupsCopyToken',
          'groupsRotateToken',
          'groupsDelete',
          'groupsDeleteGroup',
          'navConnection',
        ] as const
      ).map((key) => t(key)),
    ).toEqual([
      'User group API base URL',
      'API token',
      'Project API URL',
      'API key',
      'Auth token',
      'Save connection',
      'Name',
      'User group ID',
      'Environment',
      'Customer',
      'Testing',
      'Create user group',
      'Search user groups',
      'Copy token',
      'Rotate token',
      'Delete',
      'Delete group',
      'Connection',
    ]);
  });

  it('builds the options page sentences as before', () => {
    const group = t('groupsDescribe', 'Team', 'Customer', 'ug-1');
    expect(t('groupsCreated', group)).toBe('Created “Team” (Customer, ID ug-1).');
    expect(t('groupsRotated', group, '••••abcd')).toBe(
      'New token for “Team” (Customer, ID ug-1): ••••abcd. The old token no longer works.',
    );
    expect(plural('groupsShowing', 1500, 1200, 1000, 500)).toBe(
      'Showing 1,200 of 1,500 groups (1,000 Customer, 500 Testing).',
    );
    expect(t('groupsRotationUnknown')).toBe('Rotation outcome unknown — the old token may no longer work.');
    expect(t('importConfirmBody', plural('importConfirmAdded', 2), plural('importConfirmOverwritten', 1))).toBe(
      '2 new groups are added and 1 stored group is overwritten with the file’s values (tokens included).',
    );
    expect(t('bulkRateAboveLimit', '200', '180')).toBe(
      "200 is above the service's documented limit of 180 per minute: expect to be rate limited.",
    );
    expect(t('connectionAccessMissing', t('connectionAccessAnd', 'https://a.test', 'https://b.test'))).toBe(
      'Access not granted: Review Companion cannot call https://a.test and https://b.test until you allow it.',
    );
  });

  it('a message the browser does not have shows its name, and says so once', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const real = fakeBrowser.i18n.getMessage;
    Object.assign(fakeBrowser.i18n, { getMessage: () => '' });
    try {
      expect(t('copied')).toBe('copied');
      expect(t('copied')).toBe('copied');
      expect(warn).toHaveBeenCalledOnce();
    } finally {
      Object.assign(fakeBrowser.i18n, { getMessage: real });
    }
  });

  it('asks the browser once per text without substitutions, and again once its getMessage is replaced (issue 25)', () => {
    const real = fakeBrowser.i18n.getMessage;
    const asked: string[] = [];
    const counting = (name: string, substitutions?: string | string[]) => {
      asked.push(name);
      return real.call(fakeBrowser.i18n, name as never, substitutions);
    };
    Object.assign(fakeBrowser.i18n, { getMessage: counting });
    try {
      expect(t('copied')).toBe('Copied.');
      expect(t('copied')).toBe('Copied.');
      expect(asked.filter((name) => name === 'copied')).toHaveLength(1);
      // With substitutions the browser is asked each time (they differ), numbers in the UI language.
      expect(plural('duplicateTimes', 10000)).toContain('10,000');
      Object.assign(fakeBrowser.i18n, { getMessage: () => 'Kopiert.' });
      expect(t('copied')).toBe('Kopiert.');
    } finally {
      Object.assign(fakeBrowser.i18n, { getMessage: real });
    }
  });

  it('formatDateTime shows a stored date, and an unreadable one as it is', () => {
    expect(formatDateTime('2026-11-21T10:00:00.000Z')).toMatch(/2026/);
    expect(formatDateTime('yesterday')).toBe('yesterday');
  });
});

describe('formatDateLines (issue 41: the history’s date at 760 px)', () => {
  it('gives the day and the time as two short lines, and nothing for a value that is not a date', () => {
    const lines = formatDateLines('2026-11-28T20:56:00.000Z');
    expect(lines?.day).toMatch(/2026/);
    expect(lines?.day).not.toMatch(/:/);
    expect(lines?.time).toMatch(/\d:\d\d/);
    expect(formatDateLines('not a date')).toBeUndefined();
  });
});
