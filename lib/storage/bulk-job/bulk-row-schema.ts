import { z } from 'zod/mini';
import { environmentSchema } from '../../environment';
import { noControlCharacters } from '../../text/control-characters';

// The rows a bulk create start message carries.

/** One job holds at most this many rows. */
export const MAX_BULK_ROWS = 10_000;

/** A bigger file is refused before it is read: 10,000 rows of the longest ASCII names and IDs take 4.6 MiB. */
export const MAX_BULK_FILE_BYTES = 5 * 1024 * 1024;

const text = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max), noControlCharacters());

/** A group to create, as the start message carries it; `line` is where it was in the file. */
export const bulkRowSchema = z.lazy(() =>
  z.object({
    line: z.number(),
    name: text(200),
    userGroupId: text(256),
    environment: environmentSchema,
  }),
);
export type BulkRow = z.infer<typeof bulkRowSchema>;
