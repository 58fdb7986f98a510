import { environmentName } from '../../environment';
import { text } from '../../message-ref';
import { fail, ok } from '../../result';
import { withSecretsOpen } from '../../storage/credentials/credentials-lane';
import { lockedError } from '../../storage/lock/lock-keys';
import type { GroupRef } from '../../storage/registry/registry-schema';
import { findGroup } from '../operations/registry-updates';
import { noteRegistryExport } from '../../storage/registry/registry-exports';
import type { RegistryWriter } from '../../storage/registry/registry-writer';
import type { KeyScope } from '../../storage/workspace-keys';
import { applyImport } from './import-merge';
import type { ImportItem } from './import-schema';
import { growthOf } from '../registry-views/registry-capacity';
import { outgrowsBudget } from '../registry-views/storage-budget';
import { failureDetail, NO_ACTIVITY, outcomeOf, type ActivityRecorder } from '../../activity/activity-recorder';
import type { Result } from '../../result';
import type { ImportOutcome } from './import-merge';

export interface RegistryTransferDeps {
  registry: RegistryWriter;
  scope: KeyScope;
  now?: () => Date;
  /** The activity log: one entry per restore (its counts), not one per group. */
  activity?: ActivityRecorder;
}

/** Import into, and read for an export, one workspace's registry. */
export function createRegistryTransfer({
  registry,
  scope,
  now = () => new Date(),
  activity = NO_ACTIVITY,
}: RegistryTransferDeps) {
  async function recorded(result: Result<ImportOutcome>): Promise<Result<ImportOutcome>> {
    await activity.record({
      kind: 'groupsRestored',
      outcome: outcomeOf(result),
      ...(result.ok && {
        count: result.value.added + result.value.updated,
        detail: text('activityRestoreDetail', result.value.added, result.value.updated, result.value.conflicts.length),
      }),
      ...failureDetail(result),
    });
    return result;
  }

  return {
    /**
     * One serialized registry change for the whole file; groups changed since the preview are left
     * alone. A file that would outgrow the workspace's storage budget is refused before anything is written.
     */
    importGroups: async (items: readonly ImportItem[]) =>
      recorded(
        await withSecretsOpen(lockedError, async (): Promise<Result<ImportOutcome>> => {
          const current = await registry.settled();
          const growth = growthOf(
            current,
            items.map((item) => item.entry),
          );
          const problem = await outgrowsBudget(scope, current, growth);
          if (problem) return fail('INVALID_INPUT', problem);
          return ok(await registry.update((latest) => applyImport(latest, items)));
        }),
      ),

    /**
     * The registry as stored once the changes already queued are written: what an export must hold.
     * Locked, the tokens are sealed: LOCKED, never a list of empty tokens.
     */
    read: ({ forExport = false }: { forExport?: boolean | undefined } = {}) =>
      withSecretsOpen(lockedError, async () => {
        const { groups } = await registry.settled();
        // Noting when is a nicety: a full storage must not stop the export that saves the tokens.
        if (forExport) await noteRegistryExport(scope, now()).catch(() => undefined);
        return ok({ groups });
      }),

    /** One group's token, for Show and Copy token while the lock keeps tokens sealed at rest. */
    reveal: (ref: GroupRef) =>
      withSecretsOpen(lockedError, async () => {
        const group = findGroup(await registry.settled(), ref);
        return group
          ? ok({
              token: group.token,
              lastRotatedAt: group.lastRotatedAt,
              ...(group.issuedAt !== undefined && { issuedAt: group.issuedAt }),
            })
          : fail('NOT_FOUND', text('errorGroupNotHere', environmentName(ref.environment), ref.userGroupId));
      }),
  };
}

export type RegistryTransfer = ReturnType<typeof createRegistryTransfer>;
