import { describe, expect, it } from 'vitest';
import { estimateJob } from '@/entrypoints/options/shared/job/job-estimate';
import { parseBulkCsv } from '@/lib/user-groups/transfer/bulk-csv';
import { detectFileKind } from '@/lib/user-groups/transfer/bulk-file-kind';
import { newBulkJob } from '@/lib/user-groups/bulk/bulk-job';
import type { BulkJob } from '@/lib/storage/bulk-job/bulk-job-schema';
import { bulkTemplateCsv } from '@/lib/user-groups/transfer/bulk-template';
import { unsentRows, unsentRowsCsv } from '@/lib/user-groups/bulk/bulk-unsent';
import { verbatimText } from '@/lib/message-ref';
import { rows } from './bulk-fakes';

describe('estimateJob: rows / rate, rounded, in s or min', () => {
  it.each([
    [60, 150, { amount: 24, unit: 's' }],
    [1, 150, { amount: 1, unit: 's' }],
    [1, 6000, { amount: 1, unit: 's' }],
    [10, 60, { amount: 10, unit: 's' }],
    [89, 60, { amount: 89, unit: 's' }],
    [90, 60, { amount: 2, unit: 'min' }],
    [200, 150, { amount: 80, unit: 's' }],
    [300, 150, { amount: 2, unit: 'min' }],
    [10_000, 150, { amount: 67, unit: 'min' }],
  ])('%i rows at %i per minute: %o', (count, rate, expected) => {
    expect(estimateJob(count, rate)).toEqual(expected);
  });
});

describe('detectFileKind: a bulk-create CSV or a registry backup, before anything happens', () => {
  it.each([
    ['name,user_group_id,environment\r\nA,a,Customer\r\n', 'create'],
    ['\uFEFF"Name","User_Group_ID", environment \nA,a,Testing', 'create'],
    ['\n\nname,user_group_id,environment', 'create'],
    ['environment,name,user_group_id,notes\n', 'create'],
    ['name,user_group_id,environment,token,team_id,created_at,last_rotated_at\nA,a,Customer,ugt_x,1,,', 'backup'],
    ['{"format":"review-companion-user-groups","groups":[]}', 'backup'],
    ['  [ ]', 'backup'],
    ['\uFEFF{}', 'backup'],
    ['id,title\n1,x', 'unknown'],
    ['', 'unknown'],
  ])('%j is %s', (text, kind) => {
    expect(detectFileKind(text)).toBe(kind);
  });

  it('the template is a bulk-create CSV: the header and one example row, which bulk create reads', () => {
    const template = bulkTemplateCsv();
    expect(template).toBe('name,user_group_id,environment\r\nExample group,example-group-1,Testing\r\n');
    expect(detectFileKind(template)).toBe('create');
    expect(parseBulkCsv(template)).toEqual({
      ok: true,
      rows: [{ line: 2, name: 'Example group', userGroupId: 'example-group-1', environment: 'Testing' }],
      problems: [],
    });
  });
});

describe('unsent rows of a job', () => {
  const queued = rows(4).map((row) => ({ ...row, attempts: 0 }));
  const cancelled: BulkJob = {
    ...newBulkJob({ id: 'j', rows: rows(4), skipped: 0, ratePerMinute: 60, now: 0 }).job,
    status: 'cancelled',
    next: 2,
    created: 1,
    failed: [
      {
        line: 3,
        name: 'Group 1',
        userGroupId: 'g1',
        environment: 'Customer',
        message: verbatimText('=The service refused: taken.'),
      },
    ],
  };

  it('the rows not sent, then the failed rows with their error', () => {
    expect(unsentRows(cancelled, queued)).toEqual([
      { name: 'Group 2', userGroupId: 'g2', environment: 'Customer', error: '' },
      { name: 'Group 3', userGroupId: 'g3', environment: 'Customer', error: '' },
      { name: 'Group 1', userGroupId: 'g1', environment: 'Customer', error: '=The service refused: taken.' },
    ]);
  });

  it('a spreadsheet-safe CSV that bulk create reads back (the error column is ignored)', () => {
    const csv = unsentRowsCsv(cancelled, queued);
    expect(csv.split('\r\n')[0]).toBe('name,user_group_id,environment,error');
    expect(csv).toContain(`"'=The service refused: taken."`);
    expect(detectFileKind(csv)).toBe('create');
    const parsed = parseBulkCsv(csv);
    expect(parsed.ok && parsed.rows.map((row) => row.userGroupId)).toEqual(['g2', 'g3', 'g1']);
  });
});
