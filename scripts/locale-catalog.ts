import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// The built _locales/<lang>/messages.json: what the browser reads, without what only translators read.
// A page's first chrome.i18n.getMessage in a new extension process waits (a synchronous call) while the
// browser reads, parses and sends it the whole catalog of its language (and English, the default):
// 13.5 ms of the popup's first render on a stopped worker with the source files (268 KB, 993 messages;
// trace of 2026-11-29, docs/performance.md). The source files in public/_locales keep every description
// and placeholder; the build writes each message as one string:
// - `description` is for translators; the browser never shows it;
// - each named placeholder (`$NAME$`) is replaced by its `content` (`$1`), as the browser itself does
//   before it substitutes the arguments, so every text reads the same.

interface SourceMessage {
  message: string;
  description?: string;
  placeholders?: Record<string, { content: string; example?: string }>;
}

/** A named placeholder in a message: `$name$` (letters, digits, `_` and `@`; case does not matter). */
const NAMED_PLACEHOLDER = /\$([A-Za-z0-9_@]+)\$/g;

/** The message with its named placeholders replaced by their content; an unknown name is a build error. */
export function inlinePlaceholders(key: string, entry: SourceMessage): string {
  const byName = new Map(
    Object.entries(entry.placeholders ?? {}).map(([name, placeholder]) => [name.toLowerCase(), placeholder.content]),
  );
  return entry.message.replace(NAMED_PLACEHOLDER, (whole, name: string) => {
    const content = byName.get(name.toLowerCase());
    if (content === undefined) throw new Error(`The message "${key}" names ${whole}, which it does not define.`);
    return content;
  });
}

/** A source messages.json as the build writes it: `{ key: { message } }`, on one line. */
export function compactCatalog(source: string): string {
  const catalog = JSON.parse(source) as Record<string, SourceMessage>;
  return JSON.stringify(
    Object.fromEntries(
      Object.entries(catalog).map(([key, entry]) => [key, { message: inlinePlaceholders(key, entry) }]),
    ),
  );
}

/** Whether a public file is a locale's catalog (its path as the build names it: `_locales/de/messages.json`). */
export const isLocaleCatalog = (relativePath: string) =>
  /^_locales[\\/][A-Za-z_]+[\\/]messages\.json$/.test(relativePath);

/**
 * The build's catalogs as one short id (a hash of every locale's source file): the popup's stored texts
 * are those of one build (lib/storage/popup-view/popup-texts.ts), so a message changed without a new
 * version (an unpacked build) is not shown from an older store.
 */
export function catalogId(localesDir: string): string {
  const hash = createHash('sha256');
  for (const locale of readdirSync(localesDir).sort())
    hash.update(`${locale}\n`).update(readFileSync(path.join(localesDir, locale, 'messages.json')));
  return hash.digest('hex').slice(0, 12);
}
