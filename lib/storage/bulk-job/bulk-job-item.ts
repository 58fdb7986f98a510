import { storage } from '../storage-api';
import type { BulkJob } from './bulk-job-schema';
import { scopedKey, type KeyScope } from '../workspace-keys';
import { perScope } from '../per-scope';

/** 3: the job names its `operation` (create, rotate, delete); version 2 jobs were all creates. */
export const BULK_JOB_VERSION = 3;

/**
 * A workspace's bulk create job's progress: counts, where it is in its rows
 * (bulk-create-rows-item.ts), rate and status. Written only by the background, after every row; the
 * worker may be stopped at any time, so this is what it carries on from.
 *
 * No WXT `migrations`: the step to version 2 also writes the rows item, which a WXT migration (this
 * item's value in, its new value out) cannot do; and WXT runs migrations in every page that defines
 * the item, where a late one could overwrite the background's progress. The job store runs the step
 * instead, before its first read (bulk-create-job-migration.ts), and keeps WXT's version meta itself.
 */
export const bulkCreateJobItemFor = perScope((scope: KeyScope) =>
  storage.defineItem<BulkJob | null>(scopedKey(scope, 'bulkCreateJob'), { fallback: null, version: BULK_JOB_VERSION }),
);

/** WXT's meta entry for this item's version, written in the same storage call as a whole new job. */
export const bulkCreateJobVersionEntry = (scope: KeyScope) =>
  ({ key: `${scopedKey(scope, 'bulkCreateJob')}$`, value: { v: BULK_JOB_VERSION } }) as const;
