import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { withProjectApi } from '@/lib/storage/workspaces/workspace-source';

// Issue 26, point 6: the popup's Workspace select offers only workspaces that can register a page.

const workspace = (id: string) => ({ id, name: `W ${id}`, createdAt: '2026-01-01T00:00:00.000Z' });
const settings = (projectApiUrl: string, userGroupBaseUrl = '') => ({
  projectApiUrl,
  userGroupBaseUrl,
  secretsArea: 'local',
});

beforeEach(() => fakeBrowser.reset());

describe('withProjectApi', () => {
  it('keeps the workspaces whose project API has an address, in their order', async () => {
    await fakeBrowser.storage.local.set({
      'ws.aaaa.connectionSettings': settings('https://projects.example/create'),
      'ws.bbbb.connectionSettings': settings('', 'https://ug.example'),
      'ws.dddd.connectionSettings': settings('https://other.example/p', 'https://ug.example'),
    });
    const list = ['aaaa', 'bbbb', 'cccc', 'dddd'].map(workspace);
    expect((await withProjectApi(list)).map((entry) => entry.id)).toEqual(['aaaa', 'dddd']);
  });

  it('a fresh install’s workspace, never set up, cannot register anything', async () => {
    expect(await withProjectApi([workspace('eeee')])).toEqual([]);
  });
});
