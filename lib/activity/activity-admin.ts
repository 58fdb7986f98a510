import { ok, type Result } from '../result';
import type { ActivityCheckpoint } from '../storage/activity/activity-schema';
import type { ActivityStore } from '../storage/activity/activity-store';
import type { ActivityEvent, ActivityRecorder } from './activity-recorder';

/** What clearing the log did: the entries it removed and the checkpoint of the log it replaced. */
export interface ActivityCleared {
  removed: number;
  replaced: ActivityCheckpoint;
}

/**
 * The log's two rewrites, each recorded by its own entry in the same storage call: clearing it, and
 * removing a workspace's entries with the workspace. Made once, in the background, from the one store.
 */
export function createActivityAdmin(
  store: Pick<ActivityStore, 'clear' | 'removeWorkspace'>,
  recorder: ActivityRecorder,
  now = () => new Date(),
) {
  return {
    /** Clears the log; its first entry then says so, with the count and head it replaced. */
    async clear(): Promise<Result<ActivityCleared>> {
      const at = now().toISOString();
      return ok(
        await store.clear((replaced, removed) => ({
          kind: 'activityCleared',
          outcome: 'done',
          at,
          replaced,
          count: removed,
        })),
      );
    },

    /**
     * Removes the workspace's entries and records `eventFor(removed)` (its deletion or clearing) in the
     * same write. Never throws, like `record`: when the removal cannot be written, the event is
     * recorded on its own (`eventFor()`, no count) and the entries stay.
     */
    async removeWorkspace(workspaceId: string, eventFor: (removed?: number) => ActivityEvent): Promise<void> {
      try {
        await store.removeWorkspace(workspaceId, (removed) => ({ ...eventFor(removed), at: now().toISOString() }));
      } catch (error) {
        console.error(
          `Review Companion: a workspace's activity entries could not be removed (${error instanceof Error ? error.name : 'unknown'}).`,
        );
        await recorder.record(eventFor());
      }
    },
  };
}

export type ActivityAdmin = ReturnType<typeof createActivityAdmin>;
