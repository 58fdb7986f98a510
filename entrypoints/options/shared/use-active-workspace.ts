import { useWorkspaceStore } from '@/lib/stores/workspace-store';
import type { Workspace } from '@/lib/storage/workspaces/workspace-index-schema';

/**
 * The workspace the page shows. The sections that act in it are only rendered once it is known
 * (App.tsx), and rendered again from scratch when the page switches to another.
 */
export function useActiveWorkspace(): Workspace {
  const workspace = useWorkspaceStore((state) => state.workspaces.find((candidate) => candidate.id === state.activeId));
  if (!workspace) throw new Error('No workspace is shown yet.');
  return workspace;
}
