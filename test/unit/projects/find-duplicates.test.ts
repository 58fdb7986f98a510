import { describe, expect, it } from 'vitest';
import { findDuplicates, indexHistory } from '@/lib/projects/find-duplicates';
import type { HistoryEntry } from '@/lib/storage/history/history-schema';

const entry = (projectId: string, projectUrl: string, createdAt = '2026-11-01T10:00:00.000Z'): HistoryEntry => ({
  projectId,
  projectUrl,
  projectName: `Name of ${projectId}`,
  createdAt,
});

// Oldest first, as stored.
const HISTORY: HistoryEntry[] = [
  entry('p1', 'https://example.com/a', '2026-11-01T10:00:00.000Z'),
  entry('p2', 'https://example.com/b#intro', '2026-11-02T10:00:00.000Z'),
  entry('p3', 'HTTPS://EXAMPLE.com:443/a#again', '2026-11-03T10:00:00.000Z'),
  entry('p4', 'https://example.com/c?x=1', '2026-11-04T10:00:00.000Z'),
  entry('p5', 'http://example.com/d', '2026-11-05T10:00:00.000Z'),
  entry('p6', 'https://other.org/', '2026-11-06T10:00:00.000Z'),
  entry('p7', 'not a url at all', '2026-11-07T10:00:00.000Z'),
];
const index = indexHistory(HISTORY);

describe('findDuplicates', () => {
  it.each<[string, string, string[], number]>([
    // label, typed URL, earlier ids of the same page (newest first), other pages of the site
    ['the same page, registered twice', 'https://example.com/a', ['p3', 'p1'], 2],
    ['the same page typed differently', 'https://Example.com:443/a#whatever', ['p3', 'p1'], 2],
    ['a page registered once (fragment ignored)', 'https://example.com/b', ['p2'], 2],
    ['a query is part of the page', 'https://example.com/c?x=2', [], 3],
    ['the same query is the same page', 'https://example.com/c?x=1', ['p4'], 2],
    ['a new page of a known site', 'https://example.com/new', [], 3],
    ['http is another origin than https', 'http://example.com/new', [], 1],
    ['http: the page itself', 'http://example.com/d', ['p5'], 0],
    ['a site with one page, that page', 'https://other.org', ['p6'], 0],
    ['a site with one page, another page', 'https://other.org/x', [], 1],
  ])('%s', (_label, typed, earlierIds, otherPages) => {
    const report = findDuplicates(index, typed);
    expect(report?.samePage.map((found) => found.projectId)).toEqual(earlierIds);
    expect(report?.otherPagesOfSite).toBe(otherPages);
  });

  it.each([
    ['an unknown site', 'https://unknown.example/'],
    ['not a URL', 'example dot com'],
    ['not http(s)', 'chrome://extensions'],
    ['empty', ''],
  ])('nothing to say about %s', (_label, typed) => {
    expect(findDuplicates(index, typed)).toBeUndefined();
  });

  it('names the site and the normalised URL the warning is about', () => {
    expect(findDuplicates(index, 'HTTPS://example.com/a#x')).toMatchObject({
      site: 'example.com',
      normalizedUrl: 'https://example.com/a',
    });
  });

  it('an empty history knows nothing', () => {
    expect(findDuplicates(indexHistory([]), 'https://example.com/a')).toBeUndefined();
  });

  it('indexes 5,000 entries quickly enough for every popup opening', () => {
    const many = Array.from({ length: 5000 }, (_, i) => entry(`p${i}`, `https://site${i % 50}.example/page/${i}`));
    const started = performance.now();
    const big = indexHistory(many);
    const report = findDuplicates(big, 'https://site7.example/page/7');
    expect(performance.now() - started).toBeLessThan(500);
    expect(report?.samePage.map((found) => found.projectId)).toEqual(['p7']);
    expect(report?.otherPagesOfSite).toBe(99);
  });
});
