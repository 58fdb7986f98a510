import { workspaceStorageNames } from './workspace-item-names';
import { removeFromArea } from '../area-write';
import type { KeyScope } from '../workspace-keys';
import { inCredentialsLane } from './credentials-lane';
import { copiesOfScope } from './kept-copies';
import { storedNamesOf } from './stored-names';

/**
 * Removes everything a workspace keeps, its secrets in both areas and the copies of its values kept
 * aside (`corrupt:`, which may hold tokens) included, in the credentials lane: a save or a lock change
 * queued before it is written first, and one queued after it finds nothing to seal and no workspace to
 * write to (its repository is closed first).
 */
export function removeWorkspaceData(scope: KeyScope): Promise<void> {
  const names = workspaceStorageNames(scope);
  return inCredentialsLane(async () => {
    await removeFromArea('session', names.session);
    // Copies are kept in storage.local (what session holds, the credentials, is never kept aside).
    await removeFromArea('local', [...names.local, ...copiesOfScope(await storedNamesOf('local'), scope)]);
  });
}
