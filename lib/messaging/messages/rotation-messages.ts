import { z } from 'zod/mini';
import { rotationPeriodSchema } from '../../storage/rotation/token-rotation';
import {
  rotationResultsSummarySchema,
  rotationResultWithTokenSchema,
} from '../../storage/rotation/rotation-results-schema';
// Only message definitions are exported here: the protocol takes every export of this module.
import { defineWorkspaceMessage } from '../define-message';
import { emptySchema, inWorkspace, workspaceOnlySchema } from './shared-schemas';

/** A workspace's rotation setting as it applies (the organisation's policy included). */
const effectiveRotationSchema = z.lazy(() =>
  z.object({
    everyDays: rotationPeriodSchema,
    remind: z.boolean(),
    lockedByPolicy: z.boolean(),
    fromPolicy: z.boolean(),
  }),
);

/** A workspace's **Rotate tokens every** and **Remind me when tokens are due**, the policy applied. */
export const getTokenRotation = defineWorkspaceMessage({
  name: 'getTokenRotation',
  request: () => workspaceOnlySchema,
  response: () => effectiveRotationSchema,
  allowTab: true,
  readsOnly: true,
});

/**
 * **Rotate tokens every** and **Remind me when tokens are due**. A period the organisation's policy
 * fixes is refused. (The page asks for the `notifications` permission in the click that ticks the box.)
 */
export const setTokenRotation = defineWorkspaceMessage({
  name: 'setTokenRotation',
  request: () => inWorkspace({ everyDays: rotationPeriodSchema, remind: z.boolean() }),
  response: () => effectiveRotationSchema,
  allowTab: true,
});

/** **Rotate due tokens**: a selection job over the groups due now (refused while another job runs, or none is due). */
export const startRotateDueJob = defineWorkspaceMessage({
  name: 'startRotateDueJob',
  request: () => workspaceOnlySchema,
  response: () => z.object({ total: z.number() }),
  allowTab: true,
});

/**
 * **Export rotation results**: each group a rotate job gave a new token since the results were last
 * cleared (Retry failed and Resume add to them), with that token. The background reads them (tokens are
 * sealed at rest while the lock is on): LOCKED while locked.
 */
export const readRotationResults = defineWorkspaceMessage({
  name: 'readRotationResults',
  request: () => workspaceOnlySchema,
  response: () =>
    z.object({
      startedAt: z.string(),
      finishedAt: z.optional(z.string()),
      results: z.array(rotationResultWithTokenSchema),
    }),
  allowTab: true,
  readsOnly: true,
});

/** How many new tokens the rotation results hold, and since when (no token: answered while locked too). */
export const getRotationResultsSummary = defineWorkspaceMessage({
  name: 'getRotationResultsSummary',
  request: () => workspaceOnlySchema,
  response: () => rotationResultsSummarySchema,
  allowTab: true,
  readsOnly: true,
});

/** **Clear rotation results** (after its confirmation): the list is emptied, the tokens stay in the registry. */
export const clearRotationResults = defineWorkspaceMessage({
  name: 'clearRotationResults',
  request: () => workspaceOnlySchema,
  response: () => emptySchema,
  allowTab: true,
});
