import { DOMParser } from 'linkedom';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { successResult } from '@/components/action-result';
import { followActions, startAction, startsAction, stampOf } from '@/components/action-scope';
import { ActionMessage } from '@/components/ActionMessage';
import { whileItsJobRuns } from '@/entrypoints/options/shared/job/GoToJobButton';
import type { JobProgress } from '@/lib/storage/jobs/job-progress-schema';

// Issue 41, finding 6 (design.md §11): a message disappears when the next action starts, and a job's
// start message once that job has ended.

const page = new DOMParser().parseFromString(
  `<main>
    <button id="export">Export results</button>
    <div role="status">Created. <button id="copy">Copy token</button></div>
    <form id="form"><input id="name"><input id="file" type="file"></form>
    <p id="text">Words</p>
  </main>`,
  'text/html',
);
const at = (id: string) => page.getElementById(id) as unknown as EventTarget;

describe('what starts an action', () => {
  it('a click on a button, a form sent, a file chosen', () => {
    expect(startsAction({ type: 'click', target: at('export') })).toBe(true);
    expect(startsAction({ type: 'submit', target: at('form') })).toBe(true);
    expect(startsAction({ type: 'change', target: at('file') })).toBe(true);
  });

  it('not a click on text, typing, nor a follow-up inside a message (its Copy token)', () => {
    expect(startsAction({ type: 'click', target: at('text') })).toBe(false);
    expect(startsAction({ type: 'change', target: at('name') })).toBe(false);
    expect(startsAction({ type: 'click', target: at('copy') })).toBe(false);
    expect(startsAction({ type: 'click', target: null })).toBe(false);
  });

  it('is followed on the page before the action’s own handler runs (capture), until stopped', () => {
    const added: [string, boolean][] = [];
    const removed: string[] = [];
    const stop = followActions({
      addEventListener: (type: string, _listener: unknown, capture?: unknown) => added.push([type, capture === true]),
      removeEventListener: (type: string) => removed.push(type),
    });
    expect(added).toEqual([
      ['click', true],
      ['submit', true],
      ['change', true],
    ]);
    stop();
    expect(removed).toEqual(['click', 'submit', 'change']);
  });
});

describe('a result belongs to the action under way', () => {
  it('shows until the next action starts, then never again; the next action’s result shows', () => {
    const exported = successResult('31 results exported.');
    expect(renderToStaticMarkup(<ActionMessage result={exported} />)).toContain('31 results exported.');
    startAction();
    expect(renderToStaticMarkup(<ActionMessage result={exported} />)).toBe('');
    const started = successResult('Registering 10 pages in the background.');
    expect(renderToStaticMarkup(<ActionMessage result={started} />)).toContain('Registering 10 pages');
  });
});

describe('a job’s start message lasts while that job runs', () => {
  const job = (startedAt: number, extra: Partial<JobProgress> = {}): JobProgress => ({
    id: `job-${startedAt}`,
    status: 'running',
    ratePerMinute: 60,
    total: 6,
    skipped: 0,
    queued: 6,
    retries: [],
    next: 1,
    notBefore: 0,
    startedAt: new Date(startedAt).toISOString(),
    updatedAt: new Date(startedAt).toISOString(),
    ...extra,
  });

  it('shown while it runs, gone once it has ended; an earlier job that ended does not end it', () => {
    startAction(1_000_000);
    const rotating = { ...successResult('Rotating 6 due tokens in the background.'), jobStarted: true };
    expect(stampOf(rotating).startedAt).toBe(1_000_000);
    const ended = { status: 'done', finishedAt: new Date(1_000_900).toISOString() } as const;
    // The store still shows the job before this one, ended earlier.
    expect(whileItsJobRuns(rotating, job(900_000, ended))).toBe(rotating);
    expect(whileItsJobRuns(rotating, job(1_000_050))).toBe(rotating);
    expect(whileItsJobRuns(rotating, job(1_000_050, { status: 'paused' }))).toBe(rotating);
    expect(whileItsJobRuns(rotating, job(1_000_050, ended))).toBeUndefined();
    expect(whileItsJobRuns(rotating, job(1_000_050, { status: 'cancelled', finishedAt: ended.finishedAt }))).toBe(
      undefined,
    );
    // A message that started no job is not the job's.
    const exported = successResult('Exported 6 new tokens.');
    expect(whileItsJobRuns(exported, job(1_000_050, ended))).toBe(exported);
  });
});
