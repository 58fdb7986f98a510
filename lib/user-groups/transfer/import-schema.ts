import { z } from 'zod/mini';
import { registryEntrySchema } from '../../storage/registry/registry-schema';
import { noControlCharacters } from '../../text/control-characters';
import { built, extendedObject } from '../../schema-parts';

// What the import message carries. The popup loads the protocol, so this file stays small.

/** More than this in one file is refused as a whole (the registry is meant for thousands, not millions). */
export const MAX_IMPORT_GROUPS = 20_000;

/**
 * A bigger file is refused before it is read. Our own JSON export of a registry that fills the storage
 * budget (lib/user-groups/registry-views/registry-capacity.ts, 10 MiB stored) still fits: its indentation makes it
 * 1.3 to 1.6 times the stored size.
 */
export const MAX_IMPORT_FILE_BYTES = 16 * 1024 * 1024;

/** The service's tokens are a few dozen characters; a longer one in a file is not a token. */
export const MAX_IMPORT_TOKEN_LENGTH = 1024;

/**
 * A date in a file (created, last rotated, a rotation's start). The export writes 24 characters; without
 * a bound, "2026-01-01 (" and a megabyte and ")" is a date to Date.parse, stored as it is.
 */
export const MAX_IMPORT_DATE_LENGTH = 64;

/** The service fields this version does not know (`extra`), as JSON text, per group. */
export const MAX_IMPORT_EXTRA_LENGTH = 4096;

/**
 * One group to write. `expected` is the fingerprint of the stored entry the user saw in the preview
 * (null: there was none). The background writes the entry only if that still holds, so a group changed
 * elsewhere after the preview (a rotation in another tab) is never overwritten unseen. The entry's
 * texts come from a file: checked again here (its `extra` may be the stored one, so not capped here).
 */
export const importItemSchema = z.lazy(() =>
  z.object({
    entry: extendedObject(built(registryEntrySchema), {
      token: z.string().check(z.maxLength(MAX_IMPORT_TOKEN_LENGTH)),
      name: z.string().check(noControlCharacters()),
      provided_id: z.string().check(noControlCharacters()),
    }),
    expected: z.nullable(z.string()),
    /** The user chose to put this file's token over a live one not known to be older (import-merge.ts). */
    replacesNewer: z.optional(z.boolean()),
  }),
);
export type ImportItem = z.infer<typeof importItemSchema>;
