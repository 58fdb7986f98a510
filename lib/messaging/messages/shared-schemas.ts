import { z } from 'zod/mini';
import { workspaceIdSchema } from '../../storage/workspaces/workspace-index-schema';

export const emptySchema = z.object({});
export const boundedText = z.lazy(() => z.string().check(z.maxLength(4096)));
export const requiredText = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));

/** A request that acts in one workspace: it names it (an unknown id is answered NOT_FOUND). */
export const inWorkspace = <Shape extends z.core.$ZodLooseShape>(shape: Shape) =>
  z.object({ workspaceId: workspaceIdSchema, ...shape });
/** Built at load, not lazy: a request's shape says it names a workspace (test/unit/messaging/router.test.ts). */
export const workspaceOnlySchema = inWorkspace({});
