import { z } from 'zod/mini';
import { connectionStatusSchema } from '../connection/connection-status';
import { projectInputSchema } from '../projects/project-input';
import { environmentSchema } from '../api/user-group-api';
import { secretsAreaSchema } from '../connection/connection-schema';
import { groupRefSchema, registryEntrySchema } from '../user-groups/registry-schema';
import { MAX_RATE_PER_MINUTE } from '../user-groups/bulk-pacing';
import { bulkRowSchema, MAX_BULK_ROWS } from '../user-groups/bulk-schema';
import { importItemSchema, MAX_IMPORT_GROUPS } from '../user-groups/import-schema';

const empty = z.object({});
const boundedText = z.string().check(z.maxLength(4096));
const requiredText = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));
const done = z.object({});

/**
 * The whole protocol between the pages and the background: each message's request and response.
 * `allowTab`: extension pages opened in a tab (the options page, the popup as a window) send it.
 */
export const protocol = {
  getConnectionStatus: { request: empty, response: connectionStatusSchema, allowTab: true },
  saveConnection: {
    request: z.object({
      userGroupBaseUrl: boundedText,
      projectApiUrl: boundedText,
      apiToken: boundedText,
      apiKey: boundedText,
      authToken: boundedText,
      secretsArea: secretsAreaSchema,
    }),
    response: connectionStatusSchema,
    allowTab: true,
  },
  forgetCredentials: { request: empty, response: connectionStatusSchema, allowTab: true },
  createProject: {
    request: projectInputSchema,
    response: z.object({ projectId: z.string(), message: z.string() }),
    allowTab: true,
  },
  createUserGroup: {
    request: z.object({ name: requiredText(200), userGroupId: requiredText(256), environment: environmentSchema }),
    response: z.object({ group: registryEntrySchema, created: z.boolean() }),
    allowTab: true,
  },
  /** Also the retry after an unknown outcome: the background first learns the current token. */
  rotateUserGroupToken: { request: groupRefSchema, response: z.object({ group: registryEntrySchema }), allowTab: true },
  deleteUserGroup: {
    request: z.extend(groupRefSchema, { dataSourceProvidedId: z.optional(z.string().check(z.trim(), z.maxLength(256))) }),
    response: done,
    allowTab: true,
  },
  /** Removes a group from this browser only, without calling the service (it is already gone there). */
  forgetUserGroup: { request: groupRefSchema, response: done, allowTab: true },
  /** Writes what an import preview showed, after the user confirmed, in one registry change. */
  importUserGroups: {
    request: z.object({ items: z.array(importItemSchema).check(z.maxLength(MAX_IMPORT_GROUPS)) }),
    response: z.object({ added: z.number(), updated: z.number(), conflicts: z.array(groupRefSchema) }),
    allowTab: true,
  },
  /** `ratePerMinute: null` is unthrottled: for benchmarks, not offered in the UI. */
  startBulkCreate: {
    request: z.object({
      rows: z.array(bulkRowSchema).check(z.minLength(1), z.maxLength(MAX_BULK_ROWS)),
      // A refine, not gte/lte: those would add their code to the popup, which loads this file too.
      ratePerMinute: z.nullable(z.number().check(z.refine((rate) => Number.isInteger(rate) && rate >= 1 && rate <= MAX_RATE_PER_MINUTE))),
    }),
    response: z.object({ total: z.number(), skipped: z.number() }),
    allowTab: true,
  },
  /** Stops the bulk job after the request in flight. */
  cancelBulkCreate: { request: empty, response: done, allowTab: true },
  /** Carries on with a job paused for a reason the user has fixed (credentials, access). */
  resumeBulkCreate: { request: empty, response: done, allowTab: true },
} as const;

export type Protocol = typeof protocol;
export type MessageName = keyof Protocol;
export type RequestOf<N extends MessageName> = z.infer<Protocol[N]['request']>;
export type ResponseOf<N extends MessageName> = z.infer<Protocol[N]['response']>;

export const messageNameSchema = z.enum(Object.keys(protocol) as [MessageName, ...MessageName[]]);

/** The envelope on the wire: `{ type, data }`. */
export const envelopeSchema = z.object({ type: messageNameSchema, data: z.unknown() });
