import type { KeyScope } from '../workspace-keys';
import { createJobStore, type JobStore } from '../jobs/job-store';
import { registerJobItemFor, registerJobVersionEntry, registerRowsItemFor } from './register-job-items';
import {
  storedRegisterJobRowsSchema,
  storedRegisterJobSchema,
  type QueuedPage,
  type RegisterJob,
} from './register-job-schema';

/** A workspace's stored register-pages job, on the job store every kind of job shares. */
export function createRegisterJobStore(scope: KeyScope): RegisterJobStore {
  return createJobStore<RegisterJob, QueuedPage>({
    job: registerJobItemFor(scope),
    rows: registerRowsItemFor(scope),
    jobSchema: storedRegisterJobSchema,
    rowsSchema: storedRegisterJobRowsSchema,
    labels: { job: 'storedRegisterJob', rows: 'storedRegisterRows' },
    versionEntry: registerJobVersionEntry(scope),
  });
}

export type RegisterJobStore = JobStore<RegisterJob, QueuedPage>;
