import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { readActionShortcut } from '@/lib/commands/action-shortcut';

function commands(getAll: () => Promise<{ name?: string; shortcut?: string }[]>) {
  Object.assign(fakeBrowser.commands, { getAll: vi.fn(getAll) });
}

beforeEach(() => {
  fakeBrowser.reset();
});

describe('readActionShortcut', () => {
  it.each<[string, { name?: string; shortcut?: string }[], string | undefined]>([
    [
      'Chrome and Firefox MV3',
      [
        { name: 'other', shortcut: 'Ctrl+1' },
        { name: '_execute_action', shortcut: 'Alt+Shift+R' },
      ],
      'Alt+Shift+R',
    ],
    ['macOS symbols as given', [{ name: '_execute_action', shortcut: '⌥⇧R' }], '⌥⇧R'],
    ['Firefox MV2 name', [{ name: '_execute_browser_action', shortcut: 'Alt+Shift+R' }], 'Alt+Shift+R'],
    ['removed by the user (empty)', [{ name: '_execute_action', shortcut: '' }], undefined],
    ['taken by another extension (no shortcut)', [{ name: '_execute_action' }], undefined],
    ['no such command', [], undefined],
  ])('%s', async (_label, list, expected) => {
    commands(() => Promise.resolve(list));
    expect(await readActionShortcut()).toBe(expected);
  });

  it('a browser that cannot tell: undefined, never a throw', async () => {
    commands(() => Promise.reject(new Error('commands unavailable')));
    expect(await readActionShortcut()).toBeUndefined();
  });
});
