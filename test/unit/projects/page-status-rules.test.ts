import { describe, expect, it } from 'vitest';
import {
  PAGE_STATUS_RULE_PREFIX,
  pageStatusRules,
  registeredPageUrls,
  URLS_PER_RULE,
} from '@/lib/projects/page-status-rules';
import { HISTORY_LIMIT, type HistoryEntry } from '@/lib/storage/history/history-schema';

const entry = (projectUrl: string, index = 0): HistoryEntry => ({
  projectId: `p${index}`,
  projectUrl,
  projectName: `Page ${index}`,
  createdAt: '2026-11-26T10:00:00.000Z',
});

describe('the page status rules, from a workspace’s history', () => {
  it('hold each registered page once, as Chrome’s urlEquals compares it, newest first', () => {
    const history = [
      entry('https://example.com/a'),
      entry('HTTPS://Example.COM:443/b#top'),
      entry('https://example.com/a#again'),
      entry('http://127.0.0.1:8787/pages/x?q=1'),
      entry('ftp://example.com/file'),
      entry('not an address'),
    ];
    expect(registeredPageUrls(history)).toEqual([
      'http://127.0.0.1:8787/pages/x?q=1',
      'https://example.com/a',
      'https://example.com/b',
    ]);
  });

  it('make no rule for an empty history, one rule for a small one', () => {
    expect(pageStatusRules([])).toEqual([]);
    expect(pageStatusRules(['https://example.com/a', 'https://example.com/b'])).toEqual([
      { id: `${PAGE_STATUS_RULE_PREFIX}0`, urls: ['https://example.com/a', 'https://example.com/b'] },
    ]);
  });

  it('stay few for the largest history: never more rules than pages, each within its size', () => {
    const history = Array.from({ length: HISTORY_LIMIT }, (_, i) => entry(`https://example.com/page/${i}`, i));
    const urls = registeredPageUrls(history);
    const rules = pageStatusRules(urls);
    expect(rules).toHaveLength(Math.ceil(HISTORY_LIMIT / URLS_PER_RULE));
    expect(rules.every((rule) => rule.urls.length <= URLS_PER_RULE)).toBe(true);
    expect(rules.flatMap((rule) => rule.urls)).toEqual(urls);
    expect(new Set(rules.map((rule) => rule.id)).size).toBe(rules.length);
    expect(pageStatusRules(urls.slice(0, 3), 2).map((rule) => rule.urls)).toEqual([urls.slice(0, 2), urls.slice(2, 3)]);
  });
});
