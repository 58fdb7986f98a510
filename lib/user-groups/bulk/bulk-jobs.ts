import { fail, ok } from '../../result';
import { isLockedNow } from '../../storage/credentials/keyring';
import { lockedError } from '../../storage/lock/lock-keys';
import type { BulkRow } from '../../storage/bulk-job/bulk-row-schema';
import type { RegistryWriter } from '../../storage/registry/registry-writer';
import type { KeyScope } from '../../storage/workspace-keys';
import { planBulkCreate } from './bulk-job';
import { DEFAULT_RATE_PER_MINUTE } from '../../jobs/job-pacing';
import type { BulkRunner } from './bulk-runner';
import { selectionRows, type SelectedGroupRef } from './bulk-selection';
import { bulkGrowth } from '../registry-views/registry-capacity';
import { outgrowsBudget } from '../registry-views/storage-budget';

export interface BulkJobsDeps {
  runner: BulkRunner;
  registry: RegistryWriter;
  scope: KeyScope;
}

/** Starting, cancelling and resuming a workspace's background job (one at a time, bulk-runner.ts). */
export function createBulkJobs({ runner, registry, scope }: BulkJobsDeps) {
  return {
    /** A job that would take the workspace past its storage budget is refused before it starts. */
    async startBulkCreate(rows: readonly BulkRow[], ratePerMinute: number | null) {
      const current = await registry.settled();
      const growth = bulkGrowth(planBulkCreate(rows, current).toCreate, new Date().toISOString());
      const problem = await outgrowsBudget(scope, current, growth);
      return problem ? fail('INVALID_INPUT', problem) : runner.start(rows, ratePerMinute);
    },

    /**
     * Rotates or deletes the selected groups; without a rate, the default one (below the service's limit).
     * Refused (LOCKED) while the passphrase lock is closed: the page offers to unlock first, rather than
     * start a job that could only wait (every row needs the API token and the group's sealed token).
     */
    async startSelection(operation: 'rotate' | 'delete', groups: readonly SelectedGroupRef[], ratePerMinute?: number) {
      if (await isLockedNow()) return lockedError();
      const started = await runner.startSelection(
        operation,
        selectionRows(groups),
        ratePerMinute ?? DEFAULT_RATE_PER_MINUTE,
      );
      return started.ok ? ok({ total: started.value.total }) : started;
    },

    cancel: () => runner.cancel(),
    resume: () => runner.resume(),
  };
}

export type BulkJobs = ReturnType<typeof createBulkJobs>;
