import { storage } from '../storage-api';
import { watchKeys } from '../watch-item';
import { scopedKey, workspaceScope } from '../workspace-keys';
import { JOB_ITEMS, jobOfKey, type JobItem } from './job-keys';
import { jobProgressSchema, type JobProgress } from './job-progress-schema';

// Every workspace's jobs as the background sees them from outside their runners: what a start or an
// unlock carries on, and what the toolbar badge and the job-end notifications follow.

/** A stored job: whose, which, and its progress (checked: unreadable progress reads as none). */
export interface StoredJob {
  workspaceId: string;
  item: JobItem;
  job: JobProgress;
}

const progressOf = (value: unknown): JobProgress | null => {
  const parsed = jobProgressSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
};

/** The jobs of these workspaces (both kinds) that `wanted` picks, in one storage call. */
export async function readStoredJobs(
  workspaceIds: readonly string[],
  wanted: (job: JobProgress) => boolean,
): Promise<StoredJob[]> {
  const jobs = workspaceIds.flatMap((workspaceId) => JOB_ITEMS.map((item) => ({ workspaceId, item })));
  if (jobs.length === 0) return [];
  const stored = await storage.getItems(
    jobs.map(({ workspaceId, item }) => scopedKey(workspaceScope(workspaceId), item)),
  );
  return jobs.flatMap((found, at) => {
    const job = progressOf(stored[at]!.value);
    return job && wanted(job) ? [{ ...found, job }] : [];
  });
}

/** One write of a job: whose and which (and its storage name), its progress before and after, and the value written. */
export interface JobWrite {
  key: string;
  workspaceId: string;
  item: JobItem;
  /** Checked; null when there was none, it was removed, or it is unreadable. */
  before: JobProgress | null;
  after: JobProgress | null;
  /** The stored value after the write, as it is (each kind of job reads its own fields from it). */
  stored: unknown;
}

/** Calls back with the jobs a write changed, of any workspace; returns the unsubscribe. */
export function watchJobWrites(callback: (writes: JobWrite[]) => void): () => void {
  return watchKeys(
    (key, area) => area === 'local' && jobOfKey(key) !== undefined,
    (changes) =>
      callback(
        Object.entries(changes).map(([key, change]) => ({
          key,
          ...jobOfKey(key)!,
          before: progressOf(change.oldValue),
          after: progressOf(change.newValue),
          stored: change.newValue,
        })),
      ),
  );
}
