import { describe, expect, it } from 'vitest';
import { hostAndPath, nameForLink } from '@/lib/context-menu/link-target';
import { PROJECT_NAME_MAX_LENGTH } from '@/lib/api/project-input';

describe('nameForLink: Firefox gives the link text, Chrome does not', () => {
  it.each<[string, string, string | undefined, string]>([
    ['Firefox: the link text', 'https://example.com/docs/a?x=1', 'Release notes', 'Release notes'],
    [
      'Firefox: text with line breaks and tabs is one line',
      'https://example.com/a',
      '  Release\n\tnotes  ',
      'Release notes',
    ],
    ['Chrome: no linkText → host and path', 'https://Example.com/docs/a?x=1#top', undefined, 'example.com/docs/a'],
    ['an image link (empty text) → host and path', 'https://example.com/docs/a', '', 'example.com/docs/a'],
    ['whitespace-only text → host and path', 'https://example.com/docs/a', ' \n ', 'example.com/docs/a'],
    ['the root of a site → the host alone', 'https://example.com/', undefined, 'example.com'],
    ['a port is kept', 'http://127.0.0.1:8787/pages/x', undefined, '127.0.0.1:8787/pages/x'],
    ['not a URL → the text as it came', 'not a url', undefined, 'not a url'],
  ])('%s', (_label, url, linkText, name) => {
    expect(nameForLink(url, linkText)).toBe(name);
  });

  it('is cut to the longest name the service takes', () => {
    expect(nameForLink('https://example.com/', 'x'.repeat(PROJECT_NAME_MAX_LENGTH + 50))).toHaveLength(
      PROJECT_NAME_MAX_LENGTH,
    );
    expect(nameForLink(`https://example.com/${'p'.repeat(400)}`)).toHaveLength(PROJECT_NAME_MAX_LENGTH);
  });

  it('hostAndPath of a mailto: link is the link (no host)', () => {
    expect(hostAndPath('mailto:someone@example.com')).toBe('mailto:someone@example.com');
  });
});
