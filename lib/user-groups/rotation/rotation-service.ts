import { failureDetail, NO_ACTIVITY, outcomeOf, type ActivityRecorder } from '../../activity/activity-recorder';
import { createSerialQueue } from '../../async/serial-queue';
import { countedText, text } from '../../message-ref';
import { fail, ok, type Result } from '../../result';
import type { BulkJobStore } from '../../storage/bulk-job/bulk-job-store';
import { withSecretsOpen } from '../../storage/credentials/credentials-lane';
import { lockedError } from '../../storage/lock/lock-keys';
import type { PolicyStatus } from '../../storage/policy-status';
import type { RegistryWriter } from '../../storage/registry/registry-writer';
import type { RotationResult } from '../../storage/rotation/rotation-results-schema';
import {
  readTokenRotation,
  tokenRotationItemFor,
  tokenRotationSchema,
  type RotationPeriod,
} from '../../storage/rotation/token-rotation';
import type { KeyScope } from '../../storage/workspace-keys';
import { DEFAULT_RATE_PER_MINUTE } from '../../jobs/job-pacing';
import type { BulkRunner } from '../bulk/bulk-runner';
import { selectionRows } from '../bulk/bulk-selection';
import { effectiveRotation, type EffectiveRotation } from './rotation-settings';
import { dueGroups } from '../registry-views/token-age';
import type { RotationResults } from './rotation-results';

export interface RotationServiceDeps {
  scope: KeyScope;
  registry: RegistryWriter;
  jobs: Pick<BulkJobStore, 'read'>;
  /** Every new token the rotate jobs produced, until cleared (rotation-results.ts). */
  results: RotationResults;
  runner: Pick<BulkRunner, 'startSelection'>;
  /** What the organisation's policy says about **Rotate tokens every** (lib/storage/policy-status.ts). */
  policy: () => Promise<PolicyStatus['tokenRotation']>;
  activity?: ActivityRecorder;
  now?: () => Date;
}

/**
 * One workspace's token rotation: its period and reminders (the policy applied), a job that rotates
 * the tokens due, and the rotate jobs' results (the new tokens, through the background only: they are
 * sealed at rest while the lock is on).
 */
export function createRotationService(deps: RotationServiceDeps) {
  const { scope, registry, jobs, runner, activity = NO_ACTIVITY } = deps;
  const now = deps.now ?? (() => new Date());
  const item = tokenRotationItemFor(scope);
  const serially = createSerialQueue();

  const effective = async (): Promise<EffectiveRotation> =>
    effectiveRotation(await readTokenRotation(scope), await deps.policy());

  return {
    effective,

    /** Sets the period and reminders; a period the organisation's policy fixes cannot change. */
    set: (next: { everyDays: RotationPeriod; remind: boolean }): Promise<Result<EffectiveRotation>> =>
      serially(async () => {
        const current = await effective();
        const changedPeriod = next.everyDays !== current.everyDays;
        if (current.lockedByPolicy && changedPeriod) {
          const refused = fail<EffectiveRotation>('INVALID_INPUT', text('errorRotationSetByPolicy'));
          await activity.record({ kind: 'rotationPolicyChanged', outcome: 'failed', ...failureDetail(refused) });
          return refused;
        }
        if (!changedPeriod && next.remind === current.remind) return ok(current);
        await item.setValue(tokenRotationSchema.parse({ everyDays: next.everyDays, remind: next.remind }));
        const updated = await effective();
        await activity.record({
          kind: 'rotationPolicyChanged',
          outcome: outcomeOf(ok(updated)),
          detail: changedPeriod
            ? updated.everyDays === 0
              ? text('activityRotationOff')
              : countedText('activityRotationEvery', updated.everyDays)
            : text(updated.remind ? 'activityRemindOn' : 'activityRemindOff'),
        });
        return ok(updated);
      }),

    /** A selection job over the groups due now (the list's Due for rotation), paced like any job. */
    async startRotateDue(): Promise<Result<{ total: number }>> {
      const { everyDays } = await effective();
      if (everyDays === 0) return fail('INVALID_INPUT', text('errorRotationOff'));
      const due = dueGroups((await registry.settled()).groups, everyDays, now().getTime());
      if (due.length === 0) return fail('INVALID_INPUT', text('errorNothingDue'));
      const rows = selectionRows(
        due.map((group) => ({ name: group.name, userGroupId: group.provided_id, environment: group.environment })),
      );
      const started = await runner.startSelection('rotate', rows, DEFAULT_RATE_PER_MINUTE);
      return started.ok ? ok({ total: started.value.total }) : started;
    },

    /**
     * Every group a rotate job gave a new token since the results were last cleared, with that token:
     * Retry failed and Resume add to them, a worker stop loses none. LOCKED while the lock is closed.
     */
    results: (): Promise<Result<{ startedAt: string; finishedAt?: string; results: RotationResult[] }>> =>
      withSecretsOpen(lockedError, async () => {
        const held = await deps.results.read();
        if (!held?.since || held.results.length === 0) return fail('NOT_FOUND', text('errorNoRotationResults'));
        // The results' span: from the first job's start to the end of the latest one, once it has ended.
        const job = await jobs.read();
        const finishedAt = job && job.id === held.jobId ? job.finishedAt : undefined;
        return ok({ startedAt: held.since, ...(finishedAt && { finishedAt }), results: held.results });
      }),
  };
}

export type RotationService = ReturnType<typeof createRotationService>;
