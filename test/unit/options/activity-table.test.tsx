import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ActivityTable } from '@/entrypoints/options/sections/activity/ActivityTable';
import type { ActivityEntry } from '@/lib/storage/activity/activity-schema';

// Issue 41, finding 9: Verify names "entry 22", so the table shows each entry's number.

const entry = (seq: number): ActivityEntry => ({
  seq,
  at: '2026-11-28T10:00:00.000Z',
  kind: 'groupCreated',
  outcome: 'done',
  group: { name: `Team ${seq}`, id: `t${seq}`, environment: 'Customer' },
  prev: '0'.repeat(64),
});

describe('the activity table', () => {
  it("shows each entry's number in its first column, headed Entry", () => {
    const html = renderToStaticMarkup(
      <ActivityTable entries={[entry(22), entry(7)]} kindLabel={() => 'Group created'} />,
    );
    expect([...html.matchAll(/role="columnheader"[^>]*>([^<]*)</g)].map((match) => match[1])).toEqual([
      'Entry',
      'Time',
      'Workspace',
      'What',
      'Outcome',
      'Token fingerprint',
    ]);
    expect([...html.matchAll(/<div role="row" [^>]*><div role="cell"[^>]*>(\d+)</g)].map((match) => match[1])).toEqual([
      '22',
      '7',
    ]);
  });
});
