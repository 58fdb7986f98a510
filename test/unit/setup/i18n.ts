import { readFileSync } from 'node:fs';
import { fakeBrowser } from 'wxt/testing/fake-browser';

/**
 * The fake browser has no i18n. This gives it the real English messages with Chrome's rules
 * (named `$PLACEHOLDER$`s whose content is `$1`…`$9`, `$$` for a dollar sign), so that unit tests see
 * exactly the text a user sees. Assigned, not spied: `restoreMocks` must not take it away.
 */
interface Message {
  message: string;
  placeholders?: Record<string, { content: string }>;
}

/** The messages of one locale, as its public/_locales/<locale>/messages.json has them. */
export function readMessages(locale: string): Record<string, Message> {
  return JSON.parse(
    readFileSync(new URL(`../../../public/_locales/${locale}/messages.json`, import.meta.url), 'utf8'),
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
    const positional = (text: string) =>
      text.replace(/\$(\d)/g, (_match, digit: string) => values[Number(digit) - 1] ?? '');
    const placeholders = Object.fromEntries(
      Object.entries(entry.placeholders ?? {}).map(([key, value]) => [key.toLowerCase(), value.content]),
    );
    return entry.message
      .replace(/\$([A-Za-z0-9_@]+)\$/g, (match, placeholder: string) => {
        const content = placeholders[placeholder.toLowerCase()];
        return content === undefined ? match : positional(content);
      })
      .replace(/\$\$/g, '$');
  };
}

export const getEnglishMessage = messageGetter(englishMessages);

Object.assign(fakeBrowser.i18n, {
  getMessage: getEnglishMessage,
  getUILanguage: () => 'en',
});
