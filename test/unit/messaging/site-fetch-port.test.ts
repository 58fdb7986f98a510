// Fetch sitemap's port (lib/messaging/site-fetch-port.ts): the background fetches on one site for a
// page of this extension and ends the fetch (giving the access back) when the port ends, whichever
// side ends it; the page's client checks every answer.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { openSiteFetch } from '@/lib/messaging/site-fetch-client';
import { SITE_FETCH_MAX_MS, SITE_FETCH_PORT } from '@/lib/messaging/site-fetch-port';
import { serveSiteFetch } from '@/lib/messaging/site-fetch-server';
import { MAX_FETCH_REQUESTS } from '@/lib/projects/page-list/fetch-document';
import { SITE_READ_MAX_MS } from '@/lib/projects/page-list/read-site';
import { fakeSite, urlsetOf } from '../helpers/fake-site';
import { portPair } from '../helpers/port-pair';

const self = { id: 'abc', origin: 'chrome-extension://abc/' };
const OPTIONS = { id: 'abc', url: 'chrome-extension://abc/options.html', tab: { id: 3 } as never };
const SITEMAP = 'https://shop.example/sitemap.xml';

function serve(fetch = fakeSite({ [SITEMAP]: urlsetOf(['https://shop.example/a']) }).fetch, sender = OPTIONS) {
  const pair = portPair(SITE_FETCH_PORT, sender);
  const close = vi.fn(() => Promise.resolve());
  const open = vi.fn((_patterns: string[]) => close);
  serveSiteFetch(pair.background, self, { fetch, grants: { open } });
  const answers: unknown[] = [];
  pair.page.onMessage.addListener((answer) => answers.push(answer));
  const ask = (id: number, url: string) => {
    pair.page.postMessage({ id, url });
    return vi.waitFor(() => {
      const answer = answers.find((posted) => (posted as { id: number }).id === id);
      if (!answer) throw new Error('no answer yet');
      return answer as { id: number; document: { ok: boolean; problem?: string } };
    });
  };
  return { pair, open, close, ask };
}

describe('the background’s end', () => {
  it('fetches on the site of the first address, having opened the fetch’s access to exactly its hosts', async () => {
    const { open, ask } = serve();
    expect((await ask(1, SITEMAP)).document).toMatchObject({ ok: true, url: SITEMAP });
    expect(open).toHaveBeenCalledWith(['https://shop.example/*', 'https://www.shop.example/*']);
    expect((await ask(2, 'https://evil.example/x.xml')).document).toEqual({ ok: false, problem: 'otherSite' });
    expect(open).toHaveBeenCalledOnce();
  });

  it('closes a port from anything but this extension’s own page, and fetches nothing for it', () => {
    const site = fakeSite({});
    const { pair, open } = serve(site.fetch, { id: 'abc', url: 'https://evil.example/', tab: { id: 3 } as never });
    expect(pair.background.disconnect).toHaveBeenCalled();
    expect(open).not.toHaveBeenCalled();
  });

  it('the page closed mid-fetch: what is in flight is aborted and the access given back', async () => {
    let aborted = false;
    const hanging = (_url: string, init: RequestInit) =>
      new Promise<Response>((_resolve, reject) =>
        init.signal?.addEventListener('abort', () => {
          aborted = true;
          reject(new Error('aborted'));
        }),
      );
    const { pair, close, open } = serve(hanging);
    pair.page.postMessage({ id: 1, url: SITEMAP });
    await vi.waitFor(() => expect(open).toHaveBeenCalled());
    pair.page.disconnect();
    await vi.waitFor(() => expect(close).toHaveBeenCalled());
    expect(aborted).toBe(true);
  });

  it(`refuses more than ${MAX_FETCH_REQUESTS} requests, and ignores what is not a request`, async () => {
    const site = fakeSite({ [SITEMAP]: '' });
    const { ask, pair } = serve(site.fetch);
    pair.page.postMessage({ url: SITEMAP });
    pair.page.postMessage('nonsense');
    const answers = await Promise.all(Array.from({ length: MAX_FETCH_REQUESTS + 1 }, (_, i) => ask(i + 1, SITEMAP)));
    expect(answers.filter((answer) => answer.document.ok)).toHaveLength(MAX_FETCH_REQUESTS);
    expect(answers.at(-1)?.document).toMatchObject({ ok: false });
    expect(site.requested).toHaveLength(MAX_FETCH_REQUESTS);
  });
});

describe('the background’s own time bound', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('closes the port and gives the access back, whatever the page does, after a bound longer than the page’s', async () => {
    expect(SITE_FETCH_MAX_MS).toBeGreaterThan(SITE_READ_MAX_MS);
    const { pair, close } = serve();
    pair.page.postMessage({ id: 1, url: SITEMAP });
    await vi.advanceTimersByTimeAsync(SITE_FETCH_MAX_MS - 1);
    expect(close).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(close).toHaveBeenCalled();
    expect(pair.background.disconnect).toHaveBeenCalled();
  });
});

describe('the page’s end', () => {
  beforeEach(() => fakeBrowser.reset());

  it('asks, checks each answer, and ends what waits as unreachable once the port closes', async () => {
    const pair = portPair(SITE_FETCH_PORT, OPTIONS);
    vi.spyOn(fakeBrowser.runtime, 'connect').mockReturnValue(pair.page);
    const requests: { id: number; url: string }[] = [];
    pair.background.onMessage.addListener((posted) => requests.push(posted as { id: number; url: string }));
    const fetch = openSiteFetch();
    const first = fetch.ask(SITEMAP);
    const second = fetch.ask('https://shop.example/b.xml');
    await vi.waitFor(() => expect(requests).toHaveLength(2));
    pair.background.postMessage({ id: requests[0]!.id, document: { ok: true, url: SITEMAP, body: 'x' } });
    pair.background.postMessage({ id: requests[0]!.id, document: { ok: true, url: SITEMAP, body: 'x', cut: false } });
    expect(await first).toEqual({ ok: true, url: SITEMAP, body: 'x', cut: false });
    pair.close();
    expect(await second).toEqual({ ok: false, problem: 'unreachable' });
    expect(await fetch.ask(SITEMAP)).toEqual({ ok: false, problem: 'unreachable' });
  });

  it('closing it ends the fetch in the background', () => {
    const pair = portPair(SITE_FETCH_PORT, OPTIONS);
    vi.spyOn(fakeBrowser.runtime, 'connect').mockReturnValue(pair.page);
    openSiteFetch().close();
    expect(pair.page.disconnect).toHaveBeenCalled();
  });
});
