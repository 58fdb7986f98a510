import { describe, expect, it } from 'vitest';
import { combinedBadge, jobBadge, NO_BADGE } from '@/lib/jobs/job-badge';

const job = (status: 'running' | 'paused' | 'cancelled' | 'done', done: number, total: number) => ({
  status,
  total,
  next: done,
  retries: [],
});

describe('the toolbar badge of a job', () => {
  it('a running job shows done/total while that fits four characters, then a percentage', () => {
    expect(jobBadge(job('running', 3, 8))).toEqual({ text: '3/8', color: '#1a73e8' });
    expect(jobBadge(job('running', 12, 60))).toEqual({ text: '20%', color: '#1a73e8' });
    expect(jobBadge(job('running', 0, 10_000)).text).toBe('0%');
  });

  it('paused shows in another colour; ended (done, cancelled) or no job clears it', () => {
    expect(jobBadge(job('paused', 1, 3))).toEqual({ text: '1/3', color: '#b06000' });
    expect(jobBadge(job('done', 3, 3))).toEqual(NO_BADGE);
    expect(jobBadge(job('cancelled', 1, 3))).toEqual(NO_BADGE);
    expect(jobBadge(null)).toEqual(NO_BADGE);
  });

  it('with jobs in several workspaces, the first one under way is shown', () => {
    const badges = new Map([
      ['ws.b.bulkCreateJob', jobBadge(job('running', 1, 2))],
      ['ws.a.bulkCreateJob', NO_BADGE],
    ]);
    expect(combinedBadge(badges).text).toBe('1/2');
    badges.set('ws.b.bulkCreateJob', NO_BADGE);
    expect(combinedBadge(badges)).toEqual(NO_BADGE);
  });
});
