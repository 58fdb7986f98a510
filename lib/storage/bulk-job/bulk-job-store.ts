import { migrateStoredBulkJob } from './bulk-job-migration';
import { bulkCreateJobItemFor, bulkCreateJobVersionEntry } from './bulk-job-item';
import { bulkCreateRowsItemFor } from './bulk-rows-item';
import type { KeyScope } from '../workspace-keys';
import { storedBulkJobRowsSchema, storedBulkJobSchema, type BulkJob, type QueuedRow } from './bulk-job-schema';
import { createJobStore, type JobChange, type JobStore } from '../jobs/job-store';

export type BulkJobChange<T> = JobChange<BulkJob, T>;

/**
 * A workspace's stored user-group job (bulk create, or a selection's rotate or delete): the job store
 * every kind of job shares (jobs/job-store.ts), after the migration of an earlier job's format.
 */
export function createBulkJobStore(scope: KeyScope) {
  return createJobStore<BulkJob, QueuedRow>({
    job: bulkCreateJobItemFor(scope),
    rows: bulkCreateRowsItemFor(scope),
    jobSchema: storedBulkJobSchema,
    rowsSchema: storedBulkJobRowsSchema,
    labels: { job: 'storedBulkCreateJob', rows: 'storedBulkCreateRows' },
    versionEntry: bulkCreateJobVersionEntry(scope),
    before: () => migrateStoredBulkJob(scope),
  });
}

export type BulkJobStore = JobStore<BulkJob, QueuedRow>;
