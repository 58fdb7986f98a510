import { storage } from '../storage-api';
import type { BulkJobRows } from './bulk-job-schema';
import { scopedKey, type KeyScope } from '../workspace-keys';
import { perScope } from '../per-scope';

/**
 * The rows of a workspace's latest bulk create job, written once when it starts (with its progress, in
 * one storage call) and only read after that: the per-row writes stay small whatever the job's size.
 * Kept when the job ends, until the next start replaces it: a request still under way at a cancel,
 * or cut off by a stopped worker, is recorded with its row afterwards; and at most one job's rows
 * (MAX_BULK_ROWS) are ever kept per workspace.
 */
export const bulkCreateRowsItemFor = perScope((scope: KeyScope) =>
  storage.defineItem<BulkJobRows | null>(scopedKey(scope, 'bulkCreateRows'), { fallback: null, version: 1 }),
);
