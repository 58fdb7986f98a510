import { create } from 'zustand';
import { bulkCreateJobItem } from '../storage/bulk-create-job-item';
import { storedBulkJobSchema, type BulkJob } from '../user-groups/bulk-job-schema';

interface BulkCreateState {
  job: BulkJob | null;
  loaded: boolean;
}

export const useBulkCreateStore = create<BulkCreateState>(() => ({ job: null, loaded: false }));

function show(value: unknown) {
  const parsed = storedBulkJobSchema.safeParse(value);
  // Unreadable data is the background's to reset (it reports it); the page shows no job meanwhile.
  useBulkCreateStore.setState({ job: parsed.success ? parsed.data : null, loaded: true });
}

/**
 * Mirrors the bulk create job for the options page. The background writes it after every row, so a
 * page opened (or reopened, or in another tab) at any time shows where the job is.
 */
export function startBulkCreateStore(): () => void {
  void bulkCreateJobItem.getValue().then(show);
  return bulkCreateJobItem.watch(show);
}
