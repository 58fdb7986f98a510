import type { Handlers } from '@/lib/messaging/router';
import { ok } from '@/lib/result';
import { applyImport } from '@/lib/user-groups/import-merge';
import type { RegistryWriter } from '@/lib/user-groups/registry-writer';

export function createImportHandlers(registry: RegistryWriter): Pick<Handlers, 'importUserGroups'> {
  return {
    /** One serialized registry change for the whole file; groups changed since the preview are left alone. */
    async importUserGroups({ items }) {
      return ok(await registry.update((current) => applyImport(current, items)));
    },
  };
}
