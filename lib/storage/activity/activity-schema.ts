import { z } from 'zod/mini';
import { environmentSchema } from '../../environment';
import { messageRefSchema } from '../../message-ref';
import { bulkOperationSchema } from '../bulk-job/bulk-job-schema';
import { safeInt, stringMatching } from '../../schema-parts';

/** What an activity entry records: every change the extension makes or attempts. */
export const activityKindSchema = z.enum([
  'connectionSaved',
  'connectionForgotten',
  'workspaceAdded',
  'workspaceRenamed',
  'workspaceCleared',
  'workspaceDeleted',
  'workspaceImported',
  'workspaceReplaced',
  'lockTurnedOn',
  'lockTurnedOff',
  'lockChanged',
  'credentialsForgottenAll',
  'rotationPolicyChanged',
  'groupCreated',
  'groupRotated',
  'groupDeleted',
  'groupForgotten',
  'groupsRestored',
  'projectRegistered',
  'jobStarted',
  'jobPaused',
  'jobResumed',
  'jobEnded',
  'activityCleared',
]);
export type ActivityKind = z.infer<typeof activityKindSchema>;

/** `done`: it happened; `failed`: it did not; `unknown`: the answer was lost, it may have. */
export const activityOutcomeSchema = z.enum(['done', 'failed', 'unknown']);
export type ActivityOutcome = z.infer<typeof activityOutcomeSchema>;

/** 64 hex digits: a SHA-256. */
export const hashSchema = z.lazy(() => stringMatching(/^[0-9a-f]{64}$/));

/**
 * A log's checkpoint: how many entries it had recorded (its newest entry's number) and that entry's
 * hash. Every export carries one; Clear activity log records the one it replaced.
 */
export const activityCheckpointSchema = z.lazy(() => z.object({ count: safeInt(0), hash: hashSchema }));
export type ActivityCheckpoint = z.infer<typeof activityCheckpointSchema>;

/**
 * One entry as stored. Never a secret: a token appears only as its fingerprint (the first 8 hex digits
 * of its SHA-256), an error only as its named text (already cleared of the credentials it was sent
 * with). `prev` is the SHA-256 of the entry before it (its canonical JSON, lib/hash/sha256.ts), so
 * that an entry changed or removed outside the extension breaks the chain. No transforms: the entry
 * read is the entry hashed.
 */
export const activityEntrySchema = z.lazy(() =>
  z.object({
    /** 1, 2, 3… for the life of the log; folded entries keep their numbers counted. */
    seq: safeInt(1),
    at: z.string(),
    kind: activityKindSchema,
    outcome: activityOutcomeSchema,
    /** The workspace it happened in, named as it was then (it may be gone since). */
    workspace: z.optional(z.object({ id: z.string(), name: z.string() })),
    group: z.optional(z.object({ name: z.string(), id: z.string(), environment: environmentSchema })),
    project: z.optional(z.object({ url: z.string(), name: z.string(), id: z.optional(z.string()) })),
    /** The token the change left (created, rotated) or removed (deleted): 8 hex digits of its SHA-256. */
    fingerprint: z.optional(stringMatching(/^[0-9a-f]{8}$/)),
    /** A job's kind of rows. */
    operation: z.optional(bulkOperationSchema),
    /** How many: a job's rows, the groups a restore wrote. */
    count: z.optional(safeInt()),
    /** What else there is to say: why it failed, what a job or an import did. */
    detail: z.optional(messageRefSchema),
    /** Clear activity log: the checkpoint of the log it replaced (its hash is this entry's `prev`). */
    replaced: z.optional(activityCheckpointSchema),
    prev: hashSchema,
  }),
);
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

/** What a recorder hands the store: the store numbers it and chains it. */
export type ActivityRecord = Omit<ActivityEntry, 'seq' | 'prev'>;

const pageId = () => safeInt(1);
const headFields = () => ({
  /** Entries kept (in the pages). */
  count: safeInt(0),
  nextSeq: safeInt(1),
  /** The id the next new page takes. */
  nextPage: pageId(),
  lastHash: hashSchema,
  folded: z.object({ count: safeInt(0), lastHash: hashSchema }),
  revision: z.optional(z.string()),
});

/**
 * `local:activityLog`: the log's index. Entries live in pages (`activityLog.000001`…), oldest first,
 * so that an append rewrites one small page and this index, never the whole log. The pages are
 * `firstPage` to `nextPage - 1` (a page missing in between holds nothing). Past the limit the oldest
 * entries are folded: dropped, counted in `folded.count`, the hash of the last one kept in
 * `folded.lastHash`, so the first kept entry can still be checked. `lastHash` is the hash of the
 * newest entry: removing entries at the end breaks the chain too.
 *
 * Version 2 (2026-11-26): the pages as a range, so that the index an append rewrites stays a few
 * bytes however many pages there are (pages are smaller since: ACTIVITY_PAGE_SIZE).
 */
export const activityHeadSchema = z.lazy(() => z.object({ v: z.literal(2), firstPage: pageId(), ...headFields() }));
export type ActivityHead = z.infer<typeof activityHeadSchema>;

/** Version 1: every page id listed, oldest first. Read as version 2 (activityHeadOf); rewritten as such by the next append. */
export const activityHeadV1Schema = z.lazy(() =>
  z.object({ v: z.literal(1), pages: z.array(pageId()), ...headFields() }),
);
export type ActivityHeadV1 = z.infer<typeof activityHeadV1Schema>;

/**
 * Version 1 to 2. The writer only ever added a page at the end and removed the first, so the pages
 * listed follow one another; an index rebuilt from the keys found may have had gaps, which read as
 * empty pages (they held nothing), so no entry is lost.
 */
export function activityHeadV1ToV2(v1: ActivityHeadV1): ActivityHead {
  const { pages, count, nextSeq, lastHash, folded, revision } = v1;
  const last = pages.at(-1);
  return {
    v: 2,
    count,
    nextSeq,
    lastHash,
    folded,
    ...(revision !== undefined && { revision }),
    firstPage: pages[0] ?? v1.nextPage,
    nextPage: last === undefined ? v1.nextPage : Math.max(v1.nextPage, last + 1),
  };
}

/** The stored index of either version, as version 2; undefined when it is neither (missing or damaged). */
export function activityHeadOf(stored: unknown): ActivityHead | undefined {
  const current = activityHeadSchema.safeParse(stored);
  if (current.success) return current.data;
  const v1 = activityHeadV1Schema.safeParse(stored);
  return v1.success ? activityHeadV1ToV2(v1.data) : undefined;
}

/** The page ids of an index, oldest first. */
export function headPages(head: Pick<ActivityHead, 'firstPage' | 'nextPage'>): number[] {
  return Array.from({ length: Math.max(0, head.nextPage - head.firstPage) }, (_, index) => head.firstPage + index);
}

/** `local:activityLog.<id>`: a page of entries, oldest first. Entries are read one by one (each is checked on its own). */
export const activityPageSchema = z.lazy(() =>
  z.object({
    entries: z.array(z.unknown()),
    revision: z.optional(z.string()),
  }),
);
export type ActivityPage = z.infer<typeof activityPageSchema>;

/** The hash the first entry of a new log follows. */
export const GENESIS_HASH = '0'.repeat(64);

export const EMPTY_HEAD: ActivityHead = {
  v: 2,
  firstPage: 1,
  count: 0,
  nextSeq: 1,
  nextPage: 1,
  lastHash: GENESIS_HASH,
  folded: { count: 0, lastHash: GENESIS_HASH },
};

/** The newest entries kept; older ones are folded into a count. */
export const ACTIVITY_LIMIT = 20_000;
/**
 * Entries per page: an append writes at most this many (about 5 KB), whatever the log's length. It was
 * 100 until 2026-11-26: an append rewrote 12 KB on average, the largest write of a bulk create's row.
 * Pages written before keep their size until folded.
 */
export const ACTIVITY_PAGE_SIZE = 20;
