import { z } from 'zod/mini';
import { registryEntrySchema } from './registry-schema';

// What the import message carries. The popup loads the protocol, so this file stays small.

/** More than this in one file is refused as a whole (the registry is meant for thousands, not millions). */
export const MAX_IMPORT_GROUPS = 20_000;

/**
 * One group to write. `expected` is the fingerprint of the stored entry the user saw in the preview
 * (null: there was none). The background writes the entry only if that still holds, so a group changed
 * elsewhere after the preview (a rotation in another tab) is never overwritten unseen.
 */
export const importItemSchema = z.object({ entry: registryEntrySchema, expected: z.nullable(z.string()) });
export type ImportItem = z.infer<typeof importItemSchema>;
