import { z } from 'zod/mini';

// Rules for the text of names and IDs that come from files (import, bulk create). The popup loads the
// protocol, which uses them, so this file stays small.

/** C0 control characters (U+0000–U+001F: line breaks, tabs…) and DEL (U+007F). */
export function hasControlCharacter(value: string): boolean {
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if (code <= 0x1f || code === 0x7f) return true;
  }
  return false;
}

/**
 * A name or ID with a line break or another control character breaks lists, CSV rows and spreadsheet
 * cells (a name that ends in a line break once slipped an unguarded formula into an export): refused.
 * The message is the name of its text (lib/user-groups/transfer/row-problems.ts renders it).
 */
export const noControlCharacters = () =>
  z.refine<string>((value) => !hasControlCharacter(value), 'fileFieldControlCharacters');
