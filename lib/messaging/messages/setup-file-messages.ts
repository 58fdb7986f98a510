import { z } from 'zod/mini';
import { workspaceIdSchema, workspaceSchema } from '../../storage/workspaces/workspace-index-schema';
import { setupImportProblemSchema } from '../../setup-file/setup-import-problem';
import { defineMessage, defineWorkspaceMessage } from '../define-message';

// Setup files (design.md §8): the options page sends passphrases and file text; secrets never come back.

const passphraseSchema = z.lazy(() => z.string().check(z.maxLength(1024)));
const addressesSchema = z.lazy(() => z.object({ projectApiUrl: z.string(), userGroupBaseUrl: z.string() }));

/** The file's text: its clear part names the workspace and addresses, every secret is ciphertext. */
export const exportSetupFile = defineWorkspaceMessage({
  name: 'exportSetupFile',
  request: () =>
    z.object({ workspaceId: workspaceIdSchema, passphrase: passphraseSchema, includeUserGroupApi: z.boolean() }),
  response: () => z.object({ text: z.string() }),
  allowTab: true,
});

/**
 * Adds the file's workspace, or (with `replace`) replaces the connection and secrets of the workspace
 * of the same name, keeping its registry and history. Without `replace`, a same-name workspace is
 * answered `exists` and nothing is written.
 */
export const importSetupFile = defineMessage({
  name: 'importSetupFile',
  request: () =>
    z.object({
      text: z.string().check(z.maxLength(200_000)),
      passphrase: passphraseSchema,
      replace: z.boolean(),
    }),
  // Told apart by `status`; a plain union, like resultSchema (lib/result.ts).
  response: () =>
    z.union([
      z.object({
        status: z.literal('imported'),
        workspace: workspaceSchema,
        replaced: z.boolean(),
        addresses: addressesSchema,
      }),
      z.object({
        status: z.literal('exists'),
        workspace: workspaceSchema,
        current: addressesSchema,
        incoming: addressesSchema,
      }),
      z.object({ status: z.literal('problem'), problem: setupImportProblemSchema }),
    ]),
  allowTab: true,
});
