// The Markdown reading the docs tests rely on: GitHub's anchors, and links found outside code only.
import { describe, expect, it } from 'vitest';
import { anchorsOf, isExternal, linksOf, slugOf } from '../helpers/markdown.ts';

describe('slugOf', () => {
  it('makes the anchors GitHub makes', () => {
    expect(slugOf('The options page: sections and their addresses')).toBe(
      'the-options-page-sections-and-their-addresses',
    );
    expect(slugOf('Registering many pages (Options → Projects → Register pages)')).toBe(
      'registering-many-pages-options--projects--register-pages',
    );
    expect(slugOf('Create a user group, or rotate its token: `POST {base_url}/api/user`')).toBe(
      'create-a-user-group-or-rotate-its-token-post-base_urlapiuser',
    );
    expect(slugOf('Unreleased — 0.2.0')).toBe('unreleased--020');
    expect(slugOf('See [the guide](guide.md) **now**')).toBe('see-the-guide-now');
    expect(slugOf('Données à caractère personnel')).toBe('données-à-caractère-personnel');
  });
});

describe('anchorsOf', () => {
  it('numbers a repeated heading, ignores headings in code, and keeps explicit ids', () => {
    const page = ['# Title', '## Notes', '```sh', '# not a heading', '```', '## Notes', '<a id="here"></a>'].join('\n');
    expect([...anchorsOf(page)]).toEqual(['title', 'notes', 'notes-1', 'here']);
  });
});

describe('linksOf', () => {
  it('finds inline links, images, reference definitions and HTML attributes', () => {
    const page = [
      'See [the guide](docs/guide.md#top "Guide") and ![a picture](docs/a.png).',
      '[ref]: store/README.md',
      '<img src="docs/screenshots/popup.png" width="300"> <a href="#top">top</a>',
      '[angled](<docs/with space.md>)',
    ].join('\n');
    expect(linksOf(page)).toEqual([
      'docs/guide.md#top',
      'docs/a.png',
      'docs/with space.md',
      'store/README.md',
      'docs/screenshots/popup.png',
      '#top',
    ]);
  });

  it('skips what is code: fenced blocks and spans, also a span cut across lines', () => {
    const page = [
      '```md',
      '[in a block](nowhere.md)',
      '```',
      'A `[span](nowhere.md)` and a `long',
      'span [x](y.md)`.',
    ].join('\n');
    expect(linksOf(page)).toEqual([]);
  });

  it('tells links that leave the repository', () => {
    expect(isExternal('https://example.com')).toBe(true);
    expect(isExternal('mailto:someone@example.com')).toBe(true);
    expect(isExternal('docs/guide.md')).toBe(false);
    expect(isExternal('#anchor')).toBe(false);
  });
});
