import { bulkCreateJobItem } from '../storage/bulk-create-job-item';
import { readValidated, writeValidated } from '../storage/validated-item';
import { storedBulkJobSchema, type BulkJob } from './bulk-job-schema';

export type BulkJobChange<T> = (job: BulkJob | null) => { job: BulkJob | null; result: T };

function read(): Promise<BulkJob | null> {
  return readValidated(bulkCreateJobItem, storedBulkJobSchema, 'bulk create job');
}

/** Like the registry writer: job changes run one after another, each on the latest stored value. */
export function createBulkJobStore() {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    read,
    update<T>(change: BulkJobChange<T>): Promise<T> {
      const run = tail.then(async () => {
        const current = await read();
        const { job, result } = change(current);
        if (job !== current) await writeValidated(bulkCreateJobItem, storedBulkJobSchema, job);
        return result;
      });
      tail = run.catch(() => undefined);
      return run;
    },
  };
}

export type BulkJobStore = ReturnType<typeof createBulkJobStore>;
