import { z } from 'zod/mini';
import { canonicalJson, sha256Hex } from '../../hash/sha256';
import { safeInt } from '../../schema-parts';
import { activityEntrySchema, hashSchema, type ActivityEntry } from './activity-schema';

/** The hash an entry's successor holds in `prev`: SHA-256 of its canonical JSON, as stored. */
export const entryHash = (entry: unknown): Promise<string> => sha256Hex(canonicalJson(entry));

/**
 * An entry removed with its workspace (Delete or Clear workspace, unless its activity is kept): its
 * number, its link to the entry before, and its own hash, which the entry after it holds in `prev`,
 * so the chain still verifies and an export that held the entry still matches it; nothing of what it
 * said (the group names, the project addresses). `removedWith` names the workspace, whose deletion
 * (or clearing) the log records after it.
 */
export const activityStubSchema = z.lazy(() =>
  z.object({
    seq: safeInt(1),
    prev: hashSchema,
    hash: hashSchema,
    removedWith: z.string(),
  }),
);
export type ActivityStub = z.infer<typeof activityStubSchema>;

/** A stored entry as a page reads it: the entry, or what is left of one removed with its workspace, and the value as stored. */
export interface StoredRow {
  entry: ActivityEntry | null;
  stub?: ActivityStub;
  raw: unknown;
}

const HASH = /^[0-9a-f]{64}$/;
const isStubLike = (raw: unknown) => typeof raw === 'object' && raw !== null && 'removedWith' in raw;

/** One stored value read as a row: each is checked on its own, so one bad entry costs only itself. */
export function rowOf(raw: unknown): StoredRow {
  if (isStubLike(raw)) {
    const stub = activityStubSchema.safeParse(raw);
    return stub.success ? { entry: null, stub: stub.data, raw } : { entry: null, raw };
  }
  const entry = activityEntrySchema.safeParse(raw);
  return { entry: entry.success ? entry.data : null, raw };
}

/**
 * The hash the entry after this stored value holds: a removed entry keeps the one it had (read without
 * its schema: the background, which folds and rewrites, never needs to check one whole).
 */
export function storedHash(raw: unknown): Promise<string> {
  const kept = isStubLike(raw) ? (raw as { hash?: unknown }).hash : undefined;
  return typeof kept === 'string' && HASH.test(kept) ? Promise.resolve(kept) : entryHash(raw);
}

/** The workspace a stored entry names, if any. */
export function workspaceIdOf(raw: unknown): string | undefined {
  const id = (raw as { workspace?: { id?: unknown } } | null | undefined)?.workspace?.id;
  return typeof id === 'string' ? id : undefined;
}

/** What is kept of an entry removed with its workspace (its hash taken as stored). */
export async function stubOf(raw: unknown, workspaceId: string): Promise<ActivityStub | undefined> {
  const entry = activityEntrySchema.safeParse(raw);
  if (!entry.success) return undefined;
  return { seq: entry.data.seq, prev: entry.data.prev, hash: await entryHash(raw), removedWith: workspaceId };
}
