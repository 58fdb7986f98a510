import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ActivityEvent, ActivityRecorder } from '@/lib/activity/activity-recorder';
import { createBulkJobStore } from '@/lib/storage/bulk-job/bulk-job-store';
import { recordJobTransitions } from '@/lib/user-groups/bulk/job-activity';
import { TEST_SCOPE } from '../helpers/test-workspace';
import { created, drain, fakeRunner, refused, rows } from './bulk-fakes';

beforeEach(() => {
  fakeBrowser.reset();
  vi.useFakeTimers({ now: Date.UTC(2025, 0, 1, 12, 0, 0) });
});
afterEach(() => {
  vi.useRealTimers();
});

/** A runner whose job store records its transitions, as the background wires it, and the entries made. */
function recordedRunner(script: Parameters<typeof fakeRunner>[0]) {
  const events: ActivityEvent[] = [];
  const activity: ActivityRecorder = {
    record: (event) => {
      events.push(event);
      return Promise.resolve();
    },
  };
  const jobs = recordJobTransitions(createBulkJobStore(TEST_SCOPE), activity);
  return { ...fakeRunner(script, { jobs }), events };
}

const transitions = (events: readonly ActivityEvent[]) =>
  events.filter((event) => event.kind.startsWith('job')).map((event) => [event.kind, event.outcome]);

describe('a job store that records its transitions in the activity log', () => {
  it('a job that creates every row: started, then ended done, each once', async () => {
    const { runner, events } = recordedRunner((row) => created(row));
    await runner.start(rows(3), 600);
    await drain(runner);
    expect(transitions(events)).toEqual([
      ['jobStarted', 'done'],
      ['jobEnded', 'done'],
    ]);
    expect(events.find((event) => event.kind === 'jobStarted')).toMatchObject({ operation: 'create', count: 3 });
  });

  it('a job with a refused row ends as failed, and says how many of how many were done', async () => {
    const { runner, events } = recordedRunner((row) => (row.userGroupId === 'g1' ? refused('no') : created(row)));
    await runner.start(rows(3), 600);
    await drain(runner);
    expect(transitions(events)).toEqual([
      ['jobStarted', 'done'],
      ['jobEnded', 'failed'],
    ]);
  });

  it('a job cancelled before its first row: started, then ended as failed (cancelled)', async () => {
    const { runner, events } = recordedRunner((row) => created(row));
    await runner.start(rows(3), 600);
    await runner.cancel();
    await drain(runner);
    expect(transitions(events)).toEqual([
      ['jobStarted', 'done'],
      ['jobEnded', 'failed'],
    ]);
  });
});
