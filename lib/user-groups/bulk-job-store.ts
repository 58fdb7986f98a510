import { bulkCreateJobItem } from '../storage/bulk-create-job-item';
import { createSerializedStore } from '../storage/serialized-store';
import { storedBulkJobSchema, type BulkJob } from './bulk-job-schema';

export type BulkJobChange<T> = (job: BulkJob | null) => { job: BulkJob | null; result: T };

/** Like the registry writer: job changes run one after another, each on the latest value. */
export function createBulkJobStore() {
  const store = createSerializedStore(bulkCreateJobItem, storedBulkJobSchema, 'bulk create job');
  return {
    read: store.read,
    update<T>(change: BulkJobChange<T>): Promise<T> {
      return store.update((current) => {
        const { job, result } = change(current);
        return { value: job, result };
      });
    },
  };
}

export type BulkJobStore = ReturnType<typeof createBulkJobStore>;
