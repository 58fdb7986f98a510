import { storage } from '../storage-api';
import { scopedKey, type KeyScope } from '../workspace-keys';
import { perScope } from '../per-scope';
import type { RegisterJob, RegisterJobRows } from './register-job-schema';

/** 1: the first format. A change of shape raises it, with a step and a fixture (like bulk-job-migration.ts). */
export const REGISTER_JOB_VERSION = 1;

/** A workspace's register-pages job: written only by the background, after every page (register-job-schema.ts). */
export const registerJobItemFor = perScope((scope: KeyScope) =>
  storage.defineItem<RegisterJob | null>(scopedKey(scope, 'registerPagesJob'), {
    fallback: null,
    version: REGISTER_JOB_VERSION,
  }),
);

/** WXT's meta entry for the job's version, written in the same storage call as a whole new job. */
export const registerJobVersionEntry = (scope: KeyScope) =>
  ({ key: `${scopedKey(scope, 'registerPagesJob')}$`, value: { v: REGISTER_JOB_VERSION } }) as const;

/** The pages of the latest job, written once with it; kept after it ends until the next start replaces them. */
export const registerRowsItemFor = perScope((scope: KeyScope) =>
  storage.defineItem<RegisterJobRows | null>(scopedKey(scope, 'registerPagesRows'), { fallback: null, version: 1 }),
);
