import { describe, expect, it } from 'vitest';
import { explainTargetPage } from '@/lib/projects/validate-project-input';

const ONLY_WEB = 'Only web pages (http or https) can be registered.';

describe('explainTargetPage: the notice above the form', () => {
  const origin = 'chrome-extension://abc/';
  it('a web page: nothing to say', () => {
    expect(explainTargetPage({ url: 'https://example.com/a', source: 'tab' }, origin)).toBeUndefined();
  });
  it('a tab whose address the browser hid: what such pages are', () => {
    expect(explainTargetPage({ url: '', source: 'tab' }, origin)).toBe(
      'This page cannot be registered: the browser hides its address from extensions, as it does for browser pages (chrome://, about:), the PDF viewer, other extensions’ pages and extension stores.',
    );
  });
  it('a link whose address was unusable', () => {
    expect(explainTargetPage({ url: '', source: 'link' }, origin)).toBe('The link’s address could not be used.');
  });
  it.each([
    ['about:addons', `This is a browser page (about:…). ${ONLY_WEB}`],
    ['chrome://settings/', `This is a browser page (chrome://…). ${ONLY_WEB}`],
    [
      'chrome-extension://mhjfbmdgcfjbbpaeojofohoefgiehjai/index.html',
      `This tab shows a file in the browser's viewer. ${ONLY_WEB} Type the document's web address instead.`,
    ],
    ['moz-extension://1234/page.html', `This is a page of a browser extension. ${ONLY_WEB}`],
    [`${origin}popup.html`, `This is Review Companion's own page. ${ONLY_WEB}`],
  ])('%s: what the page is', (url, expected) => {
    expect(explainTargetPage({ url, source: 'tab' }, origin)).toBe(expected);
  });
});
