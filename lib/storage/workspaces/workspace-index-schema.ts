import { z } from 'zod/mini';
import { WORKSPACE_ID_PATTERN } from '../workspace-keys';
import { stringMatching } from '../../schema-parts';

export const workspaceIdSchema = stringMatching(WORKSPACE_ID_PATTERN);

/**
 * One workspace as the index lists it. No secret: pages read the index straight from storage. A later
 * source of workspaces (organisation policy) adds optional fields, so this format stays readable.
 */
export const workspaceSchema = z.object({
  id: workspaceIdSchema,
  name: z.string(),
  createdAt: z.string(),
  /** Set by the organisation policy (managed-workspaces.ts): `locked` when users may not edit it. */
  managed: z.optional(z.enum(['editable', 'locked'])),
});
export type Workspace = z.infer<typeof workspaceSchema>;

/** `local:workspaces`: written only by the background (workspace-index-store.ts); never empty. */
export const workspaceIndexSchema = z.object({
  workspaces: z.array(workspaceSchema).check(z.minLength(1)),
  revision: z.optional(z.string()),
});
export type WorkspaceIndex = z.infer<typeof workspaceIndexSchema>;

/** The first of the candidates that names a listed workspace, else the first workspace. */
export function chooseWorkspace(workspaces: readonly Workspace[], ...candidates: unknown[]): Workspace {
  for (const candidate of candidates) {
    const found = workspaces.find((workspace) => workspace.id === candidate);
    if (found) return found;
  }
  return workspaces[0]!;
}
