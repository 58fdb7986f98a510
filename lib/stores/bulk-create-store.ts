import { watchItem } from '../storage/watch-item';
import { create } from 'zustand';
import { bulkCreateJobItemFor } from '../storage/bulk-job/bulk-job-item';
import { bulkCreateRowsItemFor } from '../storage/bulk-job/bulk-rows-item';
import {
  storedBulkJobRowsSchema,
  storedBulkJobSchema,
  type BulkJob,
  type QueuedRow,
} from '../storage/bulk-job/bulk-job-schema';
import { workspaceScope } from '../storage/workspace-keys';

interface BulkCreateState {
  job: BulkJob | null;
  loaded: boolean;
}

export const useBulkCreateStore = create<BulkCreateState>(() => ({ job: null, loaded: false }));

/**
 * Mirrors a workspace's bulk create job for the options page. The background writes it after every
 * row, so a page opened (or reopened, or in another tab) at any time shows where the job is. Another
 * workspace's job runs on meanwhile; it is shown when its workspace is.
 */
export function startBulkCreateStore(workspaceId: string): () => void {
  const item = bulkCreateJobItemFor(workspaceScope(workspaceId));
  let stopped = false;
  useBulkCreateStore.setState({ job: null, loaded: false });
  const show = (value: unknown) => {
    if (stopped) return;
    const parsed = storedBulkJobSchema.safeParse(value);
    // Unreadable data is the background's to reset (it reports it); the page shows no job meanwhile.
    useBulkCreateStore.setState({ job: parsed.success ? parsed.data : null, loaded: true });
  };
  void item.getValue().then(show);
  const stop = watchItem(item, show);
  return () => {
    stopped = true;
    stop();
  };
}

/** The rows of a workspace's job `jobId` as stored (undefined when they are another job's, or unreadable). */
export async function readBulkJobRows(workspaceId: string, jobId: string): Promise<QueuedRow[] | undefined> {
  const stored = storedBulkJobRowsSchema.safeParse(await bulkCreateRowsItemFor(workspaceScope(workspaceId)).getValue());
  return stored.success && stored.data?.jobId === jobId ? stored.data.rows : undefined;
}
