import type { ActivityHead } from './activity-schema';
import type { StoredRow } from './activity-rows';

/** The log as verification reads it: its index, its rows oldest first, and each row's hash ('' for one unreadable). */
export interface StoredChain {
  head: ActivityHead | undefined;
  /** An index is stored but cannot be read. */
  headUnreadable: boolean;
  rows: StoredRow[];
  hashes: string[];
}

/** What walking the chain found: every link holds, or the first that does not (its number, or its position). */
export type ActivityVerification =
  | { ok: true; count: number }
  | { ok: false; seq: number | undefined; position: number; reason: 'edited' | 'removed' | 'unreadable' };

const seqOf = (row: StoredRow): number | undefined => {
  const seq = row.entry?.seq ?? row.stub?.seq ?? (row.raw as { seq?: unknown } | null)?.seq;
  return typeof seq === 'number' ? seq : undefined;
};

/** For each workspace, the number of the last entry that says it was deleted or cleared. */
function workspacesEnded(rows: readonly StoredRow[]): Map<string, number> {
  const ended = new Map<string, number>();
  for (const { entry } of rows)
    if (
      entry?.workspace &&
      entry.outcome === 'done' &&
      (entry.kind === 'workspaceDeleted' || entry.kind === 'workspaceCleared')
    )
      ended.set(entry.workspace.id, entry.seq);
  return ended;
}

/**
 * Walks the chain: each entry's `prev` must be the hash of the entry before it (for the first kept
 * entry, the hash of the last folded one), numbers must follow one another, the index's `lastHash`
 * must be the hash of the newest entry (entries removed at the end break it too), and an entry removed
 * with its workspace must be followed by that workspace's deletion or clearing. This proves only that
 * the links hold: whoever rewrites the entries and their hashes together (or the index's folded count
 * and hash) passes it. An export's checkpoint is what proves more (lib/activity/verify-against-export.ts).
 */
export function walkChain({ head, headUnreadable, rows, hashes }: StoredChain): ActivityVerification {
  if (!head) {
    if (rows.length === 0 && !headUnreadable) return { ok: true, count: 0 };
    return { ok: false, seq: undefined, position: 0, reason: 'unreadable' };
  }
  const ended = workspacesEnded(rows);
  let expected = head.folded.lastHash;
  let expectedSeq = head.folded.count + 1;
  for (const [index, row] of rows.entries()) {
    const link = row.entry ?? row.stub;
    if (!link) return { ok: false, seq: seqOf(row), position: index + 1, reason: 'unreadable' };
    if (link.seq !== expectedSeq)
      return { ok: false, seq: Math.min(link.seq, expectedSeq), position: index + 1, reason: 'removed' };
    if (link.prev !== expected) {
      // Its predecessor was changed (or this entry's link was): the break is the entry before.
      return index === 0
        ? { ok: false, seq: link.seq, position: 1, reason: 'edited' }
        : { ok: false, seq: link.seq - 1, position: index, reason: 'edited' };
    }
    if (row.stub && !((ended.get(row.stub.removedWith) ?? 0) > row.stub.seq))
      return { ok: false, seq: row.stub.seq, position: index + 1, reason: 'removed' };
    expected = hashes[index]!;
    expectedSeq += 1;
  }
  if (expected !== head.lastHash || rows.length !== head.count) {
    const last = rows.at(-1);
    return {
      ok: false,
      seq: (last && seqOf(last)) ?? head.folded.count + 1,
      position: rows.length,
      reason: rows.length < head.count ? 'removed' : 'edited',
    };
  }
  return { ok: true, count: rows.length };
}
