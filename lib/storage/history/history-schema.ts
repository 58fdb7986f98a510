import { z } from 'zod/mini';

/** One project created from this browser, as the background recorded it after the service said yes. */
export const historyEntrySchema = z.object({
  projectId: z.string().check(z.minLength(1)),
  projectUrl: z.string(),
  projectName: z.string(),
  /** ISO 8601, UTC. */
  createdAt: z.string(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/** Oldest first; a new project is appended. */
export const projectHistorySchema = z.array(historyEntrySchema);
export type ProjectHistory = z.infer<typeof projectHistorySchema>;

/**
 * How many projects are kept: the newest 5,000. At a few hundred bytes each that is one or two MB,
 * well inside `storage.local`'s 10 MB without the `unlimitedStorage` permission, and the popup's
 * duplicate check over all of them stays instant.
 */
export const HISTORY_LIMIT = 5000;

/** The history with `entry` added, the oldest dropped beyond `limit`. */
export function appendToHistory(history: ProjectHistory, entry: HistoryEntry, limit = HISTORY_LIMIT): ProjectHistory {
  const next = [...history, entry];
  return next.length > limit ? next.slice(next.length - limit) : next;
}
