import { z } from 'zod/mini';
import { cipherEnvelopeSchema } from '../../crypto/aes-gcm';
import { environmentSchema } from '../../environment';
import { storedTextSchema } from '../../message-ref';
import { built, extendedObject, recordOf } from '../../schema-parts';

/** A rotation whose answer has not arrived (`pending`) or was lost (`unknown`). */
export const rotationMarkSchema = z.lazy(() =>
  z.object({
    state: z.enum(['pending', 'unknown']),
    since: z.string(),
    message: z.optional(storedTextSchema),
  }),
);

/**
 * A delete whose answer was lost (time-out, reset, 5xx, unreadable body): the group may already be
 * gone from the service. Optional, so data stored before this mark existed stays valid.
 */
export const deleteMarkSchema = z.lazy(() =>
  z.object({
    since: z.string(),
    message: z.optional(storedTextSchema),
  }),
);

/** One user group as this browser remembers it. The registry is the only record of its token. */
export const registryEntrySchema = z.lazy(() =>
  z.object({
    team_id: z.number(),
    token: z.string(),
    name: z.string(),
    provided_id: z.string(),
    environment: environmentSchema,
    createdAt: z.string(),
    lastRotatedAt: z.nullable(z.string()),
    /**
     * When the current token was issued: the group's creation, its last rotation, or the moment this
     * browser learned it (get-or-create, a retried rotation). Optional: groups stored before it existed
     * read as "unknown" (never as "now"); a restored backup keeps the dates it carries.
     */
    issuedAt: z.optional(z.string()),
    rotation: z.optional(rotationMarkSchema),
    deleteOutcomeUnknown: z.optional(deleteMarkSchema),
    /** Response fields this version does not know, kept as they came. */
    extra: recordOf(z.unknown()),
  }),
);
export type RegistryEntry = z.infer<typeof registryEntrySchema>;

/** The registry as the background holds it (and sends it for exports): every group with its token. */
export const registrySchema = z.lazy(() =>
  z.object({
    groups: z.array(built(registryEntrySchema)),
    /** Stamped by the background's store on each write (lib/storage/serialized-store.ts). */
    revision: z.optional(z.string()),
  }),
);
export type Registry = z.infer<typeof registrySchema>;

/**
 * A group as a registry part stores it (format v3): no token. The tokens are in the part's sibling key
 * (lib/storage/credentials/part-tokens.ts). `token` is read only from parts of format v2, which had it
 * here, until the migration moves it (lib/storage/credentials/registry-tokens-migration.ts).
 */
export const storedEntrySchema = z.lazy(() =>
  extendedObject(built(registryEntrySchema), { token: z.optional(z.string()) }),
);
export type StoredEntry = z.infer<typeof storedEntrySchema>;

/** One registry part as stored (`ws.<id>.userGroups.NNN`). */
export const storedPartSchema = z.lazy(() =>
  z.object({
    groups: z.array(built(storedEntrySchema)),
    /**
     * Format v2 only: the tokens of the part sealed by the passphrase lock (every `token` then ''). Format
     * v3 keeps them, clear or sealed, in the part's token key; the migration moves this envelope there as it is.
     */
    sealedTokens: z.optional(cipherEnvelopeSchema),
    /** Stamped by the registry writer on each write. */
    revision: z.optional(z.string()),
  }),
);
export type StoredPart = z.infer<typeof storedPartSchema>;

/** A stored group without its token: what a registry part holds in format v3. */
export function withoutToken(entry: StoredEntry): StoredEntry {
  if (entry.token === undefined) return entry;
  const rest = { ...entry };
  delete rest.token;
  return rest;
}

export const EMPTY_REGISTRY: Registry = { groups: [] };

/** Groups are unique per (environment, id): the same id may exist once in each environment. */
export const groupRefSchema = z.lazy(() =>
  z.object({
    environment: environmentSchema,
    userGroupId: z.string().check(z.minLength(1), z.maxLength(256)),
  }),
);
export type GroupRef = z.infer<typeof groupRefSchema>;

/** A stable key for React and for per-row state. */
export function groupKey(group: Pick<RegistryEntry, 'environment' | 'provided_id'>): string {
  return `${group.environment}:${group.provided_id}`;
}

export function isSameGroup(entry: RegistryEntry, ref: GroupRef): boolean {
  return entry.environment === ref.environment && entry.provided_id === ref.userGroupId;
}

/**
 * A create whose answer was lost: the service may hold the group with a token nobody has. Kept (beside
 * the registry, lib/storage/registry/unsettled-creates-item.ts) until a create of the same (environment, id)
 * succeeds, which get-or-create makes safe, or the user dismisses it.
 */
export const unsettledCreateSchema = z.lazy(() =>
  z.object({
    name: z.string(),
    userGroupId: z.string(),
    environment: environmentSchema,
    since: z.string(),
    message: z.optional(storedTextSchema),
  }),
);
export type UnsettledCreate = z.infer<typeof unsettledCreateSchema>;

/** The stored list of unsettled creates; `revision` is stamped by the registry writer on each write. */
export const unsettledCreatesSchema = z.lazy(() =>
  z.object({
    creates: z.array(unsettledCreateSchema),
    revision: z.optional(z.string()),
  }),
);
export type UnsettledCreates = z.infer<typeof unsettledCreatesSchema>;

export function isSameCreate(create: UnsettledCreate, ref: GroupRef): boolean {
  return create.environment === ref.environment && create.userGroupId === ref.userGroupId;
}
