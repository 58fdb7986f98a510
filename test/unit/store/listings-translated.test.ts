// The store listing in every language the extension speaks: store/listings/<locale>.md.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/manifest-entries.ts';

const LOCALES = readdirSync(`${ROOT}public/_locales`).filter((locale) => locale !== 'en');
const SECTIONS = ['Summary', 'Description', 'AMO summary', 'AMO description'];

/** The text of a "## " section. */
function section(markdown: string, heading: string): string {
  const start = markdown.indexOf(`\n## ${heading}\n`);
  if (start < 0) return '';
  const end = markdown.indexOf('\n## ', start + 1);
  return markdown.slice(start + heading.length + 5, end < 0 ? undefined : end).trim();
}

describe.each(LOCALES)('the %s store listing', (locale) => {
  const file = `${ROOT}store/listings/${locale}.md`;
  const listing = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const messages = JSON.parse(readFileSync(`${ROOT}public/_locales/${locale}/messages.json`, 'utf8')) as Record<
    string,
    { message: string }
  >;

  it('exists, with each section the stores ask for', () => {
    expect(listing, file).not.toBe('');
    for (const heading of SECTIONS) expect(section(listing, heading), `## ${heading}`).not.toBe('');
  });

  it('its Chrome summary is the translated manifest description, at most 132 characters', () => {
    const description = messages.extDescription!.message;
    expect(description.length).toBeLessThanOrEqual(132);
    expect(section(listing, 'Summary')).toBe(`> ${description}`);
  });

  it('its AMO summary is at most 250 characters', () => {
    expect(section(listing, 'AMO summary').replace(/\s+/g, ' ').length).toBeLessThanOrEqual(250);
  });

  it('keeps the product name', () => {
    expect(listing).toContain('Review Companion');
  });
});
