import type { KeyScope } from './workspace-keys';

/**
 * Defines a storage item once per workspace scope: an item with migrations is read and migrated as
 * soon as it is defined (lib/storage/storage-api.ts), so the same definition is reused rather than
 * made again.
 */
export function perScope<T>(define: (scope: KeyScope) => T): (scope: KeyScope) => T {
  const defined = new Map<KeyScope, T>();
  return (scope) => {
    let item = defined.get(scope);
    if (item === undefined) defined.set(scope, (item = define(scope)));
    return item;
  };
}
