import { describe, expect, it, vi } from 'vitest';
import { watchRedirects } from '@/lib/projects/page-list/redirect-watch';
import { fakeEvent } from '../helpers/fake-extension-apis';

type Details = { url: string; responseHeaders?: { name: string; value?: string }[] };

function setUp() {
  const event = fakeEvent<[Details]>();
  const addListener = vi.spyOn(event, 'addListener');
  const watch = watchRedirects(['https://shop.example/*'], event as never);
  const answer = (url: string, location?: string) =>
    event.trigger({ url, responseHeaders: location === undefined ? [] : [{ name: 'Location', value: location }] });
  return { event, addListener, watch, answer };
}

describe('the Location of a redirect, read through webRequest in the page', () => {
  it('listens on the fetch’s hosts with the response headers, and stops', () => {
    const { event, addListener, watch } = setUp();
    expect(addListener.mock.calls[0]?.slice(1)).toEqual([{ urls: ['https://shop.example/*'] }, ['responseHeaders']]);
    watch.stop();
    expect(event.hasListeners()).toBe(false);
  });

  it('whether webRequest tells it before or after the fetch’s answer', async () => {
    const { watch, answer } = setUp();
    await answer('https://shop.example/a', '/b');
    expect(await watch.locationOf('https://shop.example/a')).toBe('/b');
    const later = watch.locationOf('https://shop.example/c');
    await answer('https://shop.example/c', 'https://www.shop.example/c');
    expect(await later).toBe('https://www.shop.example/c');
  });

  it('is unknown when nothing tells it in time, or when the browser has no webRequest', async () => {
    vi.useFakeTimers();
    try {
      const { watch } = setUp();
      const waiting = watch.locationOf('https://shop.example/none');
      await vi.advanceTimersByTimeAsync(2_000);
      expect(await waiting).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
    expect(await watchRedirects(['https://shop.example/*'], null).locationOf('https://shop.example/a')).toBeUndefined();
  });
});
