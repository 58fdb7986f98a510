import { walkChain, type ActivityVerification, type StoredChain } from '../storage/activity/activity-chain';
import { ACTIVITY_LIMIT } from '../storage/activity/activity-schema';
import { readStoredChain } from '../storage/activity/activity-source';
import { readActivityExport, type ExportedLog, type ExportRead } from './export-file';

/**
 * What holding the log to an export found. Proven: every entry the export holds is in the log with the
 * same hash (`compared`, up to entry `last`; `removedWithWorkspace` of them kept only as their hashes),
 * or was folded by age (`foldedByAge`), and the chain goes on unbroken to entry `newest`. Otherwise the
 * first entry of the export dropped or changed, the clearing that removed its entries, the stored
 * chain's first break, or what is wrong with the file.
 */
export type ExportVerification =
  | { ok: true; compared: number; last: number; newest: number; foldedByAge: number; removedWithWorkspace: number }
  | { ok: false; reason: 'dropped' | 'changed'; seq: number }
  | { ok: false; reason: 'cleared'; seq: number; at: string }
  | { ok: false; reason: 'allFolded'; count: number }
  | { ok: false; reason: 'chain'; broken: Extract<ActivityVerification, { ok: false }> }
  | { ok: false; reason: 'file'; read: Extract<ExportRead, { ok: false }> };

/**
 * Holds the stored log to an export, the way a transparency log is checked against a head saved
 * elsewhere: each entry the export holds must still be there under its number with the same hash.
 * One that is not was dropped, unless the log had to fold it (its number is more than `limit` behind
 * the newest kept entry) or a clearing removed it (the first kept entry records it, right after the
 * folded count). Someone who drops the oldest entries and rewrites the index's folded count and hash
 * passes the chain alone, but not this: the log has not grown enough to fold them.
 */
export function compareWithExport(log: ExportedLog, chain: StoredChain, limit = ACTIVITY_LIMIT): ExportVerification {
  const walked = walkChain(chain);
  if (!chain.head)
    return { ok: false, reason: 'chain', broken: walked as Extract<ActivityVerification, { ok: false }> };
  const stored = new Map<number, { hash: string; removed: boolean }>();
  chain.rows.forEach((row, index) => {
    const link = row.entry ?? row.stub;
    if (link) stored.set(link.seq, { hash: chain.hashes[index]!, removed: row.stub !== undefined });
  });
  const folded = chain.head.folded.count;
  const first = chain.rows[0]?.entry;
  const clearing = first?.kind === 'activityCleared' && first.seq === folded + 1 ? first : undefined;
  const lastKept = Math.max(folded, ...stored.keys());
  let compared = 0;
  let foldedByAge = 0;
  let removedWithWorkspace = 0;
  for (const link of log.links) {
    const found = stored.get(link.seq);
    if (found) {
      if (found.hash !== link.hash) return { ok: false, reason: 'changed', seq: link.seq };
      compared += 1;
      if (found.removed) removedWithWorkspace += 1;
    } else if (link.seq <= folded && clearing && link.seq < clearing.seq)
      return { ok: false, reason: 'cleared', seq: clearing.seq, at: clearing.at };
    else if (link.seq <= folded && link.seq <= lastKept - limit) foldedByAge += 1;
    else return { ok: false, reason: 'dropped', seq: link.seq };
  }
  if (!walked.ok) return { ok: false, reason: 'chain', broken: walked };
  if (compared === 0) return { ok: false, reason: 'allFolded', count: foldedByAge };
  return { ok: true, compared, last: log.checkpoint.count, newest: lastKept, foldedByAge, removedWithWorkspace };
}

/** Reads the export (JSON or CSV) and the stored log, and holds the one to the other. */
export async function verifyAgainstExport(text: string, limit = ACTIVITY_LIMIT): Promise<ExportVerification> {
  const read = await readActivityExport(text);
  if (!read.ok) return { ok: false, reason: 'file', read };
  return compareWithExport(read.log, await readStoredChain(), limit);
}
