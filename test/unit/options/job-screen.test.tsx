import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { describeJobState } from '@/entrypoints/options/shared/job/job-state';
import { GroupJobProgress } from '@/entrypoints/options/sections/groups/GroupJobProgress';
import { RegisterJobProgress } from '@/entrypoints/options/sections/projects/RegisterJobProgress';
import { text, verbatimText } from '@/lib/message-ref';
import type { BulkJob } from '@/lib/storage/bulk-job/bulk-job-schema';
import type { JobProgress } from '@/lib/storage/jobs/job-progress-schema';
import type { QueuedPage, RegisterJob } from '@/lib/storage/register-job/register-job-schema';

// A server render reads the stores' initial state: the shown workspace and the job's pages are given here.
vi.mock('@/entrypoints/options/shared/use-active-workspace', () => ({
  useActiveWorkspace: () => ({ id: 'a1b2c3d4', name: 'Acme', createdAt: '2026-01-01T00:00:00.000Z' }),
}));
vi.mock('@/lib/stores/register-pages-store', () => {
  const rows: QueuedPage[] = ['a', 'b', 'c', 'd'].map((page, index) => ({
    line: index + 1,
    url: `https://example.com/${page}`,
    name: page.toUpperCase(),
    attempts: 0,
  }));
  return { useRegisterPagesStore: (select: (state: { rows: QueuedPage[] }) => unknown) => select({ rows }) };
});

// Issue 40, item 4: one job screen for every kind of job, fed by a small view per kind.

const progress: JobProgress = {
  id: 'job-1',
  status: 'running',
  ratePerMinute: 150,
  total: 4,
  skipped: 0,
  queued: 4,
  retries: [],
  next: 2,
  notBefore: 0,
  startedAt: '2026-11-26T10:00:00.000Z',
  updatedAt: '2026-11-26T10:01:00.000Z',
};

const groupJob = (extra: Partial<BulkJob> = {}): BulkJob => ({
  ...progress,
  operation: 'rotate',
  created: 1,
  existed: 0,
  failed: [{ line: 2, name: 'Team B', environment: 'Customer', userGroupId: 'b', message: verbatimText('Refused.') }],
  ...extra,
});

const registerJob = (extra: Partial<RegisterJob> = {}): RegisterJob => ({
  ...progress,
  outcomes: [
    { row: 0, outcome: 'registered', projectId: 'p1' },
    { row: 1, outcome: 'failed', message: verbatimText('Refused.') },
  ],
  ...extra,
});

/** The text a screen shows: tags dropped. */
const shown = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
const buttons = (html: string) => [...html.matchAll(/<button[^>]*>([^<]*)<\/button>/g)].map((match) => match[1]);

describe('describeJobState: one description of where any job stands', () => {
  it('running at its rate, unthrottled, or waiting out a rate limit', () => {
    expect(describeJobState(progress)).toBe('Running at up to 150 requests per minute.');
    expect(describeJobState({ ...progress, ratePerMinute: null })).not.toContain('150');
    const until = Date.UTC(2026, 10, 26, 10, 5);
    expect(describeJobState({ ...progress, rateLimitedUntil: until })).toBe(
      `The service is rate limiting: carrying on at ${new Date(until).toLocaleTimeString()}.`,
    );
  });

  it('paused, and why; cancelled, and how many rows were not sent; done', () => {
    expect(describeJobState({ ...progress, status: 'paused', message: text('errorLocked') })).toMatch(
      /^Paused: .+ Fix this, then resume\.$/,
    );
    expect(describeJobState({ ...progress, status: 'cancelled' })).toBe('Cancelled: 2 rows were not sent.');
    expect(describeJobState({ ...progress, status: 'cancelled', next: 4 })).not.toMatch(/rows? (was|were) not sent/);
    expect(describeJobState({ ...progress, status: 'done', next: 4 })).toBe('Done.');
  });
});

describe('the job screen, for a user-group job and a register-pages job alike', () => {
  it('a running job: its heading, the progress bar with its stable name, its counts and state, Cancel job', () => {
    const groups = renderToStaticMarkup(<GroupJobProgress job={groupJob()} />);
    expect(groups).toMatch(/<h2 id="bulk-progress-heading">Rotating tokens<\/h2>/);
    expect(groups).toMatch(/<progress aria-label="Bulk create progress" max="4" value="2">/);
    expect(groups).toContain('<p class="job-counts bulk-counts">1 of 4 rotated, 1 failed</p>');
    expect(buttons(groups)).toEqual(['Cancel job', '1 failed row']);

    const pages = renderToStaticMarkup(<RegisterJobProgress job={registerJob()} />);
    expect(pages).toMatch(/<h3 id="register-progress-heading">Registering pages<\/h3>/);
    expect(pages).toMatch(/<progress aria-label="Registration progress" max="4" value="2">/);
    expect(pages).toContain('class="job-counts register-counts"');
    expect(buttons(pages)).toEqual(['Cancel job', 'Export results']);
    // The same state, in the same words, for both kinds.
    for (const html of [groups, pages]) expect(shown(html)).toContain('Running at up to 150 requests per minute.');
  });

  it('a running job’s failures are folded; once it has ended they show, with Retry failed and its kind’s controls', () => {
    const running = renderToStaticMarkup(<GroupJobProgress job={groupJob()} />);
    expect(running).toContain('aria-expanded="false"');
    expect(running).not.toContain('aria-label="Failed rows"');

    const ended = renderToStaticMarkup(
      <GroupJobProgress job={groupJob({ status: 'cancelled', finishedAt: progress.updatedAt })} onClose={() => {}} />,
    );
    expect(ended).toMatch(/<h2 id="bulk-progress-heading">Last token rotation of a selection<\/h2>/);
    expect(buttons(ended)).toEqual(['Resume', 'Retry failed', 'Download unsent rows', '1 failed row', 'Close']);
    expect(ended).toContain('aria-expanded="true"');
    expect(shown(ended)).toContain('“Team B” (Customer, ID b)');
    // A selection's rows have no line in a file; a create's do.
    expect(shown(ended)).not.toContain('Line 2');
    const created = renderToStaticMarkup(<GroupJobProgress job={groupJob({ operation: 'create', status: 'done' })} />);
    expect(shown(created)).toContain('Line 2');
  });

  it('a register job’s results show while it runs, with Retry failed once it has ended', () => {
    const running = renderToStaticMarkup(<RegisterJobProgress job={registerJob()} />);
    expect(running).toContain('<caption>Results</caption>');
    const ended = renderToStaticMarkup(
      <RegisterJobProgress job={registerJob({ status: 'done', skipped: 3, finishedAt: progress.updatedAt })} />,
    );
    expect(ended).toMatch(/<h3 id="register-progress-heading">Last registration<\/h3>/);
    expect(buttons(ended)).toEqual(['Retry failed', 'Export results']);
    expect(shown(ended)).toContain('3 left out before starting');
  });

  it('says the job’s state when it changes, with its counts once it has ended, in one live region', () => {
    const live = (html: string) => /<p class="visually-hidden" aria-live="polite">([^<]*)<\/p>/.exec(html)?.[1];
    expect(live(renderToStaticMarkup(<GroupJobProgress job={groupJob()} />))).toBe(
      'Rotating tokens. Running at up to 150 requests per minute.',
    );
    expect(live(renderToStaticMarkup(<RegisterJobProgress job={registerJob({ status: 'done' })} />))).toMatch(
      /^Last registration\. Done\. 2 of 4 done: 1 registered/,
    );
  });
});
