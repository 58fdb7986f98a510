import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { PROJECT_NAME_MAX_LENGTH } from '@/lib/api/project-input';
import { validateProjectInput } from '@/lib/projects/validate-project-input';
import {
  MAX_PREFILLED_URL_LENGTH,
  nameFromTitle,
  parseLinkParams,
  parseTabIdParam,
  readTargetPage,
} from '@/lib/tabs/read-target-tab';

/** A title of `length` characters made of words of 3 to 11 letters: "Word0 Wordword1 …". */
function longTitle(length: number): string {
  const words: string[] = [];
  for (let index = 0; words.join(' ').length < length; index++) words.push(`${'Word'.repeat((index % 3) + 1)}${index}`);
  return words.join(' ').slice(0, length);
}

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

  it('cuts a long title of words before the word that crosses the limit', () => {
    const title = longTitle(1000);
    expect(parseLinkParams(query({ url: 'https://example.com/', title }))?.title).toBe(nameFromTitle(title));
  });
});

describe('nameFromTitle (a tab’s or a link’s title as the prefilled name)', () => {
  it('a 1,000-character title: at most the limit, whole words, a name the form accepts', () => {
    const title = longTitle(1000);
    const name = nameFromTitle(title);
    expect(name.length).toBeLessThanOrEqual(PROJECT_NAME_MAX_LENGTH);
    expect(name.length).toBeGreaterThan(PROJECT_NAME_MAX_LENGTH - 20);
    expect(title.startsWith(`${name} `)).toBe(true);
    expect(validateProjectInput({ projectUrl: 'https://example.com/', projectName: name })).toMatchObject({ ok: true });
  });

  it('a title within the limit is kept, cleaned to one line', () => {
    expect(nameFromTitle('  Quarterly\nreview\t target ')).toBe('Quarterly review target');
    const exact = longTitle(PROJECT_NAME_MAX_LENGTH);
    expect(nameFromTitle(exact)).toBe(exact.trim());
  });

  it('a single word longer than the limit is cut at the limit', () => {
    expect(nameFromTitle('ü'.repeat(1000))).toBe('ü'.repeat(PROJECT_NAME_MAX_LENGTH));
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

  it('a tab’s long title is prefilled cut to the name’s limit at a word boundary, like a link’s', async () => {
    await fakeBrowser.windows.create({ focused: true });
    const title = longTitle(1000);
    const tab = await fakeBrowser.tabs.create({ url: 'https://example.com/long', active: true });
    // The fake keeps any property it is given; a real tab's title comes from its page.
    const withTitle = { title } as unknown as Parameters<typeof fakeBrowser.tabs.update>[1];
    await fakeBrowser.tabs.update(tab.id, withTitle);
    const page = await readTargetPage(`?tabId=${tab.id}`);
    expect(page.title).toBe(nameFromTitle(title));
    expect(page.title.length).toBeLessThanOrEqual(PROJECT_NAME_MAX_LENGTH);
  });

  it('a tab id reads that tab; an unknown one gives empty fields', async () => {
    await fakeBrowser.windows.create({ focused: true });
    const tab = await fakeBrowser.tabs.create({ url: 'https://example.com/tab', active: true });
    expect(await readTargetPage(`?tabId=${tab.id}`)).toMatchObject({ url: 'https://example.com/tab', source: 'tab' });
    expect(await readTargetPage('?tabId=999')).toEqual({ url: '', title: '', source: 'tab' });
  });
});
