// The optional `tabs` permission of Register N selected tabs is lent, never kept: given back once the
// tabs are read, unless it was held before the click, and by the background after any grant, should the
// popup have closed first.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { giveBackTabsAfterGrants, readSelectedTabs } from '@/lib/tabs/lent-tabs-permission';
import { permissionEvents } from '../setup/permission-events';

const TABS = { permissions: ['tabs'] };

const SELECTED = [
  { id: 1, index: 0, url: 'https://a.example/', title: 'A' },
  { id: 2, index: 1, url: 'https://b.example/', title: 'B' },
] as Browser.tabs.Tab[];

let remove: ReturnType<typeof vi.fn<() => Promise<boolean>>>;
let query: ReturnType<typeof vi.fn<() => Promise<Browser.tabs.Tab[]>>>;
beforeEach(() => {
  fakeBrowser.reset();
  remove = vi.fn(() => Promise.resolve(true));
  Object.assign(fakeBrowser.permissions, { remove });
  // Assigned, not spied (both have callback overloads); this file's own, each test afresh.
  query = vi.fn(() => Promise.resolve(SELECTED));
  Object.assign(fakeBrowser.tabs, { query });
});

describe('the popup reads the selected tabs', () => {
  it('and gives `tabs` back when it was not held before the click, once they are read', async () => {
    expect(await readSelectedTabs(false)).toEqual(SELECTED);
    expect(query).toHaveBeenCalledWith({ highlighted: true, currentWindow: true });
    expect(remove).toHaveBeenCalledExactlyOnceWith(TABS);
    expect(query.mock.invocationCallOrder[0]).toBeLessThan(remove.mock.invocationCallOrder[0]!);
  });

  it.each([
    ['held before', true],
    ['not known in time', undefined],
  ])('and keeps `tabs` when it was %s', async (_name, heldBefore) => {
    await readSelectedTabs(heldBefore);
    expect(remove).not.toHaveBeenCalled();
  });

  it('gives it back even when reading fails, and a refusal to give it back is no failure', async () => {
    query.mockRejectedValue(new Error('no tabs'));
    remove.mockRejectedValue(new Error('required by the manifest'));
    await expect(readSelectedTabs(false)).rejects.toThrow('no tabs');
    expect(remove).toHaveBeenCalledWith(TABS);
  });
});

describe('the background gives `tabs` back after a grant, whatever became of the popup', () => {
  it('a grant of `tabs` sets an alarm that gives it back; other grants set none', async () => {
    giveBackTabsAfterGrants();
    await permissionEvents.onAdded.trigger({ origins: ['https://site.example/*'] });
    expect(await fakeBrowser.alarms.getAll()).toEqual([]);
    await permissionEvents.onAdded.trigger({ permissions: ['tabs'] });
    const [alarm] = await fakeBrowser.alarms.getAll();
    expect(alarm?.scheduledTime).toBeGreaterThan(Date.now() + 20_000);
    expect(remove).not.toHaveBeenCalled();
    await fakeBrowser.alarms.onAlarm.trigger(alarm!);
    await vi.waitFor(() => expect(remove).toHaveBeenCalledExactlyOnceWith(TABS));
  });

  it('another alarm gives nothing back', async () => {
    giveBackTabsAfterGrants();
    await fakeBrowser.alarms.onAlarm.trigger({
      name: 'tokenReminders',
      scheduledTime: Date.now(),
      persistAcrossSessions: true,
    });
    expect(remove).not.toHaveBeenCalled();
  });
});
