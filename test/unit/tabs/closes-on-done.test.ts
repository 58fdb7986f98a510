import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { closesOnDone } from '@/lib/tabs/closes-on-done';

type Tab = Awaited<ReturnType<typeof fakeBrowser.tabs.getCurrent>>;

function inside(tab: Partial<NonNullable<Tab>> | undefined, windowType?: 'normal' | 'popup') {
  vi.spyOn(fakeBrowser.tabs, 'getCurrent').mockResolvedValue(tab as Tab);
  vi.spyOn(fakeBrowser.windows, 'get').mockResolvedValue({ id: 7, type: windowType } as never);
}

describe('closesOnDone: Done closes the form, except popup.html opened as a page', () => {
  it('the toolbar popup (no tab): closes', async () => {
    inside(undefined);
    expect(await closesOnDone()).toBe(true);
  });

  it('the small window the context menu opens (a tab of a popup window): closes', async () => {
    inside({ id: 3, windowId: 7 }, 'popup');
    expect(await closesOnDone()).toBe(true);
  });

  it('a tab of a normal window: stays, back to the form', async () => {
    inside({ id: 3, windowId: 7 }, 'normal');
    expect(await closesOnDone()).toBe(false);
  });
});
