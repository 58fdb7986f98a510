import { readFileSync } from 'node:fs';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LockedBanner } from '@/entrypoints/options/page/LockedBanner';
import { LockTurnOn } from '@/entrypoints/options/sections/connection/LockTurnOn';
import { t } from '@/lib/i18n';
import { englishMessages, readMessages } from '../setup/i18n';

// Issue 41, finding 3: what a forgotten passphrase costs is said in one sentence, the same before the
// lock is turned on, while it is on, while it is locked, and in the docs; and it is the truth (the group
// tokens are sealed too, design.md §10).

const ROOT = path.resolve(import.meta.dirname, '../../..');
const cost = () => t('lockCost');
/** The text a render shows: tags dropped, entities decoded. */
const shown = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
const noop = () => undefined;

describe('the lock’s cost, one sentence', () => {
  it('says that the credentials and the group tokens are lost with the passphrase unless exported', () => {
    const sentence = englishMessages.lockCost!.message;
    expect(sentence).toMatch(/credentials/);
    expect(sentence).toMatch(/group tokens/);
    expect(sentence).toMatch(/lost unless you exported them/);
    // No other lock text says less (the credentials only) or the opposite (the tokens in clear).
    const lockTexts = Object.entries(englishMessages).filter(([name]) => name.startsWith('lock'));
    for (const [name, { message }] of lockTexts) {
      expect(message, name).not.toMatch(/only the credentials/i);
      expect(message, name).not.toMatch(/with its tokens\)/);
    }
  });

  it('is said beside Turn on protection, before the admin chooses, and read with that button', () => {
    const html = renderToStaticMarkup(<LockTurnOn onStatus={noop} onMessage={noop} />);
    expect(shown(html)).toContain(cost());
    const [, costId] = /<p id="([^"]+)" class="hint lock-cost">/.exec(html) ?? [];
    expect(costId).toBeTruthy();
    expect(html).toMatch(new RegExp(`<button type="submit"[^>]*aria-describedby="${costId}"[^>]*>Turn on protection`));
  });

  it('is said in the banner while it is locked (test/e2e/lock.spec.ts sees it under the lock while on)', () => {
    expect(shown(renderToStaticMarkup(<LockedBanner />))).toContain(cost());
  });

  it('is the sentence the docs quote', () => {
    const flat = (file: string) =>
      readFileSync(path.join(ROOT, file), 'utf8').replace(/^> /gm, '').replace(/\s+/g, ' ');
    for (const file of ['docs/guide-admins.md', 'docs/security.md']) expect(flat(file), file).toContain(cost());
  });

  it('is one sentence in every language', () => {
    for (const locale of ['de', 'es', 'fr', 'ja', 'pt_BR', 'zh_CN']) {
      const sentence = readMessages(locale).lockCost!.message;
      expect(sentence.match(/[.。](?=.)/g), locale).toBeNull();
    }
  });
});
