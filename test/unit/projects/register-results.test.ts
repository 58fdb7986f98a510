import { describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { unguardCell } from '@/lib/csv/spreadsheet-csv';
import { verbatimText } from '@/lib/message-ref';
import { pageResults, registerResultsCsv, registerResultsFileName } from '@/lib/projects/register-results';
import type { QueuedPage } from '@/lib/storage/register-job/register-job-schema';

const rows: QueuedPage[] = [
  { line: 1, url: 'https://example.com/a', name: 'A', attempts: 0 },
  { line: 2, url: 'https://example.com/b', name: '=HYPERLINK("x")', attempts: 0 },
  { line: 3, url: 'https://example.com/c', name: 'C', attempts: 0 },
  { line: 4, url: 'https://example.com/d', name: 'D', attempts: 0 },
];

describe('register results', () => {
  const results = pageResults(
    {
      outcomes: [
        { row: 0, outcome: 'registered', projectId: 'prj_1' },
        { row: 2, outcome: 'failed', message: verbatimText('projectName must not be empty') },
        { row: 1, outcome: 'existed', projectId: 'prj_2' },
      ],
    },
    rows,
  );

  it('lists every page in list order with its outcome, pending when not sent yet', () => {
    expect(results.map((result) => [result.url, result.outcome, result.projectId])).toEqual([
      ['https://example.com/a', 'registered', 'prj_1'],
      ['https://example.com/b', 'existed', 'prj_2'],
      ['https://example.com/c', 'failed', undefined],
      ['https://example.com/d', 'pending', undefined],
    ]);
  });

  it('exports url,name,projectId,link,outcome,message with formulas guarded (link empty without a project link)', () => {
    const csv = registerResultsCsv(results);
    expect(csv.endsWith('\r\n')).toBe(true);
    const parsed = Papa.parse<string[]>(csv.trim()).data;
    expect(parsed[0]).toEqual(['url', 'name', 'projectId', 'link', 'outcome', 'message']);
    expect(parsed[1]).toEqual(['https://example.com/a', 'A', 'prj_1', '', 'registered', '']);
    expect(parsed[2]?.[1]).toBe(`'=HYPERLINK("x")`);
    expect(unguardCell(parsed[2]?.[1] ?? '')).toBe('=HYPERLINK("x")');
    expect(parsed[3]).toEqual(['https://example.com/c', 'C', '', '', 'failed', 'projectName must not be empty']);
    expect(parsed[4]).toEqual(['https://example.com/d', 'D', '', '', 'pending', '']);
  });

  it('with the workspace’s project link, each page with a project id has its link (an existing one too)', () => {
    const parsed = Papa.parse<string[]>(
      registerResultsCsv(results, 'https://app.example.com/p/{projectId}?from=export').trim(),
    ).data;
    expect(parsed.slice(1).map((row) => [row[2], row[3], row[4]])).toEqual([
      ['prj_1', 'https://app.example.com/p/prj_1?from=export', 'registered'],
      ['prj_2', 'https://app.example.com/p/prj_2?from=export', 'existed'],
      ['', '', 'failed'],
      ['', '', 'pending'],
    ]);
  });

  it('guards a link cell like every other (an id that makes a link start oddly cannot start a formula)', () => {
    const odd = pageResults({ outcomes: [{ row: 0, outcome: 'registered', projectId: '=1+1' }] }, rows.slice(0, 1));
    const [, row] = Papa.parse<string[]>(registerResultsCsv(odd, 'https://app.example.com/{projectId}').trim()).data;
    expect(row?.[2]).toBe("'=1+1");
    expect(row?.[3]).toBe('https://app.example.com/%3D1%2B1');
  });

  it('names the file after the workspace and the day', () => {
    expect(registerResultsFileName('Acme Web', new Date(2026, 10, 26, 12))).toBe(
      'register-results-acme-web-2026-11-26.csv',
    );
  });
});
