import { fail, ok } from '../result';
import { noteRegistryExport } from '../storage/registry/registry-exports';
import type { RegistryWriter } from '../storage/registry/registry-writer';
import type { KeyScope } from '../storage/workspace-keys';
import { applyImport } from './import-merge';
import type { ImportItem } from './import-schema';
import { growthOf } from './registry-capacity';
import { outgrowsBudget } from './storage-budget';

export interface RegistryTransferDeps {
  registry: RegistryWriter;
  scope: KeyScope;
  now?: () => Date;
}

/** Import into, and read for an export, one workspace's registry. */
export function createRegistryTransfer({ registry, scope, now = () => new Date() }: RegistryTransferDeps) {
  return {
    /**
     * One serialized registry change for the whole file; groups changed since the preview are left
     * alone. A file that would outgrow the workspace's storage budget is refused before anything is written.
     */
    async importGroups(items: readonly ImportItem[]) {
      const current = await registry.settled();
      const growth = growthOf(
        current,
        items.map((item) => item.entry),
      );
      const problem = await outgrowsBudget(scope, current, growth);
      if (problem) return fail('INVALID_INPUT', problem);
      return ok(await registry.update((latest) => applyImport(latest, items)));
    },

    /** The registry as stored once the changes already queued are written: what an export must hold. */
    async read({ forExport = false }: { forExport?: boolean | undefined } = {}) {
      const { groups } = await registry.settled();
      if (forExport) await noteRegistryExport(scope, now());
      return ok({ groups });
    },
  };
}

export type RegistryTransfer = ReturnType<typeof createRegistryTransfer>;
