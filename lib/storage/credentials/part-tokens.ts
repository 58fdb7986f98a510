import { storage } from '../storage-api';
import { z } from 'zod/mini';
import { cipherEnvelopeSchema, decryptText, encryptText, type CipherEnvelope } from '../../crypto/aes-gcm';
import { SEALED_TOKENS_AAD } from '../lock/lock-keys';
import { REGISTRY_BUCKET_COUNT } from '../registry/registry-buckets';
import { registryPartName, registryTokensKey } from '../registry/registry-parts';
import { groupKey, type RegistryEntry, type StoredEntry } from '../registry/registry-schema';
import { recordOf } from '../../schema-parts';
import { scopedName, type KeyScope } from '../workspace-keys';

// Background only: the secrets of the registry's groups. Each registry part (`ws.<id>.userGroups.NNN`:
// names, ids, dates) has a sibling key `ws.<id>.userGroupTokens.NNN` holding its groups' tokens,
// { [environment:id]: token } (registry-schema.ts groupKey), and the service's unknown fields (`extra`)
// of the groups that have any, which may hold anything the service sends: in clear while the passphrase
// lock is off (as the JSON text of each map: one string per part, which the browser stores and hands
// to listeners far faster than an object of 40 strings), and while it is on as one AES-GCM envelope (a
// fresh IV each time it is sealed) authenticated with the part's storage key, so that an envelope moved
// to another part does not open. Turning the lock on or off rewrites these keys only
// (lock-transitions.ts), never the parts.

/**
 * A part's secrets as stored: `tokens` and `extra`, the JSON text of each map in clear, or `sealed`, the
 * maps' JSON text encrypted; `revision` as the registry writer stamps it.
 */
export const partTokensSchema = z.lazy(() =>
  z.object({
    tokens: z.optional(z.string()),
    /** Since the `extra` fields left the parts (2026-11-28); absent when no group of the part has any. */
    extra: z.optional(z.string()),
    sealed: z.optional(cipherEnvelopeSchema),
    revision: z.optional(z.string()),
  }),
);
export type PartTokens = z.infer<typeof partTokensSchema>;
export type TokenMap = Record<string, string>;
/** The service's unknown fields of each group that has any, by group key. */
export type ExtraMap = Record<string, Record<string, unknown>>;

/** What a part's token key keeps of its groups. */
export interface PartSecrets {
  tokens: TokenMap;
  extra: ExtraMap;
}

const tokenMapSchema = z.lazy(() => recordOf(z.string()));
const extraMapSchema = z.lazy(() => recordOf(recordOf(z.unknown())));
/** A sealed envelope's text: the token map alone (no group of the part has extra fields, or format v3), or both maps. */
const sealedTextSchema = z.lazy(() => z.object({ tokens: tokenMapSchema, extra: extraMapSchema }));

/** The additional data a part's envelope is sealed with: the kind, then the part's storage name (as in format v2). */
const aad = (partName: string) => new TextEncoder().encode(`${SEALED_TOKENS_AAD}${partName}`);

function parsedJson<T>(text: string, schema: z.ZodMiniType<T>): T | undefined {
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The map a clear `tokens` text holds; undefined when it is not one (the value is then unreadable). */
export const parseTokenMap = (text: string): TokenMap | undefined => parsedJson(text, tokenMapSchema);

/** The secrets a clear value holds; undefined when a text of it is unreadable. */
export function clearSecretsOf(value: PartTokens): PartSecrets | undefined {
  const tokens = value.tokens === undefined ? {} : parseTokenMap(value.tokens);
  const extra = value.extra === undefined ? {} : parsedJson(value.extra, extraMapSchema);
  return tokens && extra && { tokens, extra };
}

const hasExtra = (secrets: PartSecrets) => Object.keys(secrets.extra).length > 0;

/** A part's secrets as stored in clear. */
export const clearSecretsValue = (secrets: PartSecrets, stamp: { revision?: string } = {}): PartTokens => ({
  tokens: JSON.stringify(secrets.tokens),
  ...(hasExtra(secrets) && { extra: JSON.stringify(secrets.extra) }),
  ...stamp,
});

/** The storage name of a part (what its tokens' envelope is bound to). */
export const partStorageName = (scope: KeyScope, index: number) => scopedName(scope, registryPartName(index));

/** The groups' tokens by group key; an unknown token ('' or none) is left out. */
export function tokensOf(groups: readonly (RegistryEntry | StoredEntry)[]): TokenMap {
  const tokens: TokenMap = {};
  for (const group of groups) if (group.token) tokens[groupKey(group)] = group.token;
  return tokens;
}

/** The groups' tokens, and the extra fields of those that have any. */
export function secretsOf(groups: readonly (RegistryEntry | StoredEntry)[]): PartSecrets {
  const extra: ExtraMap = {};
  for (const group of groups) if (Object.keys(group.extra).length > 0) extra[groupKey(group)] = group.extra;
  return { tokens: tokensOf(groups), extra };
}

/** The groups with their tokens ('' where the map has none) and their extra fields (a part's own where the map has none). */
export function withSecrets(groups: readonly StoredEntry[], secrets: PartSecrets | undefined): RegistryEntry[] {
  return groups.map((group) => {
    const key = groupKey(group);
    return { ...group, token: secrets?.tokens[key] ?? '', extra: secrets?.extra[key] ?? group.extra };
  });
}

/** Whether two token maps hold the same tokens for the same groups. */
export function sameTokens(a: TokenMap, b: TokenMap): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => b[key] === a[key]);
}

/** Whether two parts' secrets are the same. */
export const sameSecrets = (a: PartSecrets, b: PartSecrets): boolean =>
  sameTokens(a.tokens, b.tokens) && JSON.stringify(a.extra) === JSON.stringify(b.extra);

/** The envelope of a part's secrets: the token map alone when no group has extra fields (as format v3 sealed it). */
export async function sealPartSecrets(key: CryptoKey, partName: string, secrets: PartSecrets): Promise<CipherEnvelope> {
  return encryptText(key, JSON.stringify(hasExtra(secrets) ? secrets : secrets.tokens), { aad: aad(partName) });
}

/** The secrets an envelope holds; undefined when it does not open with this key (or holds no secrets). */
export async function openPartSecrets(
  key: CryptoKey,
  partName: string,
  sealed: CipherEnvelope,
): Promise<PartSecrets | undefined> {
  const opened = await decryptText(key, sealed, aad(partName));
  if (!opened.ok) return undefined;
  const tokens = parseTokenMap(opened.value);
  return tokens ? { tokens, extra: {} } : parsedJson(opened.value, sealedTextSchema);
}

/** The revision a part's value was stamped with, to write again with it. */
export type Stamp = { revision?: string };

/** A part's stored secrets, opened: clear as they are, sealed with `key`; undefined when unreadable or they do not open. */
export async function openStoredSecrets(
  value: unknown,
  partName: string,
  key?: CryptoKey,
): Promise<{ secrets: PartSecrets; stamp: Stamp } | undefined> {
  const parsed = partTokensSchema.safeParse(value);
  if (!parsed.success) return undefined;
  const { sealed, revision } = parsed.data;
  const secrets = sealed ? key && (await openPartSecrets(key, partName, sealed)) : clearSecretsOf(parsed.data);
  return secrets ? { secrets, stamp: revision === undefined ? {} : { revision } } : undefined;
}

/** A part's secrets as stored: sealed with `key`, in clear without one or with nothing to seal. */
export async function storedSecretsValue(
  secrets: PartSecrets,
  stamp: Stamp,
  partName: string,
  key?: CryptoKey,
): Promise<PartTokens> {
  const empty = Object.keys(secrets.tokens).length === 0 && !hasExtra(secrets);
  return key && !empty
    ? { sealed: await sealPartSecrets(key, partName, secrets), ...stamp }
    : clearSecretsValue(secrets, stamp);
}

/** Every part's token key as stored (not yet validated; null where absent), in one storage call. */
export async function readStoredPartTokens(scope: KeyScope): Promise<unknown[]> {
  const keys = Array.from({ length: REGISTRY_BUCKET_COUNT }, (_, index) => registryTokensKey(scope, index));
  const items: { value: unknown }[] = await storage.getItems(keys);
  return items.map((item) => item.value);
}
