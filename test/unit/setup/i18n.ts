import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fakeBrowser } from 'wxt/testing/fake-browser';

/**
 * The fake browser has no i18n. This gives it the real English messages with Chrome's rules
 * (named `$PLACEHOLDER$`s whose content is `$1`…`$9`, `$1`…`$9` in the message itself, `$$` for a dollar sign), so that unit tests see
 * exactly the text a user sees. Assigned, not spied: `restoreMocks` must not take it away.
 */
interface Message {
  message: string;
  placeholders?: Record<string, { content: string }>;
}

/** The messages of one locale, as its public/_locales/<locale>/messages.json has them. */
export function readMessages(locale: string): Record<string, Message> {
  return JSON.parse(
    // A path, not a URL: a test in a DOM environment (happy-dom) has its own URL, which resolves against its page.
    readFileSync(path.join(import.meta.dirname, `../../../public/_locales/${locale}/messages.json`), 'utf8'),
  ) as Record<string, Message>;
}

export const englishMessages = readMessages('en');

/** browser.i18n.getMessage over these messages, with Chrome's rules. */
export function messageGetter(messages: Record<string, Message>) {
  return (name: string, substitutions?: string | (string | number)[]): string => {
    const entry = messages[name];
    if (!entry) return '';
    const values = (
      Array.isArray(substitutions) ? substitutions : substitutions === undefined ? [] : [substitutions]
    ).map(String);
    const placeholders = Object.fromEntries(
      Object.entries(entry.placeholders ?? {}).map(([key, value]) => [key.toLowerCase(), value.content]),
    );
    // The named placeholders first (their content is `$1`…), then `$1`…`$9` and `$$`, wherever they stand.
    return entry.message
      .replace(
        /\$([A-Za-z0-9_@]+)\$/g,
        (match, placeholder: string) => placeholders[placeholder.toLowerCase()] ?? match,
      )
      .replace(/\$(\$|\d)/g, (_match, what: string) => (what === '$' ? '$' : (values[Number(what) - 1] ?? '')));
  };
}

export const getEnglishMessage = messageGetter(englishMessages);

Object.assign(fakeBrowser.i18n, {
  getMessage: getEnglishMessage,
  getUILanguage: () => 'en',
});
