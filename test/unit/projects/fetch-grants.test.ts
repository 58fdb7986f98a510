// The temporary host access of Fetch sitemap (lib/projects/page-list/fetch-grants.ts): what a click
// added is given back when its fetch ends, whatever the page does; what was held before stays.
import { describe, expect, it, vi } from 'vitest';
import { createFetchGrants } from '@/lib/projects/page-list/fetch-grants';
import { fakeEvent } from '../helpers/fake-extension-apis';

const SITE = ['https://shop.example/*', 'https://www.shop.example/*'];

function setUp() {
  let time = 1_000_000;
  const onAdded = fakeEvent<[{ origins?: string[]; permissions?: string[] }]>();
  const remove = vi.fn((_: { origins: string[] }) => Promise.resolve(true));
  const grants = createFetchGrants({ onAdded, remove } as never, () => time);
  const removed = () => remove.mock.calls.map(([{ origins }]) => origins).flat();
  return { grants, onAdded, remove, removed, later: (ms: number) => (time += ms) };
}

describe('the access a fetch’s click added', () => {
  it('is given back when the fetch closes, once', async () => {
    const { grants, onAdded, removed } = setUp();
    const close = grants.open(SITE);
    await onAdded.trigger({ origins: SITE, permissions: [] });
    await close();
    await close();
    expect(removed()).toEqual(SITE);
  });

  it('is given back too when the browser told of the grant before the fetch opened (the click asks first)', async () => {
    const { grants, onAdded, removed, later } = setUp();
    await onAdded.trigger({ origins: [SITE[0]!] });
    later(50);
    await grants.open(SITE)();
    expect(removed()).toEqual([SITE[0]]);
  });

  it('stays when it was held before (the service’s own address, a grant of long ago): the browser named nothing new', async () => {
    const { grants, onAdded, removed, later } = setUp();
    await onAdded.trigger({ origins: [SITE[1]!] });
    later(60 * 60_000);
    const close = grants.open(SITE);
    await onAdded.trigger({ origins: [], permissions: ['webRequest'] });
    await close();
    expect(removed()).toEqual([]);
  });

  it('is given back by the last of two fetches of the same site to close, however late it started', async () => {
    const { grants, onAdded, removed, later } = setUp();
    const first = grants.open(SITE);
    await onAdded.trigger({ origins: SITE });
    later(5 * 60_000);
    const second = grants.open(SITE);
    await first();
    expect(removed()).toEqual([]);
    await second();
    expect(removed()).toEqual(SITE);
  });

  it('a refusal to remove (a permission the manifest requires) does not stop the others', async () => {
    const { grants, onAdded, remove, removed } = setUp();
    remove.mockImplementationOnce(() => Promise.reject(new Error('required')));
    const close = grants.open(SITE);
    await onAdded.trigger({ origins: SITE });
    await close();
    expect(removed()).toEqual(SITE);
  });
});
