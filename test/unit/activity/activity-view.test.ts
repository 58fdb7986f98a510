import { describe, expect, it } from 'vitest';
import { entrySubject } from '@/lib/activity/activity-view';
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
