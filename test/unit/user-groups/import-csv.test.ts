import { describe, expect, it } from 'vitest';
import { parseBulkCsv } from '@/lib/user-groups/transfer/bulk-csv';
import { readCsv } from '@/lib/user-groups/transfer/import-csv';
import { parseRegistryFile } from '@/lib/user-groups/transfer/import-rows';
import { messageText } from '@/lib/message-ref';
import type { RowProblem } from '@/lib/user-groups/transfer/row-problems';

const BOM = '\uFEFF';

/** Problems as the page shows them in English: where (data) and the reason's text. */
const shown = (problems: readonly RowProblem[]) =>
  problems.map(({ where, reason }) => ({ where, reason: messageText(reason) }));
/** A refused file's text in English. */
const refusal = (parsed: { ok: boolean; message?: Parameters<typeof messageText>[0] }) =>
  parsed.ok || !parsed.message ? undefined : messageText(parsed.message);

describe('readCsv', () => {
  it('handles a BOM, CRLF, quoted commas, doubled quotes and a quoted line break, with the line each row starts on', () => {
    const text = `${BOM}name,user_group_id,environment\r\n"Acme, Inc.",acme,Customer\r\n\r\n"Multi\r\nline ""quoted""",multi,Testing\r\nplain,p1,Customer`;
    const table = readCsv(text, ['name', 'user_group_id', 'environment']);
    expect(table).toEqual({
      ok: true,
      problems: [],
      records: [
        { line: 2, values: { name: 'Acme, Inc.', user_group_id: 'acme', environment: 'Customer' } },
        { line: 4, values: { name: 'Multi\r\nline "quoted"', user_group_id: 'multi', environment: 'Testing' } },
        { line: 6, values: { name: 'plain', user_group_id: 'p1', environment: 'Customer' } },
      ],
    });
  });

  it('matches header names whatever their case and spacing, in any order', () => {
    const table = readCsv('Environment , NAME,User_Group_ID\nTesting,Zed,z\n', [
      'name',
      'user_group_id',
      'environment',
    ]);
    expect(table.ok && table.records).toEqual([
      { line: 2, values: { environment: 'Testing', name: 'Zed', user_group_id: 'z' } },
    ]);
  });

  it('reports rows with the wrong number of fields and unclosed quotes, by line', () => {
    const table = readCsv(
      'name,user_group_id,environment\nshort,row\nok,ok,Customer\nextra,x,Testing,more\n"open,o,Testing\n',
      ['name', 'user_group_id', 'environment'],
    );
    expect(table.ok).toBe(true);
    if (!table.ok) return;
    expect(table.records.map((record) => record.line)).toEqual([3]);
    expect(shown(table.problems)).toEqual([
      { where: { kind: 'line', position: 2 }, reason: 'Expected 3 fields, found 2.' },
      { where: { kind: 'line', position: 4 }, reason: 'Expected 3 fields, found 4.' },
      { where: { kind: 'line', position: 5 }, reason: expect.stringMatching(/quote/i) as string },
    ]);
    expect(table.problems[2]?.reason).toEqual({ key: 'csvQuoteUnclosed' });
  });

  it('refuses an empty file and a file without the required columns', () => {
    expect(readCsv('', ['name'])).toEqual({ ok: false, message: { key: 'fileEmpty' } });
    expect(refusal(readCsv('', ['name']))).toBe('The file is empty.');
    expect(refusal(readCsv('name,id\n', ['name', 'user_group_id', 'environment']))).toBe(
      'The first row must name the columns name,user_group_id,environment (comma-separated); missing: user_group_id, environment.',
    );
    expect(refusal(readCsv('name;user_group_id;environment\n', ['name', 'user_group_id', 'environment']))).toBe(
      'The file separates its columns with semicolons; save it as CSV with commas.',
    );
  });
});

describe('parseBulkCsv', () => {
  it('validates every row and says why a row is refused', () => {
    const text = [
      'name,user_group_id,environment',
      '"Acme, Inc.",acme,Customer',
      ' Globex ,globex,testing',
      ',noname,Customer',
      'No id,,Testing',
      'Bad env,bad,Production',
      'Dup,acme,Customer',
      'Same id other env,acme,Testing',
      `${'x'.repeat(201)},long,Customer`,
    ].join('\r\n');
    const parsed = parseBulkCsv(`${BOM}${text}\r\n`);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.rows).toEqual([
      { line: 2, name: 'Acme, Inc.', userGroupId: 'acme', environment: 'Customer' },
      { line: 3, name: 'Globex', userGroupId: 'globex', environment: 'Testing' },
      { line: 8, name: 'Same id other env', userGroupId: 'acme', environment: 'Testing' },
    ]);
    expect(shown(parsed.problems)).toEqual([
      { where: { kind: 'line', position: 4 }, reason: 'name: must not be empty' },
      { where: { kind: 'line', position: 5 }, reason: 'user_group_id: must not be empty' },
      { where: { kind: 'line', position: 6 }, reason: 'environment: must be Customer or Testing' },
      { where: { kind: 'line', position: 7 }, reason: 'The same Customer ID as line 2.' },
      { where: { kind: 'line', position: 9 }, reason: 'name: must be at most 200 characters' },
    ]);
    // Named, with the field name and the environment as data: each page says it in its language.
    expect(parsed.problems[0]?.reason).toEqual({ key: 'fileFieldIssue', args: ['name', { key: 'fileFieldEmpty' }] });
    expect(parsed.problems[3]?.reason).toEqual({ key: 'fileSameIdAsLine', args: ['Customer', '2'] });
  });

  it('refuses a file of more than 10,000 rows as a whole', () => {
    const rows = Array.from({ length: 10_001 }, (_, i) => `G${i},g${i},Customer`);
    const parsed = parseBulkCsv(['name,user_group_id,environment', ...rows].join('\n'));
    expect(parsed).toEqual({ ok: false, message: { key: 'fileTooManyRows', args: [10_000] } });
    expect(refusal(parsed)).toBe('The file holds more than 10,000 rows; split it into smaller files.');
  });
});

describe('parseRegistryFile (CSV)', () => {
  const header = 'name,user_group_id,environment,token,team_id,created_at,last_rotated_at';

  it('reads every column, undoes the formula guard, and leaves optional times empty', () => {
    const parsed = parseRegistryFile(
      `${BOM}${header}\r\n"'=Sum, Inc.",sum,Customer,ugt_1,7,2025-01-01T00:00:00.000Z,\r\nTwo,two,Testing,ugt_2,8,,2025-02-01T00:00:00.000Z\r\n`,
    );
    expect(parsed).toEqual({
      ok: true,
      format: 'csv',
      problems: [],
      groups: [
        {
          where: { kind: 'line', position: 2 },
          fields: {
            name: '=Sum, Inc.',
            provided_id: 'sum',
            environment: 'Customer',
            token: 'ugt_1',
            team_id: 7,
            createdAt: '2025-01-01T00:00:00.000Z',
            lastRotatedAt: null,
          },
        },
        {
          where: { kind: 'line', position: 3 },
          fields: {
            name: 'Two',
            provided_id: 'two',
            environment: 'Testing',
            token: 'ugt_2',
            team_id: 8,
            lastRotatedAt: '2025-02-01T00:00:00.000Z',
          },
        },
      ],
    });
  });

  it('requires a token, a whole team id and real dates', () => {
    const parsed = parseRegistryFile(
      `${header}\nA,a,Customer,,1,,\nB,b,Customer,t,x1,,\nC,c,Customer,t,3,yesterday,\n`,
    );
    expect(parsed.ok && shown(parsed.problems)).toEqual([
      { where: { kind: 'line', position: 2 }, reason: 'token: must not be empty' },
      { where: { kind: 'line', position: 3 }, reason: 'team_id: must be a whole number' },
      { where: { kind: 'line', position: 4 }, reason: 'created_at: must be a date and time (ISO 8601)' },
    ]);
  });
});

describe('parseRegistryFile (JSON)', () => {
  it('refuses JSON that is not an export', () => {
    expect(refusal(parseRegistryFile('{"format":"something-else","groups":[]}'))).toContain('not a Review Companion');
    expect(refusal(parseRegistryFile('{ nope'))).toBe('The file is not valid JSON.');
  });

  it('lists invalid entries by number', () => {
    const good = {
      team_id: 1,
      token: 't',
      name: 'N',
      provided_id: 'n',
      environment: 'Customer',
      createdAt: '2025-01-01T00:00:00.000Z',
      lastRotatedAt: null,
      extra: {},
    };
    const parsed = parseRegistryFile(
      JSON.stringify([
        good,
        { ...good, provided_id: 'm', token: '' },
        { ...good, environment: 'Prod', provided_id: 'p' },
        good,
      ]),
    );
    expect(parsed.ok && parsed.groups.map((group) => group.where)).toEqual([{ kind: 'entry', position: 1 }]);
    expect(parsed.ok && shown(parsed.problems)).toEqual([
      { where: { kind: 'entry', position: 2 }, reason: 'token: must not be empty' },
      { where: { kind: 'entry', position: 3 }, reason: 'environment: must be Customer or Testing' },
      { where: { kind: 'entry', position: 4 }, reason: 'The same Customer ID as entry 1.' },
    ]);
  });

  it('names a missing field, a value of the wrong type, and several problems of one group', () => {
    const good = {
      team_id: 1,
      token: 't',
      name: 'N',
      provided_id: 'n',
      environment: 'Customer',
      createdAt: '2025-01-01T00:00:00.000Z',
      lastRotatedAt: null,
    };
    const noToken = { ...good, token: undefined }; // JSON.stringify leaves it out
    const parsed = parseRegistryFile(
      JSON.stringify([noToken, { ...good, name: 7 }, { ...good, team_id: 1.5, environment: 'Prod' }]),
    );
    expect(parsed.ok && shown(parsed.problems).map((problem) => problem.reason)).toEqual([
      'token: is missing',
      'name: has the wrong type',
      'team_id: must be a whole number; environment: must be Customer or Testing',
    ]);
  });
});
