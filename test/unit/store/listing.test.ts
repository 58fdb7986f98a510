// The store listing material in store/: what the Chrome Web Store checks on submission, checked here.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PROMO_TILE, STORE_SCREENSHOT, pngSize } from '../../store-images.ts';
import { allEntries, ROOT } from '../helpers/manifest-entries.ts';
import { tableRows } from '../helpers/markdown.ts';

const chromeListing = readFileSync(`${ROOT}store/chrome-web-store.md`, 'utf8');
const amoListing = readFileSync(`${ROOT}store/firefox-amo.md`, 'utf8');
const messages = JSON.parse(readFileSync(`${ROOT}public/_locales/en/messages.json`, 'utf8')) as Record<
  string,
  { message: string }
>;

/** The text of a "## " section, without its heading and the quote marks of a quoted line. */
function section(markdown: string, heading: string): string {
  const start = markdown.indexOf(`\n## ${heading}\n`);
  expect(start, `a "## ${heading}" section`).toBeGreaterThanOrEqual(0);
  const end = markdown.indexOf('\n## ', start + 1);
  return markdown.slice(start + heading.length + 5, end < 0 ? undefined : end).trim();
}

describe('Chrome Web Store listing', () => {
  it('the summary is the manifest description, at most 132 characters', () => {
    const description = messages.extDescription?.message ?? '';
    expect(description.length).toBeLessThanOrEqual(132);
    expect(section(chromeListing, 'Summary')).toContain(`> ${description}`);
  });

  it('the name is the manifest name', () => {
    expect(section(chromeListing, 'Name')).toBe(messages.extName?.message);
    expect(section(amoListing, 'Name')).toBe(messages.extName?.message);
  });

  const justifications = tableRows(chromeListing.replace(/\n### /g, '\n## '), 'Permission justifications');
  const chromeEntries = allEntries().filter(
    (item) => !item.kind.startsWith('data_collection') && item.kind !== 'host_permissions',
  );
  it.each(chromeEntries)('justifies $entry ($kind)', ({ entry }) => {
    expect(
      justifications.some((row) => row.includes(`\`${entry}\``)),
      `justify \`${entry}\` in store/chrome-web-store.md`,
    ).toBe(true);
  });
});

describe('AMO listing', () => {
  it('the summary is at most 250 characters', () => {
    const summary = section(amoListing, 'Summary (at most 250 characters)').replace(/\s+/g, ' ');
    expect(summary.length).toBeGreaterThan(0);
    expect(summary.length).toBeLessThanOrEqual(250);
  });

  it('names every data collection permission for the reviewers', () => {
    const collection = allEntries().filter((item) => item.kind.startsWith('data_collection'));
    expect(collection.length).toBeGreaterThan(0);
    for (const { entry } of collection) expect(amoListing).toContain(`\`${entry}\``);
  });
});

describe('store pictures (made by npm run screenshots)', () => {
  const dir = `${ROOT}store/images`;
  const files = existsSync(dir) ? readdirSync(dir).filter((file) => file.endsWith('.png')) : [];

  it('has the promo tile and up to five screenshots, each listed in the Chrome listing', () => {
    const screenshots = files.filter((file) => file.startsWith('chrome-'));
    expect(files).toContain('promo-tile-440x280.png');
    expect(screenshots.length).toBeGreaterThanOrEqual(1);
    expect(screenshots.length).toBeLessThanOrEqual(5);
    for (const file of files) expect(chromeListing).toContain(`images/${file}`);
  });

  it.each(files)('%s has the size the store asks for', (file) => {
    const expected = file.startsWith('promo-tile') ? PROMO_TILE : STORE_SCREENSHOT;
    expect(pngSize(readFileSync(`${dir}/${file}`))).toEqual({ width: expected.width, height: expected.height });
  });
});
