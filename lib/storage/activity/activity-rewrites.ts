import { headPages, type ActivityCheckpoint, type ActivityHead } from './activity-schema';
import { stubOf, workspaceIdOf } from './activity-rows';

/**
 * What an append is made on when it rewrites the log (activity-store.ts `prepare`): the log's state
 * to append to, the pages rewritten (written in the same storage call as the entry), and the pages no
 * longer named (removed once that call is stored).
 */
export interface LogRewrite {
  state: { head: ActivityHead; pages: Map<number, unknown[]> };
  pages: Map<number, unknown[]>;
  dropped: number[];
}

/**
 * The log cleared: no kept entry, every entry so far counted as folded with the newest one's hash, so
 * the entry that records the clearing follows it in the chain and the next number. `replaced` is the
 * checkpoint of the log it replaces.
 */
export function clearedLog(head: ActivityHead): { replaced: ActivityCheckpoint; rewrite: LogRewrite } {
  const replaced = { count: head.nextSeq - 1, hash: head.lastHash };
  const cleared: ActivityHead = {
    ...head,
    firstPage: head.nextPage,
    count: 0,
    folded: { count: replaced.count, lastHash: replaced.hash },
  };
  return {
    replaced,
    rewrite: { state: { head: cleared, pages: new Map() }, pages: new Map(), dropped: headPages(head) },
  };
}

/**
 * The pages that name the workspace, each entry that does replaced by what is kept of it (its number
 * and hashes: activity-rows.ts `ActivityStub`), and how many were.
 */
export async function withoutWorkspace(
  pages: readonly [number, unknown[]][],
  workspaceId: string,
): Promise<{ pages: Map<number, unknown[]>; removed: number }> {
  const rewritten = new Map<number, unknown[]>();
  let removed = 0;
  for (const [page, entries] of pages) {
    if (!entries.some((raw) => workspaceIdOf(raw) === workspaceId)) continue;
    const next = await Promise.all(
      entries.map(async (raw) =>
        workspaceIdOf(raw) === workspaceId ? ((await stubOf(raw, workspaceId)) ?? raw) : raw,
      ),
    );
    removed += next.filter((value, index) => value !== entries[index]).length;
    rewritten.set(page, next);
  }
  return { pages: rewritten, removed };
}
