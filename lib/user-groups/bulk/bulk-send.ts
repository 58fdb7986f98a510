import type { UserGroupApi } from '../../api/user-group-api';
import type { Connection } from '../../connection/connection-repository';
import { redactSecrets } from '../../api/redact-secrets';
import type { GroupOperations } from '../operations/group-operations';
import type { BulkJob, BulkOperation } from '../../storage/bulk-job/bulk-job-schema';
import { classifyCreate, classifySelection, type RowOutcome } from './bulk-outcome';
import type { BulkRow } from '../../storage/bulk-job/bulk-row-schema';
import { findGroup, markDeleteUnknown, upsertFromService } from '../operations/registry-updates';
import type { GroupRef, RegistryEntry } from '../../storage/registry/registry-schema';
import type { RegistryChange, RegistryWriter } from '../../storage/registry/registry-writer';
import { abandonStaged, type StagedWrite } from '../../storage/staged-write';
import type { RowCommit } from '../../jobs/job-runner';
import { recordUnsettledCreate, settleCreate } from '../operations/unsettled-creates';
import { text, type MessageRef } from '../../message-ref';
import { withSecretsOpen } from '../../storage/credentials/credentials-lane';
import { LOCKED_MESSAGE } from '../../storage/lock/lock-keys';
import {
  failureDetail,
  fingerprintOf,
  outcomeOf,
  type ActivityEvent,
  type ActivityRecorder,
} from '../../activity/activity-recorder';

/**
 * A selection job sends each group through the single-row rotate and delete (group-operations.ts), so
 * that every outcome is recorded in the registry exactly as for one row (pending and unknown rotation
 * marks, deleteOutcomeUnknown, the new token).
 */
export type SelectionOperations = Pick<GroupOperations, 'rotate' | 'remove'>;

export interface RowSenders {
  api: Pick<UserGroupApi, 'createUserGroup'>;
  registry: RegistryWriter;
  /** Absent: rotate and delete rows fail (a runner built without them, in some unit tests). */
  groups?: SelectionOperations | undefined;
  now: () => number;
  /** A bulk create's rows are recorded here (a selection job's, by the single-row operations). */
  activity?: ActivityRecorder | undefined;
  /**
   * A rotate job's results (lib/user-groups/rotation/rotation-results.ts): each new token staged there
   * and stored in the same storage call as the registry's. Absent: no results kept (some unit tests).
   */
  rotationResults?: { stageAdd(job: Pick<BulkJob, 'id' | 'startedAt'>, group: RegistryEntry): Promise<StagedWrite> };
}

const refOf = (row: BulkRow): GroupRef => ({ environment: row.environment, userGroupId: row.userGroupId });

/** Sends one row of this job and answers what became of it. */
export async function sendRow(
  deps: RowSenders,
  job: Pick<BulkJob, 'id' | 'operation' | 'startedAt'>,
  row: BulkRow,
  connection: Connection,
  sentAt: number,
  commit?: RowCommit,
): Promise<RowOutcome> {
  if (job.operation !== 'create') {
    const { groups, rotationResults } = deps;
    if (!groups) return { kind: 'failed', message: text('errorJobNotHere') };
    const answer =
      job.operation === 'rotate'
        ? await groups.rotate(refOf(row), {
            alongside: rotationResults && ((group: RegistryEntry) => rotationResults.stageAdd(job, group)),
          })
        : await groups.remove(refOf(row));
    return classifySelection(answer, sentAt);
  }
  // The key stays at hand until the new token is stored: a lock closing meanwhile waits for it.
  return withSecretsOpen(
    (): RowOutcome => ({ kind: 'blocked', message: LOCKED_MESSAGE }),
    async () => {
      const answer = redactSecrets(await deps.api.createUserGroup(connection, row), connection);
      const outcome = classifyCreate(answer, sentAt);
      // With `commit`, the row's changes (its group, its activity entry) are stored with its outcome in
      // one storage call; without, one after another as before.
      const staged: StagedWrite[] = [];
      const change = async (registryChange: RegistryChange<null>) => {
        if (commit) staged.push(await deps.registry.stage(registryChange));
        else await deps.registry.update(registryChange);
      };
      try {
        // The service may hold the group with a token nobody has: listed as a single create's lost answer
        // is, until a create of it succeeds (this job's retry, or the user's Create again).
        if (!answer.ok && answer.error.maybeProcessed)
          await change(unsettledChange(row, new Date(sentAt).toISOString(), answer.error.message));
        // The group is in the registry as soon as its answer is here, before anything else happens.
        if (answer.ok) {
          const { group } = answer.value;
          // A create of this group whose answer was lost earlier is settled too (get-or-create returned it).
          await change((current, unsettled) => ({
            registry: upsertFromService(current, group, row.environment, new Date(deps.now()).toISOString()),
            unsettled: settleCreate(unsettled, { environment: row.environment, userGroupId: row.userGroupId }),
            result: null,
          }));
        }
        const { activity } = deps;
        if (activity) {
          const event: ActivityEvent = {
            kind: 'groupCreated',
            outcome: outcomeOf(answer),
            group: { name: row.name, id: row.userGroupId, environment: row.environment },
            ...(answer.ok ? await fingerprintOf(answer.value.group.token) : {}),
            ...(answer.ok && !answer.value.created && { detail: text('activityGroupExisted') }),
            ...failureDetail(answer),
          };
          const entry = commit && activity.stage ? await stagedEntry(activity.stage, event) : undefined;
          if (entry) staged.push(entry);
          else await activity.record(event);
        }
      } catch (error) {
        await abandonStaged(staged, error);
        throw error;
      }
      await commit?.(outcome, staged);
      return outcome;
    },
  );
}

/** The entry staged; undefined (recorded on its own instead) when it cannot be: an entry never fails its change. */
async function stagedEntry(
  stage: NonNullable<ActivityRecorder['stage']>,
  event: ActivityEvent,
): Promise<StagedWrite | undefined> {
  try {
    return await stage(event);
  } catch {
    return undefined;
  }
}

const STOPPED_MID_DELETE = text('errorStoppedMidDelete');
const STOPPED_MID_CREATE = text('errorStoppedReason');

/** The change that lists a create of unknown outcome. */
function unsettledChange(row: BulkRow, since: string, message: MessageRef): RegistryChange<null> {
  const mark = { name: row.name, userGroupId: row.userGroupId, environment: row.environment, since, message };
  return (current, unsettled) => ({
    registry: current,
    unsettled: recordUnsettledCreate(unsettled, mark),
    result: null,
  });
}

function recordUnsettled(registry: RegistryWriter, row: BulkRow, since: string, message: MessageRef): Promise<null> {
  return registry.update(unsettledChange(row, since, message));
}

/**
 * A delete cut off by a stopped worker may have happened: the group is flagged as the single-row delete
 * flags a lost answer, so that nothing re-creates it unasked. A create cut off may have made the group:
 * it is listed as a create of unknown outcome. (A cut-off rotation is settled by the registry's own
 * start-up check, settleOrphanedRotations.)
 */
export async function flagCutOffRow(
  registry: RegistryWriter,
  operation: BulkOperation,
  row: BulkRow,
  now: number,
): Promise<void> {
  // A create cut off may have been made: listed (its retry, if any, settles it).
  if (operation === 'create')
    return void (await recordUnsettled(registry, row, new Date(now).toISOString(), STOPPED_MID_CREATE));
  if (operation !== 'delete') return;
  const ref = refOf(row);
  await registry.update((current) =>
    findGroup(current, ref)
      ? { registry: markDeleteUnknown(current, ref, STOPPED_MID_DELETE, new Date(now).toISOString()), result: null }
      : { registry: current, result: null },
  );
}
