import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { showOptionsSection } from '@/entrypoints/background/options-tab';

// Issue 41, finding 10: a notification's click brings the open options page forward on its section,
// rather than opening a second one.

const OPTIONS = 'chrome-extension://test-extension-id/options.html';
let contexts: { documentUrl?: string; tabId: number }[] = [];
const create = vi.fn(() => Promise.resolve({ id: 7 } as Browser.tabs.Tab));
const update = vi.fn((tabId: number) => Promise.resolve({ id: tabId, windowId: 3 } as Browser.tabs.Tab));
const focus = vi.fn(() => Promise.resolve({ id: 3 } as Browser.windows.Window));

beforeEach(() => {
  fakeBrowser.reset();
  contexts = [];
  for (const mock of [create, update, focus]) mock.mockClear();
  Object.assign(fakeBrowser.runtime, { getContexts: () => Promise.resolve(contexts) });
  Object.assign(fakeBrowser.tabs, { create, update });
  Object.assign(fakeBrowser.windows, { update: focus });
});

describe('showOptionsSection', () => {
  it('moves the page that shows the workspace to the section by its hash alone, and focuses it', async () => {
    contexts = [
      { documentUrl: `${OPTIONS}?ws=other#projects`, tabId: 4 },
      { documentUrl: `${OPTIONS}#connection`, tabId: 5 },
      { documentUrl: 'chrome-extension://test-extension-id/popup.html', tabId: 6 },
    ];
    await showOptionsSection('groups', { workspaceId: 'w1', target: 'due' }, 'w1');
    expect(update).toHaveBeenCalledWith(5, { url: `${OPTIONS}#groups/due`, active: true });
    expect(focus).toHaveBeenCalledWith(3, { focused: true });
    expect(create).not.toHaveBeenCalled();
  });

  it('else switches another options page to the workspace; with none open, opens one', async () => {
    contexts = [{ documentUrl: `${OPTIONS}?ws=other#projects`, tabId: 4 }];
    await showOptionsSection('projects', { workspaceId: 'w1' }, 'other');
    expect(update).toHaveBeenCalledWith(4, { url: `${OPTIONS}?ws=w1#projects`, active: true });
    contexts = [];
    await showOptionsSection('projects', { workspaceId: 'w1' }, 'other');
    expect(create).toHaveBeenCalledWith({ url: `${OPTIONS}?ws=w1#projects` });
  });
});
