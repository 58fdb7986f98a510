import { workspaceKey, workspaceScope, type WorkspaceItemName } from '@/lib/storage/workspace-keys';

/** The workspace unit tests act in, unless a test is about several. */
export const TEST_WORKSPACE_ID = 'test-ws';
export const TEST_SCOPE = workspaceScope(TEST_WORKSPACE_ID);

/** A key of the test workspace as browser.storage names it: `ws.test-ws.projectHistory`. */
export const testKey = (name: WorkspaceItemName) => workspaceKey(TEST_WORKSPACE_ID, name);

/** The index naming the test workspace as the only (and last used) one, as the background stores it. */
export const TEST_INDEX_STORAGE = {
  workspaces: {
    workspaces: [{ id: TEST_WORKSPACE_ID, name: 'Test workspace', createdAt: '2026-01-01T00:00:00.000Z' }],
  },
  lastUsedWorkspace: TEST_WORKSPACE_ID,
};
