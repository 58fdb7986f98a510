import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { PROJECT_NAME_MAX_LENGTH } from '@/lib/api/project-input';
import { MAX_PREFILLED_URL_LENGTH, parseLinkParams, parseTabIdParam, readTargetPage } from '@/lib/tabs/read-target-tab';

const query = (params: Record<string, string>) => `?${new URLSearchParams(params).toString()}`;

describe('parseLinkParams (?url=&title=, from the context menu of a link)', () => {
  it.each<[string, string, { url: string; title: string } | undefined]>([
    ['no url: not a link', '?tabId=4', undefined],
    [
      'url and title',
      query({ url: 'https://example.com/a?b=1&c=2', title: 'A page' }),
      { url: 'https://example.com/a?b=1&c=2', title: 'A page' },
    ],
    // The background always sends the link's name (nameForLink); without one the name starts empty.
    [
      'url without title: no name',
      query({ url: 'https://example.com/docs/a' }),
      { url: 'https://example.com/docs/a', title: '' },
    ],
    [
      'empty title: no name',
      query({ url: 'https://example.com/docs/a', title: '' }),
      { url: 'https://example.com/docs/a', title: '' },
    ],
    [
      'title cleaned of control characters',
      query({ url: 'https://example.com/', title: 'Line\none\u0000\ttwo' }),
      { url: 'https://example.com/', title: 'Line one two' },
    ],
    [
      'url trimmed',
      query({ url: '  https://example.com/  ', title: 'T' }),
      { url: 'https://example.com/', title: 'T' },
    ],
    // Not a web page: prefilled anyway, so the form explains why it cannot be registered.
    [
      'a mailto: link is prefilled (and explained by the form)',
      query({ url: 'mailto:a@example.com', title: 'Mail' }),
      { url: 'mailto:a@example.com', title: 'Mail' },
    ],
    ['an unparseable url is not prefilled', query({ url: 'not a url', title: 'T' }), { url: '', title: 'T' }],
    ['an empty url is not prefilled', query({ url: '', title: 'T' }), { url: '', title: 'T' }],
    [
      'a url with a line break is not prefilled',
      query({ url: 'https://example.com/a\nb', title: 'T' }),
      { url: '', title: 'T' },
    ],
    [
      'a url that is too long is not prefilled',
      query({ url: `https://example.com/${'a'.repeat(MAX_PREFILLED_URL_LENGTH)}`, title: 'T' }),
      { url: '', title: 'T' },
    ],
    [
      'url wins over tabId',
      `${query({ url: 'https://example.com/', title: 'T' })}&tabId=3`,
      { url: 'https://example.com/', title: 'T' },
    ],
  ])('%s', (_label, search, expected) => {
    const parsed = parseLinkParams(search);
    expect(parsed && { url: parsed.url, title: parsed.title }).toEqual(expected);
    if (parsed) expect(parsed.source).toBe('link');
  });

  it('cuts a long title to the longest name the service takes', () => {
    const parsed = parseLinkParams(
      query({ url: 'https://example.com/', title: 't'.repeat(PROJECT_NAME_MAX_LENGTH * 2) }),
    );
    expect(parsed?.title).toHaveLength(PROJECT_NAME_MAX_LENGTH);
  });
});

describe('parseTabIdParam', () => {
  it.each<[string, number | undefined]>([
    ['?tabId=12', 12],
    ['?tabId=0', 0],
    ['?tabId=-1', undefined],
    ['?tabId=1e3', undefined],
    ['?tabId=', undefined],
    ['', undefined],
  ])('%s', (search, expected) => {
    expect(parseTabIdParam(search)).toBe(expected);
  });
});

describe('readTargetPage', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  it('a link needs no tab', async () => {
    expect(await readTargetPage(query({ url: 'https://example.com/x', title: 'X' }))).toEqual({
      url: 'https://example.com/x',
      title: 'X',
      source: 'link',
    });
  });

  it('a tab id reads that tab; an unknown one gives empty fields', async () => {
    await fakeBrowser.windows.create({ focused: true });
    const tab = await fakeBrowser.tabs.create({ url: 'https://example.com/tab', active: true });
    expect(await readTargetPage(`?tabId=${tab.id}`)).toMatchObject({ url: 'https://example.com/tab', source: 'tab' });
    expect(await readTargetPage('?tabId=999')).toEqual({ url: '', title: '', source: 'tab' });
  });
});
