import { localBytesInUse } from '@/lib/storage/storage-usage';
import type { Handlers } from '@/lib/messaging/router';
import { fail, ok } from '@/lib/result';
import { applyImport } from '@/lib/user-groups/import-merge';
import { capacityProblem, growthOf } from '@/lib/user-groups/registry-capacity';
import type { RegistryWriter } from '@/lib/user-groups/registry-writer';

export function createImportHandlers(registry: RegistryWriter): Pick<Handlers, 'importUserGroups' | 'readUserGroupRegistry'> {
  return {
    /**
     * One serialized registry change for the whole file; groups changed since the preview are left
     * alone. A file that would outgrow the storage budget is refused before anything is written.
     */
    async importUserGroups({ items }) {
      const current = await registry.settled();
      const growth = growthOf(current, items.map((item) => item.entry));
      if (growth.bytes > 0) {
        const problem = capacityProblem({ usedBytes: await localBytesInUse(), storedGroups: current.groups.length }, growth);
        if (problem) return fail('INVALID_INPUT', problem);
      }
      return ok(await registry.update((latest) => applyImport(latest, items)));
    },

    /** The registry as stored once the changes already queued are written: what an export must hold. */
    async readUserGroupRegistry() {
      return ok({ groups: (await registry.settled()).groups });
    },
  };
}
