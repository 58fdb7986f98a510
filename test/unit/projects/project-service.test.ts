import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createProjectService } from '@/lib/projects/project-service';
import type { ProjectApi } from '@/lib/api/project-api';
import { createConnectionRepository } from '@/lib/connection/connection-repository';
import type { ConnectionSettings, Credentials } from '@/lib/storage/connection/connection-schema';
import { createHistoryRecorder, type HistoryRecorder } from '@/lib/storage/history/history-writer';
import { fail, ok, type Result } from '@/lib/result';
import { projectHistoryItemFor } from '@/lib/storage/history/project-history-item';
import { loadStorageFixture } from '../fixtures/storage/load';
import { seedConnection } from '../helpers/stored-connection';
import { TEST_SCOPE } from '../helpers/test-workspace';
import { verbatimText } from '@/lib/message-ref';

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
    expect(await projectHistoryItem.getValue()).toEqual([
      { projectId: 'prj_9', ...input, createdAt: NOW.toISOString() },
    ]);
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

  it('the answer waits for the history, so the next popup already warns', async () => {
    const order: string[] = [];
    const history: HistoryRecorder = {
      record: () => new Promise((resolve) => setTimeout(() => resolve(void order.push('recorded')), 10)),
    };
    const result = await createProjects(api(ok({ projectId: 'prj_1', message: 'm' })), history).createProject(input);
    order.push('answered');
    expect(result.ok).toBe(true);
    expect(order).toEqual(['recorded', 'answered']);
  });

  it('a history that cannot be written does not turn the success into a failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(fakeBrowser.storage.local, 'set').mockRejectedValue(new Error('quota'));
    const result = await createProjects(api(ok({ projectId: 'prj_2', message: 'm' }))).createProject(input);
    expect(result).toEqual({ ok: true, value: { projectId: 'prj_2', message: 'm' } });
  });
});
