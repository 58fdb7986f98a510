import { projectHistoryItemFor } from './project-history-item';
import { readValidated, writeValidated } from '../validated-item';
import type { KeyScope } from '../workspace-keys';
import { appendToHistory, projectHistorySchema, type HistoryEntry, type ProjectHistory } from './history-schema';
import { createSerialQueue } from '../../async/serial-queue';

/** A workspace's stored history; data of the wrong shape is kept aside under a `corrupt:` key, then reset. */
export function readHistory(scope: KeyScope): Promise<ProjectHistory> {
  return readValidated(projectHistoryItemFor(scope), projectHistorySchema, 'storedProjectHistory', {
    keepCorruptCopy: true,
  });
}

export interface HistoryRecorder {
  /** Appends a created project. Never throws: the project exists whatever happens to the history. */
  record(entry: HistoryEntry): Promise<void>;
}

/**
 * The one way to add to a workspace's history (used by the background's createProject). Appends run one after
 * another, each on the latest stored value, so two projects created at once are both kept; each is
 * persisted before it resolves, so the next popup already warns about the page.
 */
export function createHistoryRecorder(scope: KeyScope, limit?: number): HistoryRecorder {
  const item = projectHistoryItemFor(scope);
  const serially = createSerialQueue();
  return {
    record(entry) {
      const run = serially(async () => {
        const next = appendToHistory(await readHistory(scope), entry, limit);
        await writeValidated(item, projectHistorySchema, next);
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
