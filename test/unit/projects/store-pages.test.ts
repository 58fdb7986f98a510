import { describe, expect, it } from 'vitest';
import {
  explainUnregistrableUrl,
  isExtensionStorePage,
  validateProjectInput,
} from '@/lib/projects/validate-project-input';

const storeMessage = (host: string) =>
  `This is an extension store page (${host}). Browsers do not let extensions work on their stores, so the review toolbar cannot run here and the page cannot be registered.`;

describe('extension store pages cannot be registered', () => {
  it.each<[string, string]>([
    ['https://chromewebstore.google.com/detail/abc/xyz', 'chromewebstore.google.com'],
    ['https://chromewebstore.google.com/', 'chromewebstore.google.com'],
    ['https://chrome.google.com/webstore/detail/abc', 'chrome.google.com'],
    ['https://chrome.google.com/webstore', 'chrome.google.com'],
    ['https://addons.mozilla.org/en-US/firefox/addon/x/', 'addons.mozilla.org'],
    ['https://ADDONS.mozilla.org/', 'addons.mozilla.org'],
    ['https://microsoftedge.microsoft.com/addons/detail/x/abc', 'microsoftedge.microsoft.com'],
  ])('%s', (url, host) => {
    expect(explainUnregistrableUrl(url)).toBe(storeMessage(host));
    expect(validateProjectInput({ projectUrl: url, projectName: 'Store' })).toEqual({
      ok: false,
      errors: { projectUrl: storeMessage(host) },
    });
  });

  it.each([
    'https://chrome.google.com/',
    'https://chrome.google.com/webstorefront',
    'https://google.com/webstore',
    'https://microsoftedge.microsoft.com/',
    'https://mozilla.org/addons',
    'https://addons.mozilla.org.example.com/',
    'https://example.com/?u=https://addons.mozilla.org/',
  ])('%s is an ordinary page', (url) => {
    expect(isExtensionStorePage(new URL(url))).toBe(false);
    expect(explainUnregistrableUrl(url)).toBeUndefined();
  });

  it('file: stays refused with its own explanation', () => {
    expect(explainUnregistrableUrl('file:///C:/report.pdf')).toBe(
      'Files on this computer (file://) cannot be registered. Only web pages (http or https) can be registered.',
    );
  });
});
