// The parsing of Fetch sitemap and Pages from file (lib/projects/page-list/page-document.ts) with the
// real DOMParser of Chromium and Firefox, on every case of test/unit/projects/page-document-cases.ts.
// The unit test runs the same cases with linkedom's DOMParser, which accepts malformed XML that the
// browsers refuse: here the cases only a strict parser can judge run too.
import path from 'node:path';
import { build } from 'rolldown';
import type { PageDocument } from '../../lib/projects/page-list/page-document.ts';
import { PAGE_DOCUMENT_CASES } from '../unit/projects/page-document-cases.ts';
import { launchFirefoxWithExtension } from './fixtures/firefox.ts';
import { expect, test } from './fixtures/test.ts';

declare global {
  interface Window {
    pageDocument: { parsePageDocument: (text: string, parseXml: (text: string) => Document, cut?: boolean) => unknown };
  }
}

/** The module and what it imports, as one script that defines `window.pageDocument`. */
async function bundledParser(): Promise<string> {
  const { output } = await build({
    input: path.resolve('lib/projects/page-list/page-document.ts'),
    cwd: process.cwd(),
    write: false,
    output: { format: 'iife', name: 'pageDocument' },
    logLevel: 'silent',
  });
  return `${output[0].code}\nwindow.pageDocument = pageDocument;`;
}

/** Runs every case in the page, with the page's own DOMParser as the options page uses it. */
const runCases = (cases: { text: string; cut?: boolean }[]) =>
  cases.map(({ text, cut }) =>
    window.pageDocument.parsePageDocument(text, (xml) => new DOMParser().parseFromString(xml, 'application/xml'), cut),
  );

function expectAllCases(results: unknown[], browserName: string) {
  expect(results).toHaveLength(PAGE_DOCUMENT_CASES.length);
  PAGE_DOCUMENT_CASES.forEach((testCase, index) => {
    expect(results[index] as PageDocument, `${browserName}: ${testCase.name}`).toEqual(testCase.expected);
  });
}

test('Chromium: every parsing case gives what the unit test expects, with the browser’s DOMParser', async ({
  extension,
}) => {
  const page = await extension.context.newPage();
  await page.evaluate(await bundledParser());
  expectAllCases(await page.evaluate(runCases, PAGE_DOCUMENT_CASES), 'Chromium');
  expect(PAGE_DOCUMENT_CASES.some((testCase) => testCase.strictParserOnly)).toBe(true);
});

test('Firefox: every parsing case gives what the unit test expects, with the browser’s DOMParser', async () => {
  const ff = await launchFirefoxWithExtension();
  try {
    const page = await ff.firefox.newPage();
    await page.evaluate(await bundledParser());
    expectAllCases(await page.evaluate(runCases, PAGE_DOCUMENT_CASES), 'Firefox');
  } finally {
    await ff.close();
  }
});
