import { migrateStoredBulkJob } from './bulk-job-migration';
import { bulkCreateJobItemFor, bulkCreateJobVersionEntry } from './bulk-job-item';
import { bulkCreateRowsItemFor } from './bulk-rows-item';
import { createSerializedStore } from '../serialized-store';
import { readValidated } from '../validated-item';
import type { KeyScope } from '../workspace-keys';
import {
  bulkJobRowsSchema,
  storedBulkJobRowsSchema,
  storedBulkJobSchema,
  type BulkJob,
  type BulkJobRows,
  isActive,
} from './bulk-job-schema';
import { createSerialQueue, type SerialQueue } from '../../async/serial-queue';

export type BulkJobChange<T> = (job: BulkJob | null) => { job: BulkJob | null; result: T };

/**
 * A workspace's stored bulk job: its progress, changed one change at a time like the registry (each on the
 * latest value, each persisted before it resolves), and its rows, written once at the start.
 * Everything runs in one queue, after the migration of a version 1 job.
 */
export function createBulkJobStore(scope: KeyScope) {
  const rowsItem = bulkCreateRowsItemFor(scope);
  const store = createSerializedStore(bulkCreateJobItemFor(scope), storedBulkJobSchema, 'storedBulkCreateJob');
  let queue: SerialQueue | undefined;

  /** The store's one queue, which starts with the migration of an earlier job's format (on first use). */
  function serially<T>(task: () => Promise<T>): Promise<T> {
    queue ??= createSerialQueue(
      migrateStoredBulkJob(scope).catch((error: unknown) => {
        console.error(
          `Review Companion: the stored bulk create job could not be migrated (${error instanceof Error ? error.name : 'unknown'}).`,
        );
      }),
    );
    return queue(task);
  }

  return {
    read: () => serially(store.read),
    update<T>(change: BulkJobChange<T>): Promise<T> {
      return serially(() =>
        store.update((current) => {
          const { job, result } = change(current);
          return { value: job, result };
        }),
      );
    },

    /** Stores a new job and its rows, unless a job is under way. */
    start(job: BulkJob, rows: BulkJobRows): Promise<boolean> {
      return serially(() =>
        store.update((current) =>
          isActive(current)
            ? { value: current, result: false }
            : // One storage call: the rows never exist without their job, nor the job without its rows.
              {
                value: job,
                result: true,
                alongside: [
                  { key: rowsItem.key, value: bulkJobRowsSchema.parse(rows) },
                  bulkCreateJobVersionEntry(scope),
                ],
              },
        ),
      );
    },

    /** The rows of the latest job; null when missing or unreadable (that is reported and reset). */
    readRows: (): Promise<BulkJobRows | null> =>
      readValidated(rowsItem, storedBulkJobRowsSchema, 'storedBulkCreateRows'),
  };
}

export type BulkJobStore = ReturnType<typeof createBulkJobStore>;
