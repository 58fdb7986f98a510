import { projectHistoryItemFor } from './project-history-item';
import { readValidated, writeValidated } from '../validated-item';
import type { KeyScope } from '../workspace-keys';
import { appendToHistory, projectHistorySchema, type HistoryEntry, type ProjectHistory } from './history-schema';
import { createSerialQueue } from '../../async/serial-queue';
import { createWatchedCache } from '../watched-cache';
import { projectHistoryName, readStoredHistory, type StoredHistory } from './history-source';

/** A workspace's stored history; data of the wrong shape is kept aside under a `corrupt:` key, then reset. */
export function readHistory(scope: KeyScope): Promise<ProjectHistory> {
  return readValidated(projectHistoryItemFor(scope), projectHistorySchema, 'storedProjectHistory', {
    keepCorruptCopy: true,
  });
}

export interface HistoryRecorder {
  /**
   * Appends a created project. Never throws: the project exists whatever happens to the history. With
   * `turn`, the append takes its place in the queue at once (a read queued after it waits for it) but
   * starts only once `turn` resolves (lib/async/after-answer.ts: after the answer has left).
   */
  record(entry: HistoryEntry, turn?: Promise<void>): Promise<void>;
  /**
   * The history as the popup shows it, after every append queued before: kept in memory until the
   * stored value changes, so that a popup's opening costs no storage read. Data of the wrong shape reads
   * as empty and `unreadable` (nothing is written: the next append sets it aside).
   */
  read(): Promise<StoredHistory>;
}

/**
 * The one way to add to a workspace's history (used by the background's createProject). Appends run one after
 * another, each on the latest stored value, so two projects created at once are both kept; each is
 * persisted before it resolves, so the next popup already warns about the page.
 */
export function createHistoryRecorder(scope: KeyScope, limit?: number): HistoryRecorder {
  const item = projectHistoryItemFor(scope);
  const serially = createSerialQueue();
  const name = projectHistoryName(scope);
  const shown = createWatchedCache(() => readStoredHistory(scope), {
    affectedBy: (key, area) => area === 'local' && key === name,
    keep: (history) => !history.unreadable,
  });
  return {
    read: () => serially(() => shown.get()),
    record(entry, turn) {
      const run = serially(async () => {
        if (turn) await turn;
        const next = appendToHistory(await readHistory(scope), entry, limit);
        try {
          await writeValidated(item, projectHistorySchema, next);
        } finally {
          // Its storage event may come after the next read: that read must see the new entry.
          shown.forget();
        }
      });
      return run.catch((error: unknown) => {
        // Only the kind of error: its message could quote the data.
        console.error(
          `Review Companion: the project history could not be saved (${error instanceof Error ? error.name : 'unknown'}).`,
        );
      });
    },
  };
}
