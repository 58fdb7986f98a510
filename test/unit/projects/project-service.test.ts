import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createProjectService } from '@/lib/projects/project-service';
import type { ProjectApi } from '@/lib/api/project-api';
import { createConnectionRepository } from '@/lib/connection/connection-repository';
import type { ConnectionSettings } from '@/lib/storage/connection/connection-schema';
import type { Credentials } from '@/lib/secrets';
import { createHistoryRecorder, type HistoryRecorder } from '@/lib/storage/history/history-writer';
import { fail, ok, type Result } from '@/lib/result';
import { projectHistoryItemFor } from '@/lib/storage/history/project-history-item';
import { loadStorageFixture } from '../fixtures/storage/load';
import { seedConnection } from '../helpers/stored-connection';
import { TEST_SCOPE } from '../helpers/test-workspace';
import { verbatimText } from '@/lib/message-ref';
import { createAfterAnswer } from '@/lib/async/after-answer';
import { expectOk } from '../helpers/results';

const projectHistoryItem = projectHistoryItemFor(TEST_SCOPE);

/** The test workspace's project handlers: its connection and (unless given) its history. */
const createProjects = (projectApi: ProjectApi, history?: HistoryRecorder, now?: () => Date) =>
  createProjectService({
    api: projectApi,
    connection: createConnectionRepository(TEST_SCOPE),
    history: history ?? createHistoryRecorder(TEST_SCOPE),
    ...(now && { now }),
  });

const settings = loadStorageFixture<ConnectionSettings>('connection-settings.v1.json');
const credentials = loadStorageFixture<Credentials>('credentials.v1.json');
const input = { projectUrl: 'https://site.example.org/page', projectName: 'Site page' };
const NOW = new Date('2026-11-21T10:00:00.000Z');

function api(result: Result<{ projectId: string; message: string }>): ProjectApi {
  return { createProject: vi.fn(() => Promise.resolve(result)) };
}

beforeEach(async () => {
  fakeBrowser.reset();
  await seedConnection(settings, credentials);
  // eslint-disable-next-line @typescript-eslint/no-misused-promises -- the code uses the Promise form
  vi.spyOn(browser.permissions, 'contains').mockImplementation(() => Promise.resolve(true));
});

describe('createProject records the history', () => {
  it('after a success: id, URL and name as sent, and the time', async () => {
    const projects = createProjects(api(ok({ projectId: 'prj_9', message: 'Project created' })), undefined, () => NOW);
    expect(await projects.createProject(input)).toEqual({
      ok: true,
      value: { projectId: 'prj_9', message: 'Project created' },
    });
    await vi.waitFor(async () =>
      expect(await projectHistoryItem.getValue()).toEqual([
        { projectId: 'prj_9', ...input, createdAt: NOW.toISOString() },
      ]),
    );
  });

  it('not after a failure (ALREADY_EXISTS included: that project was not created here)', async () => {
    const error = fail<{ projectId: string; message: string }>(
      'ALREADY_EXISTS',
      verbatimText('This site already has a project (project ID p-7).'),
      { relatedId: 'p-7' },
    );
    expect(await createProjects(api(error)).createProject(input)).toEqual(error);
    expect(await projectHistoryItem.getValue()).toEqual([]);
  });

  it('the answer does not wait for the history, yet the next popup already warns (its read waits for the append)', async () => {
    const recorder = createHistoryRecorder(TEST_SCOPE);
    const set = vi.spyOn(fakeBrowser.storage.local, 'set');
    const before = await recorder.read();
    expect(before.entries).toEqual([]);
    const result = await createProjects(api(ok({ projectId: 'prj_1', message: 'm' })), recorder).createProject(input);
    expect(result.ok).toBe(true);
    // Answered before anything was written…
    expect(set).not.toHaveBeenCalled();
    // …and the next opening's read, kept in memory until now, includes the new project.
    expect((await recorder.read()).entries).toEqual([expect.objectContaining({ projectId: 'prj_1', ...input })]);
    expect(await projectHistoryItem.getValue()).toHaveLength(1);
  });

  it('after the answer: not one storage call before it has left, yet a read queued at once still sees the entry', async () => {
    const recorder = createHistoryRecorder(TEST_SCOPE);
    expect((await recorder.read()).entries).toEqual([]);
    const afterAnswer = createAfterAnswer();
    const projects = createProjectService({
      api: api(ok({ projectId: 'prj_3', message: 'm' })),
      // The connection as the background keeps it: in memory, no read per request.
      connection: { require: () => Promise.resolve(ok({ ...settings, ...credentials })) },
      history: recorder,
      afterAnswer,
    });
    const get = vi.spyOn(fakeBrowser.storage.local, 'get');
    const set = vi.spyOn(fakeBrowser.storage.local, 'set');
    const answer = projects.createProject(input).then((result) => {
      // What the router does next (validate, sendResponse) runs here: nothing was read or written yet.
      expect(get).not.toHaveBeenCalled();
      expect(set).not.toHaveBeenCalled();
      return result;
    });
    expect((await answer).ok).toBe(true);
    // The next popup's read, queued now, waits for the append.
    expect((await recorder.read()).entries).toEqual([expect.objectContaining({ projectId: 'prj_3', ...input })]);
    await afterAnswer.settled();
    expect(await projectHistoryItem.getValue()).toHaveLength(1);
  });

  it('projects created one after another are all kept, in order', async () => {
    const recorder = createHistoryRecorder(TEST_SCOPE);
    const projects = createProjects(api(ok({ projectId: 'prj_a', message: 'm' })), recorder);
    await projects.createProject(input);
    await projects.createProject({ ...input, projectUrl: 'https://site.example.org/other' });
    expect((await recorder.read()).entries.map((entry) => entry.projectUrl)).toEqual([
      input.projectUrl,
      'https://site.example.org/other',
    ]);
  });

  it('a history that cannot be written does not turn the success into a failure', async () => {
    vi.spyOn(fakeBrowser.storage.local, 'set').mockRejectedValue(new Error('quota'));
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const result = await createProjects(api(ok({ projectId: 'prj_2', message: 'm' }))).createProject(input);
    expect(result).toEqual({ ok: true, value: { projectId: 'prj_2', message: 'm' } });
    // The failure is reported as before (only its kind: the message could quote the data).
    await vi.waitFor(() => expect(error).toHaveBeenCalledWith(expect.stringContaining('(Error)')));
  });
});

describe('createProject checks the history again, whatever the popup showed (issue 37)', () => {
  it('a page registered before is not sent: REGISTERED_BEFORE with that project’s id, as the same page written otherwise', async () => {
    const recorder = createHistoryRecorder(TEST_SCOPE);
    const send = vi.fn(() => Promise.resolve(ok({ projectId: 'prj_first', message: 'm' })));
    const projects = createProjects({ createProject: send }, recorder);
    expectOk(await projects.createProject(input));
    // The same page, as a reader would paste it: another case in the host, a fragment, a default port.
    const again = await projects.createProject({ ...input, projectUrl: 'https://SITE.example.org:443/page#top' });
    expect(again).toMatchObject({ ok: false, error: { code: 'REGISTERED_BEFORE', relatedId: 'prj_first' } });
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('sent when the reviewer confirmed Register again, and another page of the site is sent as usual', async () => {
    const recorder = createHistoryRecorder(TEST_SCOPE);
    const send = vi.fn(() => Promise.resolve(ok({ projectId: 'prj_again', message: 'm' })));
    const projects = createProjects({ createProject: send }, recorder);
    expectOk(await projects.createProject(input));
    expectOk(await projects.createProject({ ...input, registerAgain: true }));
    expectOk(await projects.createProject({ ...input, projectUrl: 'https://site.example.org/other' }));
    expect(send).toHaveBeenCalledTimes(3);
  });
});
