import { describe, expect, it } from 'vitest';
import { PROJECT_NAME_MAX_LENGTH, projectInputSchema } from '@/lib/api/project-input';
import {
  explainUnregistrableUrl,
  projectNameProblemAsTyped,
  validateProjectInput,
} from '@/lib/projects/validate-project-input';

const EXTENSION_ORIGIN = 'chrome-extension://abc/';
const ONLY_WEB = 'Only web pages (http or https) can be registered.';

function urlError(projectUrl: string): string | undefined {
  const result = validateProjectInput({ projectUrl, projectName: 'Name' }, EXTENSION_ORIGIN);
  return result.ok ? undefined : result.errors.projectUrl;
}

describe('validateProjectInput: URL', () => {
  it.each([
    'https://example.com',
    'https://example.com/path?q=1#section',
    'http://localhost:3000/page',
    'http://127.0.0.1:8787/pages/welcome',
  ])('accepts %s and keeps it as typed', (url) => {
    const result = validateProjectInput({ projectUrl: url, projectName: 'Name' }, EXTENSION_ORIGIN);
    expect(result).toEqual({ ok: true, value: { projectUrl: url, projectName: 'Name' } });
    // what the page accepts, the background's schema accepts too
    expect(projectInputSchema.safeParse(result.ok && result.value).success).toBe(true);
  });

  it('trims the URL', () => {
    const result = validateProjectInput({ projectUrl: '  https://example.com/a \n', projectName: 'Name' });
    expect(result).toEqual({ ok: true, value: { projectUrl: 'https://example.com/a', projectName: 'Name' } });
  });

  it.each<[string, string, string]>([
    ['empty', '', 'Enter the address of the page to register.'],
    ['whitespace only', '   ', 'Enter the address of the page to register.'],
    ['not a URL', 'example dot com', '“example dot com” is not a web address. It should start with https://.'],
    ['chrome://extensions', 'chrome://extensions', `This is a browser page (chrome://…). ${ONLY_WEB}`],
    ['about:blank', 'about:blank', `This is a browser page (about:…). ${ONLY_WEB}`],
    ['edge://', 'edge://settings', `This is a browser page (edge://…). ${ONLY_WEB}`],
    ['view-source:', 'view-source:https://example.com', `This is a browser page (view-source:…). ${ONLY_WEB}`],
    ['file:///', 'file:///home/me/report.pdf', `Files on this computer (file://) cannot be registered. ${ONLY_WEB}`],
    ['data:', 'data:text/html,<h1>hi</h1>', ONLY_WEB],
    ['javascript:', 'javascript:alert(1)', ONLY_WEB],
    ['ftp:', 'ftp://example.com/file', ONLY_WEB],
    [
      'the extension’s own page',
      'chrome-extension://abc/popup.html',
      `This is Review Companion's own page. ${ONLY_WEB}`,
    ],
    ['another extension', 'chrome-extension://other/page.html', `This is a page of a browser extension. ${ONLY_WEB}`],
    [
      'a Firefox extension',
      'moz-extension://1234-5678/page.html',
      `This is a page of a browser extension. ${ONLY_WEB}`,
    ],
    [
      'a blob in the viewer',
      'blob:https://example.com/0d6c',
      `This tab shows a file in the browser's viewer. ${ONLY_WEB} Type the document's web address instead.`,
    ],
  ])('rejects %s', (_label, url, message) => {
    expect(urlError(url)).toBe(message);
  });

  it('cuts a long non-URL to 80 characters in the message', () => {
    const message = urlError('x'.repeat(200));
    expect(message).toBe(`“${'x'.repeat(80)}” is not a web address. It should start with https://.`);
  });

  it('without an extension origin, our own page is still refused as an extension page', () => {
    expect(explainUnregistrableUrl('chrome-extension://abc/popup.html')).toBe(
      `This is a page of a browser extension. ${ONLY_WEB}`,
    );
  });

  it('rejects the Chrome PDF viewer', () => {
    expect(urlError('chrome-extension://mhjfbmdgcfjbbpaeojofohoefgiehjai/index.html')).toBeDefined();
  });

  // Regression: the viewer was once matched by `url.origin`, which is "null" for chrome-extension:
  // URLs outside Chromium; protocol + hostname works in every engine.
  it('explains the Chrome PDF viewer as a file in the browser’s viewer', () => {
    expect(urlError('chrome-extension://mhjfbmdgcfjbbpaeojofohoefgiehjai/index.html')).toBe(
      `This tab shows a file in the browser's viewer. ${ONLY_WEB} Type the document's web address instead.`,
    );
  });
});

// Regression: the form once accepted whatever `new URL` parses ("https:/example.com"), which the
// message schema (zod's z.url) refuses; the form now refuses exactly what the schema refuses.
describe('validateProjectInput agrees with the message schema', () => {
  it.each(['https:/example.com', 'http:example.com'])('%s', (url) => {
    const page = validateProjectInput({ projectUrl: url, projectName: 'Name' });
    const schema = projectInputSchema.safeParse({ projectUrl: url, projectName: 'Name' });
    expect(page.ok).toBe(schema.success);
  });
});

describe('validateProjectInput: name', () => {
  const url = 'https://example.com';

  it('trims the name', () => {
    expect(validateProjectInput({ projectUrl: url, projectName: '  My page \t' })).toEqual({
      ok: true,
      value: { projectUrl: url, projectName: 'My page' },
    });
  });

  it.each([
    ['empty', ''],
    ['whitespace only', ' \t\n '],
  ])('rejects an %s name', (_label, projectName) => {
    expect(validateProjectInput({ projectUrl: url, projectName })).toEqual({
      ok: false,
      errors: { projectName: 'Enter a name for the project.' },
    });
  });

  it('accepts exactly the maximum length, counted after trimming', () => {
    const name = 'n'.repeat(PROJECT_NAME_MAX_LENGTH);
    const result = validateProjectInput({ projectUrl: url, projectName: `  ${name}  ` });
    expect(result).toEqual({ ok: true, value: { projectUrl: url, projectName: name } });
  });

  it('rejects a name one character too long', () => {
    expect(validateProjectInput({ projectUrl: url, projectName: 'n'.repeat(PROJECT_NAME_MAX_LENGTH + 1) })).toEqual({
      ok: false,
      errors: { projectName: `The name is too long: at most ${PROJECT_NAME_MAX_LENGTH} characters.` },
    });
  });

  it('reports both fields at once', () => {
    const result = validateProjectInput({ projectUrl: 'about:blank', projectName: '' });
    expect(result.ok).toBe(false);
    expect(!result.ok && Object.keys(result.errors).sort()).toEqual(['projectName', 'projectUrl']);
  });
});

// Issue 41, finding 10: a name too long for the service is said as it is typed, before Enter.
describe('projectNameProblemAsTyped', () => {
  it('says a name over the limit is too long at once, and nothing of an empty one (said when sent)', () => {
    expect(projectNameProblemAsTyped('n'.repeat(PROJECT_NAME_MAX_LENGTH))).toBeUndefined();
    expect(projectNameProblemAsTyped(` ${'n'.repeat(PROJECT_NAME_MAX_LENGTH)} `)).toBeUndefined();
    expect(projectNameProblemAsTyped('n'.repeat(PROJECT_NAME_MAX_LENGTH + 1))).toBe(
      `The name is too long: at most ${PROJECT_NAME_MAX_LENGTH} characters.`,
    );
    expect(projectNameProblemAsTyped('')).toBeUndefined();
  });
});
