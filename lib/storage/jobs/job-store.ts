import type { StoredItem } from '../storage-api';
import type { z } from 'zod/mini';
import { createSerializedStore, type Alongside } from '../serialized-store';
import { readValidated, type StoredLabel } from '../validated-item';
import { isActive, type JobProgress, type JobRows, type QueuedJobRow } from './job-progress-schema';
import { createSerialQueue, type SerialQueue } from '../../async/serial-queue';
import type { StagedWrite } from '../staged-write';

export type JobChange<J, T> = (job: J | null) => { job: J | null; result: T };

/** The stored items of one kind of job in one workspace, and how to read them. */
export interface JobStoreItems<J extends JobProgress, R extends QueuedJobRow> {
  job: StoredItem<J | null>;
  rows: StoredItem<JobRows<R> | null>;
  jobSchema: z.ZodMiniType<J | null>;
  rowsSchema: z.ZodMiniType<JobRows<R> | null>;
  /** How a notice names each item when it was unreadable. */
  labels: { job: StoredLabel; rows: StoredLabel };
  /** Written with a new job (WXT's version meta of the job item). */
  versionEntry: Alongside[number];
  /** Runs once, before the first read (a migration of an earlier format). */
  before?: () => Promise<void>;
}

/**
 * A workspace's stored job of one kind: its progress, changed one change at a time (each on the
 * latest value, each persisted before it resolves), and its rows, written once at the start together
 * with the progress. Everything runs in one queue, after `before`.
 */
export function createJobStore<J extends JobProgress, R extends QueuedJobRow>(items: JobStoreItems<J, R>) {
  const store = createSerializedStore(items.job, items.jobSchema, items.labels.job);
  let queue: SerialQueue | undefined;

  function serially<T>(task: () => Promise<T>): Promise<T> {
    queue ??= createSerialQueue(
      (items.before?.() ?? Promise.resolve()).catch((error: unknown) => {
        console.error(
          `Review Companion: a stored job could not be migrated (${error instanceof Error ? error.name : 'unknown'}).`,
        );
      }),
    );
    return queue(task);
  }

  return {
    read: (): Promise<J | null> => serially(store.read),
    update<T>(change: JobChange<J, T>): Promise<T> {
      return serially(() =>
        store.update((current) => {
          const { job, result } = change(current);
          return { value: job, result };
        }),
      );
    },

    /**
     * A change prepared and held until it is stored with other stores' changes in one storage call
     * (staged-write.ts): a row's outcome with what the row changed.
     */
    stage<T>(change: JobChange<J, T>): Promise<StagedWrite<T>> {
      return serially(() =>
        store.stage((current) => {
          const { job, result } = change(current);
          return { value: job, result };
        }),
      );
    },

    /** Stores a new job and its rows, unless a job is under way. */
    start(job: J, rows: JobRows<R>): Promise<boolean> {
      return serially(() =>
        store.update((current) =>
          isActive(current)
            ? { value: current, result: false }
            : // One storage call: the rows never exist without their job, nor the job without its rows.
              {
                value: job,
                result: true,
                alongside: [{ key: items.rows.key, value: items.rowsSchema.parse(rows) }, items.versionEntry],
              },
        ),
      );
    },

    /** The rows of the latest job; null when missing or unreadable (that is reported and reset). */
    readRows: (): Promise<JobRows<R> | null> => readValidated(items.rows, items.rowsSchema, items.labels.rows),
  };
}

export type JobStore<J extends JobProgress, R extends QueuedJobRow> = ReturnType<typeof createJobStore<J, R>>;
