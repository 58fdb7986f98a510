// One redaction rule (design.md §15): a refusal whose words repeat a secret of its request (the API
// token, the group token sent as `current_token`) leaves no trace of it wherever the words go: the
// answer the page gets, the API's health record, the activity log, a job's failed rows, and the
// notification of a job stopped by a failure.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { FetchLike } from '@/lib/api/http';
import { createProjectApi } from '@/lib/api/project-api';
import { createUserGroupApi } from '@/lib/api/user-group-api';
import { createActivityRecorder } from '@/lib/activity/activity-recorder';
import { createActivityStore } from '@/lib/storage/activity/activity-store';
import { createPartTokenVault } from '@/lib/storage/credentials/part-token-vault';
import { createRegistryWriter } from '@/lib/storage/registry/registry-writer';
import { createGroupOperations } from '@/lib/user-groups/operations/group-operations';
import { selectionRows } from '@/lib/user-groups/bulk/bulk-selection';
import { createHealthRecorder } from '@/lib/workspaces/health-recorder';
import { recordUserGroupApi } from '@/lib/workspaces/recorded-apis';
import { messageText } from '@/lib/message-ref';
import { ok } from '@/lib/result';
import { sendPage } from '@/lib/projects/register-runner';
import { newRegisterJob, recordPageOutcome } from '@/lib/projects/register-job';
import { jobEndNotice } from '@/lib/notifications/job-end-notice';
import { pauseJob } from '@/lib/jobs/job-queue';
import type { Connection } from '@/lib/connection/connection-repository';
import { CONNECTION, drain, fakeRunner, storedJob } from './bulk-fakes';
import { isRegistryTokensKey } from '../helpers/stored-registry';
import { TEST_SCOPE, testKey } from '../helpers/test-workspace';

/** A group token that every encoding writes differently (the service's are plain, but nothing promises it). */
const TOKEN = 'ugt Tök/en+"x"&1';

/** Every form of a secret a careless service may repeat. */
const echoes = (secret: string) => [
  secret,
  secret.toUpperCase(),
  encodeURIComponent(secret),
  encodeURIComponent(secret).replaceAll('%20', '+'),
  JSON.stringify(secret).slice(1, -1),
];
const ECHOES = [TOKEN, CONNECTION.apiToken].flatMap(echoes);

/** Every string in a value, at any depth. */
function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringsIn);
  return [];
}

/** Asserts that no text holds any echo of the secrets, ignoring case. */
function expectNoEcho(texts: readonly string[]) {
  for (const text of texts)
    for (const echo of ECHOES)
      expect(text.toLowerCase(), `an echo of a secret: ${echo}`).not.toContain(echo.toLowerCase());
}

/** Every stored string but the group's own token key (where its token belongs, in clear with the lock off). */
async function storedTexts(): Promise<string[]> {
  const [local, session] = await Promise.all([
    fakeBrowser.storage.local.get(null),
    fakeBrowser.storage.session.get(null),
  ]);
  const kept = Object.entries(local).filter(([key]) => !isRegistryTokensKey(key));
  return [...stringsIn(Object.fromEntries(kept)), ...stringsIn(session), ...Object.keys(local)];
}

/** The service: creates give TOKEN; rotations and deletes are refused with words that repeat every secret sent. */
const service: FetchLike = (_url, init) => {
  const body = JSON.parse(init.body as string) as { current_token: string; name?: string; user_group_id?: string };
  if (body.current_token === '') {
    const group = {
      team_id: 1,
      token: TOKEN,
      name: body.name,
      provided_id: body.user_group_id,
      api_environment_tag: 'Customer',
    };
    return Promise.resolve(Response.json({ success: 1, user_group: group }));
  }
  const sent = [String(new Headers(init.headers).get('Authorization')).replace('Token ', ''), body.current_token];
  return Promise.resolve(Response.json({ success: 0, message: `cannot use ${sent.flatMap(echoes).join(' and ')}` }));
};

function build() {
  const health = createHealthRecorder(TEST_SCOPE);
  const api = recordUserGroupApi(createUserGroupApi({ fetch: service }), health);
  const registry = createRegistryWriter(TEST_SCOPE, createPartTokenVault(TEST_SCOPE));
  const activity = createActivityRecorder(createActivityStore());
  const groups = createGroupOperations({
    api,
    connection: { require: () => Promise.resolve(ok(CONNECTION)) },
    registry,
    activity,
  });
  return { api, registry, groups };
}

const REF = { environment: 'Customer', userGroupId: 'team-1' } as const;

beforeEach(() => {
  fakeBrowser.reset();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a refusal that repeats the group token and the API token', () => {
  it('rotate and delete: the answers, the API health, the registry and the activity log hold no trace of either', async () => {
    const { groups } = build();
    expect((await groups.create({ name: 'Team One', ...REF })).ok).toBe(true);
    const rotated = await groups.rotate(REF);
    const deleted = await groups.remove(REF);
    for (const answer of [rotated, deleted]) {
      expect(answer.ok).toBe(false);
      if (!answer.ok)
        expect(messageText(answer.error.message)).toMatch(/^The service refused: cannot use ••••( and ••••)+$/);
    }
    expectNoEcho([JSON.stringify(rotated), JSON.stringify(deleted), ...(await storedTexts())]);
    // The words did reach each destination, blanked.
    const local = await fakeBrowser.storage.local.get(null);
    const activity = Object.entries(local).filter(([key]) => key.startsWith('activityLog'));
    expect(JSON.stringify(local[testKey('apiHealth')])).toContain('cannot use ••••');
    expect(JSON.stringify(activity)).toContain('cannot use ••••');
  });

  it('a selection job: its failed rows hold the words blanked', async () => {
    const { registry, groups } = build();
    expect((await groups.create({ name: 'Team One', ...REF })).ok).toBe(true);
    vi.useFakeTimers();
    const { runner } = fakeRunner(undefined, { registry, groups });
    await runner.startSelection('rotate', selectionRows([{ name: 'Team One', ...REF }]), 600);
    await drain(runner);
    const job = await storedJob();
    expect(job.failed).toHaveLength(1);
    expect(messageText(job.failed[0]!.message)).toContain('cannot use ••••');
    expectNoEcho(await storedTexts());
  });
});

describe('a job stopped by a refusal that repeats the credentials', () => {
  it('the notification holds none of them', async () => {
    const connection: Connection = {
      ...CONNECTION,
      projectApiUrl: 'https://p.example.com',
      apiKey: 'api-key-Ä/1 2',
      authToken: 'auth"token/3',
    };
    const secrets = [connection.apiKey, connection.authToken];
    // The credentials refused (401), in the service's own words that quote them.
    const fetch: FetchLike = () =>
      Promise.resolve(
        Response.json(
          { error: { status: 'UNAUTHENTICATED', message: `bad ${secrets.flatMap(echoes).join(' / ')}` } },
          { status: 401 },
        ),
      );
    const page = { line: 1, url: 'https://site.example.org/', name: 'Site' };
    const history = { record: () => Promise.resolve(), read: () => Promise.resolve([]) };
    const outcome = await sendPage(
      { api: createProjectApi({ fetch }), history: history as never, now: () => 0 },
      page,
      connection,
      0,
    );
    expect(outcome.kind).toBe('blocked');
    if (outcome.kind !== 'blocked') return;
    const { job, rows } = newRegisterJob({ id: 'j', pages: [page], skipped: 0, ratePerMinute: null, now: 0 });
    const stopped = pauseJob(
      recordPageOutcome({ ...job, status: 'running' }, rows.rows, 0, outcome, 1),
      outcome.message,
      2,
    );
    const notice = jobEndNotice({ item: 'registerPagesJob', job: stopped }, 'stopped', 'Acme');
    expect(notice.message).toContain('••••');
    for (const text of [notice.title, notice.message])
      for (const echo of secrets.flatMap(echoes)) expect(text.toLowerCase()).not.toContain(echo.toLowerCase());
  });
});
