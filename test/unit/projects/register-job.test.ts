import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ActivityEvent } from '@/lib/activity/activity-recorder';
import type { ProjectApi } from '@/lib/api/project-api';
import type { Connection } from '@/lib/connection/connection-repository';
import { DEFAULT_RATE_PER_MINUTE, sendIntervalMs } from '@/lib/jobs/job-pacing';
import { text, verbatimText } from '@/lib/message-ref';
import { pageCounts, pagesToRetry } from '@/lib/projects/register-job';
import { createRegisterRunner, type RegisterRunnerDeps } from '@/lib/projects/register-runner';
import { fail, ok, type Result } from '@/lib/result';
import { createHistoryRecorder, readHistory } from '@/lib/storage/history/history-writer';
import { createRegisterJobStore } from '@/lib/storage/register-job/register-job-store';
import type { PageRow, RegisterJob } from '@/lib/storage/register-job/register-job-schema';
import { lockedError } from '@/lib/storage/lock/lock-keys';
import { TEST_SCOPE } from '../helpers/test-workspace';

const T0 = Date.parse('2026-11-26T10:00:00.000Z');
const CONNECTION: Connection = {
  userGroupBaseUrl: '',
  projectApiUrl: 'https://projects.example.com',
  secretsArea: 'local',
  apiToken: '',
  apiKey: 'key-1234',
  authToken: 'auth-secret-5678',
};

let locked = false;
vi.mock('@/lib/storage/credentials/keyring', async (original) => ({
  ...(await original<object>()),
  isLockedNow: () => Promise.resolve(locked),
}));

type Answer = Result<{ projectId: string; message: string }>;
const made = (url: string): Answer => ok({ projectId: `p-${new URL(url).pathname.slice(1)}`, message: 'ok' });

const pages = (count: number): PageRow[] =>
  Array.from({ length: count }, (_, i) => ({ line: i + 1, url: `https://site.example/${i}`, name: `Page ${i}` }));

function fakeRegister(
  script: (url: string, call: number) => Answer | Promise<Answer> = made,
  overrides: Partial<RegisterRunnerDeps> = {},
) {
  const calls: { url: string; at: number }[] = [];
  const historyAtSend: number[] = [];
  const perUrl = new Map<string, number>();
  const api: Pick<ProjectApi, 'createProject'> = {
    createProject: vi.fn(async (_connection: Connection, input: { projectUrl: string; projectName: string }) => {
      historyAtSend.push((await readHistory(TEST_SCOPE)).length);
      calls.push({ url: input.projectUrl, at: Date.now() });
      const call = (perUrl.get(input.projectUrl) ?? 0) + 1;
      perUrl.set(input.projectUrl, call);
      return script(input.projectUrl, call);
    }),
  };
  const alarm = { ensure: vi.fn(() => Promise.resolve()), clear: vi.fn(() => Promise.resolve()) };
  const runner = createRegisterRunner({
    api,
    history: createHistoryRecorder(TEST_SCOPE),
    jobs: createRegisterJobStore(TEST_SCOPE),
    connect: () => Promise.resolve(ok(CONNECTION)),
    alarm,
    ...overrides,
  });
  return { runner, api, calls, alarm, historyAtSend };
}

async function storedJob(): Promise<RegisterJob> {
  const job = await createRegisterJobStore(TEST_SCOPE).read();
  if (!job) throw new Error('no job stored');
  return job;
}

async function drain(runner: { kick: () => Promise<void> }) {
  await vi.runAllTimersAsync();
  await runner.kick();
}

beforeEach(() => {
  fakeBrowser.reset();
  locked = false;
  vi.useFakeTimers({ now: T0 });
});
afterEach(() => vi.useRealTimers());

describe('the register-pages job', () => {
  it('registers every page at the default pace, each in the history before the next request', async () => {
    const { runner, calls, historyAtSend } = fakeRegister();
    expect(await runner.start(pages(4), 3, DEFAULT_RATE_PER_MINUTE)).toEqual({
      ok: true,
      value: { total: 4, skipped: 3 },
    });
    await drain(runner);
    expect(historyAtSend).toEqual([0, 1, 2, 3]);
    const gaps = calls.slice(1).map((call, i) => call.at - calls[i]!.at);
    expect(gaps.every((gap) => gap >= sendIntervalMs(DEFAULT_RATE_PER_MINUTE))).toBe(true);
    const job = await storedJob();
    expect(job).toMatchObject({ status: 'done', total: 4, skipped: 3, next: 4 });
    expect(pageCounts(job)).toEqual({ registered: 4, existed: 0, failed: 0, unknown: 0 });
    expect(job.outcomes[2]).toEqual({ row: 2, outcome: 'registered', projectId: 'p-2' });
    expect((await readHistory(TEST_SCOPE)).map((entry) => entry.projectId)).toEqual(['p-0', 'p-1', 'p-2', 'p-3']);
  });

  it('records each page sent in the activity log, as the popup records a project (registered or not)', async () => {
    const events: ActivityEvent[] = [];
    const activity = { record: (event: ActivityEvent) => (events.push(event), Promise.resolve()) };
    const { runner } = fakeRegister(
      (url) =>
        url.endsWith('/1')
          ? fail('ALREADY_EXISTS', text('errorProjectExistsWithId', 'old-7'), { relatedId: 'old-7' })
          : made(url),
      { activity },
    );
    await runner.start(pages(3), 0, 600);
    await drain(runner);
    expect(events.map((event) => [event.kind, event.outcome, event.project])).toEqual([
      ['projectRegistered', 'done', { url: 'https://site.example/0', name: 'Page 0', id: 'p-0' }],
      ['projectRegistered', 'failed', { url: 'https://site.example/1', name: 'Page 1' }],
      ['projectRegistered', 'done', { url: 'https://site.example/2', name: 'Page 2', id: 'p-2' }],
    ]);
    expect(JSON.stringify(events)).not.toContain(CONNECTION.authToken);
  });

  it('honours 429 and Retry-After, then sends the same page again (it was not created)', async () => {
    const { runner, calls } = fakeRegister((url, call) =>
      url.endsWith('/1') && call === 1
        ? fail('RATE_LIMITED', verbatimText('Slow down.'), { retryAfterSeconds: 5 })
        : made(url),
    );
    await runner.start(pages(3), 0, 600);
    await drain(runner);
    const [, limited, again] = calls;
    expect(limited?.url).toBe('https://site.example/1');
    expect(again?.url).toBe('https://site.example/1');
    expect(again!.at - limited!.at).toBeGreaterThanOrEqual(5000);
    expect(pageCounts(await storedJob())).toMatchObject({ registered: 3 });
  });

  it('records ALREADY_EXISTS with the existing project id, and failures with their message', async () => {
    const { runner } = fakeRegister((url) =>
      url.endsWith('/0')
        ? fail('ALREADY_EXISTS', text('errorProjectExistsWithId', 'old-7'), { relatedId: 'old-7' })
        : url.endsWith('/1')
          ? fail('INVALID_ARGUMENT', verbatimText('Bad page.'))
          : made(url),
    );
    await runner.start(pages(3), 0, null);
    await drain(runner);
    const job = await storedJob();
    expect(job.outcomes).toEqual([
      { row: 0, outcome: 'existed', projectId: 'old-7' },
      { row: 1, outcome: 'failed', message: verbatimText('Bad page.') },
      { row: 2, outcome: 'registered', projectId: 'p-2' },
    ]);
    expect((await readHistory(TEST_SCOPE)).map((entry) => entry.projectUrl)).toEqual(['https://site.example/2']);
  });

  it('a page whose answer was lost is flagged unknown and never sent again unasked; Retry lists it', async () => {
    const { runner, calls } = fakeRegister((url) =>
      url.endsWith('/1') ? fail('TIMEOUT', verbatimText('No answer.'), { maybeProcessed: true }) : made(url),
    );
    await runner.start(pages(3), 0, null);
    await drain(runner);
    expect(calls.map((call) => call.url)).toEqual([
      'https://site.example/0',
      'https://site.example/1',
      'https://site.example/2',
    ]);
    const job = await storedJob();
    expect(job.status).toBe('done');
    expect(job.outcomes[1]).toMatchObject({ row: 1, outcome: 'unknown' });
    const rows = (await createRegisterJobStore(TEST_SCOPE).readRows())!.rows;
    expect(pagesToRetry(job, rows)).toEqual([{ line: 2, url: 'https://site.example/1', name: 'Page 1' }]);
  });

  it('a worker stopped mid-request: the next runner marks that page unknown and carries on without sending it again', async () => {
    let release: () => void = () => {};
    const first = fakeRegister((url) =>
      url.endsWith('/2') ? new Promise<Answer>((resolve) => (release = () => resolve(made(url)))) : made(url),
    );
    await first.runner.start(pages(5), 0, null);
    await vi.advanceTimersByTimeAsync(10);
    expect((await storedJob()).inFlight).toBe(2);
    // The worker stops: its promise never settles. A new worker starts from storage.
    const second = fakeRegister();
    await drain(second.runner);
    expect(second.calls.map((call) => call.url)).toEqual(['https://site.example/3', 'https://site.example/4']);
    const job = await storedJob();
    expect(job.status).toBe('done');
    expect(job.outcomes.map((outcome) => outcome.outcome)).toEqual([
      'registered',
      'registered',
      'unknown',
      'registered',
      'registered',
    ]);
    expect(job.outcomes[2]?.message).toEqual(text('errorOutcomeUnknown', text('errorStoppedReason')));
    release();
  });

  it('pauses while the passphrase lock is closed, sends nothing, and carries on when resumed', async () => {
    const { runner, calls } = fakeRegister();
    await runner.start(pages(3), 0, null);
    locked = true;
    await drain(runner);
    const paused = await storedJob();
    expect(paused.status).toBe('paused');
    expect(calls.length).toBeLessThan(3);
    locked = false;
    expect((await runner.resume()).ok).toBe(true);
    await drain(runner);
    expect((await storedJob()).status).toBe('done');
    expect(new Set(calls.map((call) => call.url)).size).toBe(calls.length);
    expect(calls).toHaveLength(3);
  });

  // Issue 41, finding 4: Resume said "Resumed…" over a job that paused again at once, still at 1 of 6.
  it('Resume while the pause’s cause remains answers that cause and leaves the job paused; then it carries on', async () => {
    let connection: Result<Connection> = ok(CONNECTION);
    const { runner, calls } = fakeRegister(made, { connect: () => Promise.resolve(connection) });
    await runner.start(pages(6), 0, 60);
    await vi.advanceTimersByTimeAsync(10);
    expect(calls).toHaveLength(1);
    connection = lockedError();
    await drain(runner);
    const paused = await storedJob();
    expect(paused).toMatchObject({ status: 'paused', next: 1, message: text('errorLocked') });

    expect(await runner.resume()).toEqual(lockedError());
    expect(await storedJob()).toEqual(paused);
    await drain(runner);
    expect(calls).toHaveLength(1);

    connection = ok(CONNECTION);
    expect(await runner.resume()).toEqual(ok({}));
    // Already running again (an unlock resumes it by itself): a second Resume is not an error.
    expect(await runner.resume()).toEqual(ok({}));
    await drain(runner);
    expect(await storedJob()).toMatchObject({ status: 'done', next: 6 });
    expect(calls).toHaveLength(6);
  });

  it('cancel stops after the page in flight; resume sends the rest; a second job is refused while one runs', async () => {
    const { runner, calls } = fakeRegister();
    await runner.start(pages(4), 0, 60);
    expect((await runner.start(pages(1), 0, 60)).ok).toBe(false);
    await vi.advanceTimersByTimeAsync(1500);
    await runner.cancel();
    await runner.idle();
    const cancelled = await storedJob();
    expect(cancelled.status).toBe('cancelled');
    const sent = calls.length;
    expect(sent).toBeLessThan(4);
    await runner.resume();
    await drain(runner);
    expect(calls).toHaveLength(4);
    expect((await storedJob()).status).toBe('done');
  });
});
