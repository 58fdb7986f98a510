import { vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { UserGroupApi, WireUserGroup } from '@/lib/api/user-group-api';
import type { Connection } from '@/lib/connection/connection-repository';
import { fail, ok, type Result } from '@/lib/result';
import { remainingCount, rowAt } from '@/lib/user-groups/bulk/bulk-job';
import { createBulkJobStore } from '@/lib/storage/bulk-job/bulk-job-store';
import { createBulkRunner, type BulkRunnerDeps } from '@/lib/user-groups/bulk/bulk-runner';
import type { BulkJob, BulkJobRows } from '@/lib/storage/bulk-job/bulk-job-schema';
import type { BulkRow } from '@/lib/storage/bulk-job/bulk-row-schema';
import { createRegistryWriter } from '@/lib/storage/registry/registry-writer';
import { createPartTokenVault } from '@/lib/storage/credentials/part-token-vault';
import { TEST_SCOPE, testKey } from '../helpers/test-workspace';
import { verbatimText } from '@/lib/message-ref';

export const CONNECTION: Connection = {
  userGroupBaseUrl: 'https://ug.example.com',
  projectApiUrl: '',
  secretsArea: 'local',
  apiToken: 'api-token-secret-1234',
  apiKey: '',
  authToken: '',
};

type CreateAnswer = Result<{ group: WireUserGroup; created: boolean }>;
type Script = (row: BulkRow, call: number) => CreateAnswer | Promise<CreateAnswer>;

export const created = (row: BulkRow, existed = false): CreateAnswer =>
  ok({
    group: {
      team_id: 100 + row.line,
      token: `ugt_${row.userGroupId}`,
      name: row.name,
      provided_id: row.userGroupId,
      api_environment_tag: row.environment,
    },
    created: !existed,
  });
export const rateLimited = (seconds?: number): CreateAnswer =>
  fail('RATE_LIMITED', verbatimText('Rate limited.'), { retryAfterSeconds: seconds });
export const refused = (message: string): CreateAnswer =>
  fail('REJECTED', verbatimText(`The service refused: ${message}`));
export const timedOut = (): CreateAnswer =>
  fail('TIMEOUT', verbatimText('https://ug.example.com did not answer within 15 seconds.'), { maybeProcessed: true });

export function rows(count: number, environment: 'Customer' | 'Testing' = 'Customer'): BulkRow[] {
  return Array.from({ length: count }, (_, i) => ({
    line: i + 2,
    name: `Group ${i}`,
    userGroupId: `g${i}`,
    environment,
  }));
}

/**
 * A runner on the fake browser's storage with a scripted API. `script` answers each call; by default
 * every row is created. Each call is logged with the time it was sent (fake timers move that clock).
 */
export function fakeRunner(script: Script = (row) => created(row), overrides: Partial<BulkRunnerDeps> = {}) {
  const calls: { id: string; at: number }[] = [];
  const perRow = new Map<string, number>();
  const api: Pick<UserGroupApi, 'createUserGroup'> = {
    createUserGroup: vi.fn(async (_connection, group) => {
      const row = group as BulkRow;
      calls.push({ id: row.userGroupId, at: Date.now() });
      const call = (perRow.get(row.userGroupId) ?? 0) + 1;
      perRow.set(row.userGroupId, call);
      return script(row, call);
    }),
  };
  const alarm = { ensure: vi.fn(() => Promise.resolve()), clear: vi.fn(() => Promise.resolve()) };
  const registry = createRegistryWriter(TEST_SCOPE, createPartTokenVault(TEST_SCOPE));
  const jobs = createBulkJobStore(TEST_SCOPE);
  const runner = createBulkRunner({
    api,
    registry,
    jobs,
    connect: () => Promise.resolve(ok(CONNECTION)),
    alarm,
    ...overrides,
  });
  return { runner, api, calls, alarm, registry, jobs };
}

export async function storedJob(): Promise<BulkJob> {
  const job = await createBulkJobStore(TEST_SCOPE).read();
  if (!job) throw new Error('no job stored');
  return job;
}

/** The ids of the rows not done yet, in the order they will be sent. */
export async function remainingIds(): Promise<string[]> {
  const job = await storedJob();
  const rows = (await createBulkJobStore(TEST_SCOPE).readRows())?.rows ?? [];
  return Array.from(
    { length: remainingCount(job) },
    (_, i) => rowAt(job, rows, job.next + i)?.userGroupId ?? 'missing',
  );
}

/** Stores a current (version 3) job as the background would, its rows too unless left out. */
export async function storeJob({ job, rows }: { job: BulkJob; rows?: BulkJobRows }) {
  await fakeBrowser.storage.local.set({
    [testKey('bulkCreateJob')]: job,
    [`${testKey('bulkCreateJob')}$`]: { v: 3 },
    ...(rows && { [testKey('bulkCreateRows')]: rows }),
  });
}

/** Lets the runner go as far as it can: every sleep elapses, every storage write settles. */
export async function drain(runner: { kick: () => Promise<void> }): Promise<void> {
  await vi.runAllTimersAsync();
  await runner.kick();
}
