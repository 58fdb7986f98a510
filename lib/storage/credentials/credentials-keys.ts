// No imports: test/check-build-contents.ts (plain Node) reads these too.

/**
 * The name of the storage key that holds a workspace's secrets (`ws.<id>.credentials`, in `local` or
 * `session`; plain `credentials` before workspaces). Only the background may contain it: the build
 * check fails when a page bundle (popup, options, a chunk they share) does.
 */
export const CREDENTIALS_STORAGE_NAME = 'credentials';
