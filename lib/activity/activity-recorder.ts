import { tokenFingerprint } from '../hash/sha256';
import type { MessageRef } from '../message-ref';
import { ok, type Result } from '../result';
import type { ActivityOutcome, ActivityRecord } from '../storage/activity/activity-schema';
import type { ActivityStore } from '../storage/activity/activity-store';
import type { StagedWrite } from '../storage/staged-write';

/** What a service records: the entry without its time (the recorder's clock gives it). */
export type ActivityEvent = Omit<ActivityRecord, 'at'>;

/**
 * The activity log as the domain services see it: passed in (never a global), so that tests give a
 * fake and the background the one store. `record` never throws and never fails the operation it
 * records: a change that happened has happened, whatever becomes of its entry.
 */
export interface ActivityRecorder {
  record(event: ActivityEvent): Promise<void>;
  /**
   * The entry prepared and held until the caller writes it with its own change in one storage call
   * (lib/storage/staged-write.ts), so that the change and its entry are stored together or not at
   * all. Absent: the caller records it on its own. Rejects when the entry cannot be prepared.
   */
  stage?: (event: ActivityEvent) => Promise<StagedWrite>;
  /**
   * Records `eventFor(removed)` (a workspace deleted or cleared) and, in the same write, removes every
   * earlier entry naming that workspace, keeping its number and hashes (lib/storage/activity/activity-rows.ts).
   * Never throws, like `record`. Absent: the log cannot remove entries (record the event instead).
   */
  removeWorkspace?: (workspaceId: string, eventFor: (removed: number) => ActivityEvent) => Promise<void>;
}

/** Records nothing: for services built without a log (unit tests of other things). */
export const NO_ACTIVITY: ActivityRecorder = { record: () => Promise.resolve() };

/** Only the kind of error: its message could quote the entry. */
const notSaved = (error: unknown) =>
  console.error(
    `Review Companion: an activity entry could not be saved (${error instanceof Error ? error.name : 'unknown'}).`,
  );

export function createActivityRecorder(
  store: Pick<ActivityStore, 'append'> & Partial<Pick<ActivityStore, 'stage' | 'removeWorkspace'>>,
  now = () => new Date(),
): ActivityRecorder {
  const { stage, removeWorkspace } = store;
  const timed = (event: ActivityEvent) => ({ ...event, at: now().toISOString() });
  return {
    ...(stage && { stage: (event: ActivityEvent) => stage(timed(event)) }),
    ...(removeWorkspace && {
      removeWorkspace: (workspaceId: string, eventFor: (removed: number) => ActivityEvent) =>
        removeWorkspace(workspaceId, (removed) => timed(eventFor(removed))).then(() => undefined, notSaved),
    }),
    record: (event) => store.append(timed(event)).catch(notSaved),
  };
}

/** Clear activity log: the log's first entry then records the checkpoint of the log it replaced. */
export async function clearActivityLog(store: Pick<ActivityStore, 'clear'>, now = () => new Date()) {
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
}

/** The workspace an entry names: its id and its name at the time. */
export interface ActivityWorkspace {
  id: string;
  name: string;
}

/** A recorder that names one workspace in every entry (its name looked up when the entry is made). */
export function workspaceRecorder(
  recorder: ActivityRecorder,
  workspace: () => Promise<ActivityWorkspace | undefined>,
): ActivityRecorder {
  const named = async (event: ActivityEvent): Promise<ActivityEvent> => {
    const found = await workspace().catch(() => undefined);
    return found ? { ...event, workspace: { id: found.id, name: found.name } } : event;
  };
  const { stage } = recorder;
  return {
    async record(event) {
      await recorder.record(await named(event));
    },
    ...(stage && { stage: async (event: ActivityEvent) => stage(await named(event)) }),
  };
}

/** Done, failed, or unknown when the request may have taken effect (its answer was lost). */
export function outcomeOf(result: Result<unknown>): ActivityOutcome {
  if (result.ok) return 'done';
  return result.error.maybeProcessed ? 'unknown' : 'failed';
}

/**
 * A failure's text for an entry. Words of the service in it were cleared of every secret of their
 * request by the one redaction rule (lib/api/redact-secrets.ts) before the operation answered.
 */
export function failureDetail(result: Result<unknown>): { detail?: MessageRef } {
  return result.ok ? {} : { detail: result.error.message };
}

/** The fingerprint field of an entry: none for no token. */
export async function fingerprintOf(token: string | undefined): Promise<{ fingerprint?: string }> {
  const fingerprint = token ? await tokenFingerprint(token) : '';
  return fingerprint ? { fingerprint } : {};
}
