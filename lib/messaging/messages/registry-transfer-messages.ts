import { z } from 'zod/mini';
import { MAX_RATE_PER_MINUTE } from '../../jobs/job-pacing';
import { bulkRowSchema, MAX_BULK_ROWS } from '../../storage/bulk-job/bulk-row-schema';
import { importItemSchema, MAX_IMPORT_GROUPS } from '../../user-groups/transfer/import-schema';
import { groupRefSchema, registryEntrySchema } from '../../storage/registry/registry-schema';
import { defineWorkspaceMessage } from '../define-message';
import { emptySchema, inWorkspace, workspaceOnlySchema } from './shared-schemas';
import { built, safeInt } from '../../schema-parts';

/** Writes what an import preview showed, after the user confirmed, in one registry change. */
export const importUserGroups = defineWorkspaceMessage({
  name: 'importUserGroups',
  request: () => inWorkspace({ items: z.array(importItemSchema).check(z.maxLength(MAX_IMPORT_GROUPS)) }),
  response: () =>
    z.object({
      added: z.number(),
      updated: z.number(),
      conflicts: z.array(groupRefSchema),
      kept: z.array(groupRefSchema),
    }),
  allowTab: true,
});

/**
 * The registry as stored, after the writes already queued: for an export or an import preview, which
 * must not show the options page's mirror (it is published at most every 100 ms, so it can lag).
 * `forExport`: the background notes the time, so that a delete can say which tokens were never exported
 * (asked again, `readsOnly`, it notes it again: the answer that reaches the page is the one exported).
 */
export const readUserGroupRegistry = defineWorkspaceMessage({
  name: 'readUserGroupRegistry',
  request: () => inWorkspace({ forExport: z.optional(z.boolean()) }),
  response: () => z.object({ groups: z.array(registryEntrySchema) }),
  allowTab: true,
  readsOnly: true,
});

/** `ratePerMinute: null` is unthrottled: for benchmarks, not offered in the UI. */
export const startBulkCreate = defineWorkspaceMessage({
  name: 'startBulkCreate',
  request: () =>
    inWorkspace({
      rows: z.array(bulkRowSchema).check(z.minLength(1), z.maxLength(MAX_BULK_ROWS)),
      ratePerMinute: z.nullable(safeInt(1, MAX_RATE_PER_MINUTE)),
    }),
  response: () => z.object({ total: z.number(), skipped: z.number() }),
  allowTab: true,
});

/** Stops the bulk job after the request in flight. */
/**
 * The options page found the registry's stored index (its first screen) missing or unlike the parts it
 * read: the registry writer rebuilds it from the parts (it writes nothing when it is right).
 */
export const refreshUserGroupIndex = defineWorkspaceMessage({
  name: 'refreshUserGroupIndex',
  request: () => workspaceOnlySchema,
  response: () => emptySchema,
  allowTab: true,
});

export const cancelBulkCreate = defineWorkspaceMessage({
  name: 'cancelBulkCreate',
  request: () => workspaceOnlySchema,
  response: () => emptySchema,
  allowTab: true,
});

/** Carries on with a job paused for a reason the user has fixed (credentials, access). */
export const resumeBulkCreate = defineWorkspaceMessage({
  name: 'resumeBulkCreate',
  request: () => workspaceOnlySchema,
  response: () => emptySchema,
  allowTab: true,
});

/**
 * One group's token, for Show and Copy token: while the passphrase lock is on, tokens are sealed at
 * rest and only the background opens them (LOCKED while it is closed). With the dates of the entry it
 * was read from, so that a page whose list has not yet caught up with a rotation can tell that the
 * token it was given is the new one.
 */
export const revealGroupToken = defineWorkspaceMessage({
  name: 'revealGroupToken',
  request: () =>
    inWorkspace({
      environment: built(groupRefSchema).shape.environment,
      userGroupId: built(groupRefSchema).shape.userGroupId,
    }),
  response: () =>
    z.object({
      token: z.string(),
      lastRotatedAt: built(registryEntrySchema).shape.lastRotatedAt,
      issuedAt: built(registryEntrySchema).shape.issuedAt,
    }),
  allowTab: true,
});
