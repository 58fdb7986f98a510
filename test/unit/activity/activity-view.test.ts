import { describe, expect, it } from 'vitest';
import { activityIndex, entrySubject, searchActivity, type ActivityQuery } from '@/lib/activity/activity-view';
import type { ActivityEntry } from '@/lib/storage/activity/activity-schema';
import { countedText } from '@/lib/message-ref';

const base: ActivityEntry = {
  seq: 1,
  at: '2026-11-27T02:36:00.000Z',
  kind: 'jobStarted',
  outcome: 'done',
  prev: '0'.repeat(64),
};

describe('entrySubject', () => {
  it("names a job's entries by what the job does and to how many groups", () => {
    expect(entrySubject({ ...base, operation: 'create', count: 4 })).toBe('Bulk create of 4 groups');
    expect(entrySubject({ ...base, operation: 'rotate', count: 1 })).toBe('Token rotation of 1 group');
    expect(entrySubject({ ...base, kind: 'jobPaused', operation: 'delete', count: 2_000 })).toBe(
      'Deletion of 2,000 groups',
    );
  });

  it("puts the job before what it did, so a job's end reads as one line", () => {
    const ended = { ...base, kind: 'jobEnded' as const, operation: 'create' as const, count: 4 };
    const detail = countedText('activityJobFinished', 4, 4, 0);
    expect(entrySubject({ ...ended, detail })).toBe('Bulk create of 4 groups · 4 of 4 rows done, 0 failed.');
  });

  it('leaves entries that are not a job as they were: a group; a restore (its detail says its counts)', () => {
    const group = { name: 'Tailspin Toys', id: 'tailspin', environment: 'Customer' as const };
    expect(entrySubject({ ...base, kind: 'groupCreated', group })).toBe('Tailspin Toys (tailspin, Customer)');
    expect(entrySubject({ ...base, kind: 'groupsRestored', count: 10 })).toBe('');
  });
});

describe('the activity search: the one rule of every list', () => {
  const group = (name: string, id: string) => ({ name, id, environment: 'Customer' as const });
  const entries: ActivityEntry[] = [
    {
      ...base,
      seq: 1,
      kind: 'groupCreated',
      group: group('Globex Corp', 'globex'),
      workspace: { id: 'w1', name: 'Acme' },
    },
    { ...base, seq: 2, kind: 'groupRotated', group: group('Globex Corp', 'globex'), fingerprint: 'ab12cd34' },
    { ...base, seq: 3, kind: 'groupCreated', group: group('Initech', 'ini'), workspace: { id: 'w2', name: 'Zoë Ltd' } },
    { ...base, seq: 22, kind: 'groupDeleted', group: group('Corp Umbrella', 'umb') },
  ];
  const label = (kind: string) => ({ groupCreated: 'Group created', groupRotated: 'Token rotated' })[kind] ?? kind;
  const find = (search: string, kind: ActivityQuery['kind'] = 'all', workspace = 'all') =>
    searchActivity(activityIndex(entries, label), { search, kind, workspace }).map((entry) => entry.seq);

  it('"corp globex" finds the "Globex Corp" entries, newest first, as "Globex Corp" does', () => {
    expect(find('corp globex')).toEqual([2, 1]);
    expect(find('Globex Corp')).toEqual([2, 1]);
  });

  it('looks at what a row shows: number, workspace (accents ignored), kind, subject, fingerprint', () => {
    expect(find('22')).toEqual([22]);
    expect(find('zoe initech')).toEqual([3]);
    expect(find('rotated globex')).toEqual([2]);
    expect(find('AB12')).toEqual([2]);
  });

  it('narrows by kind and workspace after the words', () => {
    expect(find('globex', 'groupCreated')).toEqual([1]);
    expect(find('', 'all', 'w2')).toEqual([3]);
    expect(find('')).toEqual([22, 3, 2, 1]);
  });
});

describe('the entry of a clearing', () => {
  it('says what it removed and the checkpoint of the log it replaced', () => {
    const hash = 'ab'.repeat(32);
    expect(
      entrySubject({
        ...base,
        seq: 1235,
        kind: 'activityCleared',
        count: 1200,
        replaced: { count: 1234, hash },
        prev: hash,
      }),
    ).toBe(`1,200 entries removed; the log it replaced ended at entry 1234 (hash ${'ab'.repeat(8)}…).`);
  });
});
