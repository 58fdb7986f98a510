import { z } from 'zod/mini';
import { environmentSchema } from '../api/user-group-api';

/** A rotation whose answer has not arrived (`pending`) or was lost (`unknown`). */
export const rotationMarkSchema = z.object({
  state: z.enum(['pending', 'unknown']),
  since: z.string(),
  message: z.optional(z.string()),
});

/** One user group as this browser remembers it. The registry is the only record of its token. */
export const registryEntrySchema = z.object({
  team_id: z.number(),
  token: z.string(),
  name: z.string(),
  provided_id: z.string(),
  environment: environmentSchema,
  createdAt: z.string(),
  lastRotatedAt: z.nullable(z.string()),
  rotation: z.optional(rotationMarkSchema),
  /** Response fields this version does not know, kept as they came. */
  extra: z.record(z.string(), z.unknown()),
});
export type RegistryEntry = z.infer<typeof registryEntrySchema>;

export const registrySchema = z.object({
  groups: z.array(registryEntrySchema),
  /** Stamped by the background's store on each write (lib/storage/serialized-store.ts). */
  revision: z.optional(z.string()),
});
export type Registry = z.infer<typeof registrySchema>;

export const EMPTY_REGISTRY: Registry = { groups: [] };

/** Groups are unique per (environment, id): the same id may exist once in each environment. */
export const groupRefSchema = z.object({
  environment: environmentSchema,
  userGroupId: z.string().check(z.minLength(1), z.maxLength(256)),
});
export type GroupRef = z.infer<typeof groupRefSchema>;

export function isSameGroup(entry: RegistryEntry, ref: GroupRef): boolean {
  return entry.environment === ref.environment && entry.provided_id === ref.userGroupId;
}
