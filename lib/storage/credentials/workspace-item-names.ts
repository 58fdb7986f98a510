import { CREDENTIALS_STORAGE_NAME } from './credentials-keys';
import { REGISTRY_FORMAT_NAME, registryPartName, registryTokensName } from '../registry/registry-parts';
import { REGISTRY_BUCKET_COUNT } from '../registry/registry-buckets';
import { scopedName, type KeyScope, type WorkspaceItemName } from '../workspace-keys';

// Background only: the list names the credentials' key (test/check-build-contents.ts).

/** Every item a workspace may keep in storage.local (each may have WXT's version entry, `<name>$`). */
const LOCAL_ITEMS: WorkspaceItemName[] = [
  'connectionSettings',
  CREDENTIALS_STORAGE_NAME,
  'userGroupRegistry',
  ...Array.from({ length: REGISTRY_BUCKET_COUNT }, (_, index) => registryPartName(index)),
  ...Array.from({ length: REGISTRY_BUCKET_COUNT }, (_, index) => registryTokensName(index)),
  REGISTRY_FORMAT_NAME,
  'userGroupUnsettledCreates',
  'userGroupIndex',
  'projectHistory',
  'bulkCreateJob',
  'bulkCreateRows',
  'registerPagesJob',
  'registerPagesRows',
  'apiHealth',
  'lastRegistryExport',
  'tokenRotation',
  'rotationResults',
  'projectLink',
];

/** Session storage holds only the secrets of a workspace whose user chose "forget when the browser closes". */
const SESSION_ITEMS: WorkspaceItemName[] = [CREDENTIALS_STORAGE_NAME];

const withMeta = (names: WorkspaceItemName[]) => names.flatMap((name) => [name, `${name}$`]);

/** The storage names of everything a workspace (or the versions before workspaces: LEGACY_SCOPE) holds, per area. */
export function workspaceStorageNames(scope: KeyScope): { local: string[]; session: string[] } {
  return {
    local: withMeta(LOCAL_ITEMS).map((name) => `${scope}${name}`),
    session: withMeta(SESSION_ITEMS).map((name) => `${scope}${name}`),
  };
}

/** Of one workspace's names, those of the values only (no version entries): what its storage budget counts. */
export const workspaceValueNames = (scope: KeyScope): string[] => LOCAL_ITEMS.map((name) => scopedName(scope, name));
