import { fail, ok } from '@/lib/result';
import { localBytesInUse } from '@/lib/storage/storage-usage';
import { applyImport } from '@/lib/user-groups/import-merge';
import { capacityProblem, growthOf } from '@/lib/user-groups/registry-capacity';
import type { RegistryWriter } from '@/lib/storage/registry/registry-writer';
import { workspaceValueNames } from '@/lib/storage/workspace-item-names';
import type { KeyScope } from '@/lib/storage/workspace-keys';
import { noteRegistryExport } from '@/lib/storage/registry/registry-exports';
import type { WorkspaceHandlers } from './workspace-dispatch';

/** Import into, and read for an export, one workspace's registry. */
export function createImportHandlers(
  registry: RegistryWriter,
  scope: KeyScope,
  now = () => new Date(),
): Pick<WorkspaceHandlers, 'importUserGroups' | 'readUserGroupRegistry'> {
  return {
    /**
     * One serialized registry change for the whole file; groups changed since the preview are left
     * alone. A file that would outgrow the workspace's storage budget is refused before anything is written.
     */
    async importUserGroups({ items }) {
      const current = await registry.settled();
      const growth = growthOf(
        current,
        items.map((item) => item.entry),
      );
      if (growth.bytes > 0) {
        const problem = capacityProblem(
          { usedBytes: await localBytesInUse(workspaceValueNames(scope)), storedGroups: current.groups.length },
          growth,
        );
        if (problem) return fail('INVALID_INPUT', problem);
      }
      return ok(await registry.update((latest) => applyImport(latest, items)));
    },

    /** The registry as stored once the changes already queued are written: what an export must hold. */
    async readUserGroupRegistry({ forExport }) {
      const { groups } = await registry.settled();
      // Noting when is a nicety: a full storage must not stop the export that saves the tokens.
      if (forExport) await noteRegistryExport(scope, now()).catch(() => undefined);
      return ok({ groups });
    },
  };
}
