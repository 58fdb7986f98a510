import { storage } from '../storage-api';
import { z } from 'zod/mini';
import { cipherEnvelopeSchema, decryptText, encryptText, type CipherEnvelope } from '../../crypto/aes-gcm';
import { SEALED_TOKENS_AAD } from '../lock/lock-keys';
import { REGISTRY_BUCKET_COUNT } from '../registry/registry-buckets';
import { registryPartName, registryTokensKey } from '../registry/registry-parts';
import { groupKey, type RegistryEntry, type StoredEntry } from '../registry/registry-schema';
import { recordOf } from '../../schema-parts';
import { scopedName, type KeyScope } from '../workspace-keys';

// Background only: the tokens of the registry's groups (format v3). Each registry part
// (`ws.<id>.userGroups.NNN`: names, ids, dates) has a sibling key `ws.<id>.userGroupTokens.NNN` holding
// its groups' tokens, { [environment:id]: token } (registry-schema.ts groupKey), in clear while the
// passphrase lock is off (as the JSON text of that map: one string per part, which the browser stores
// and hands to listeners far faster than an object of 40 strings), and while it is on as one AES-GCM envelope (a fresh IV each time it is
// sealed) authenticated with the part's storage key, so that an envelope moved to another part does
// not open. Turning the lock on or off rewrites these keys only (lock-transitions.ts), never the parts.

/**
 * A part's tokens as stored: `tokens`, the JSON text of the map in clear, or `sealed`, the map's JSON
 * text encrypted; `revision` as the registry writer stamps it.
 */
export const partTokensSchema = z.lazy(() =>
  z.object({
    tokens: z.optional(z.string()),
    sealed: z.optional(cipherEnvelopeSchema),
    revision: z.optional(z.string()),
  }),
);
export type PartTokens = z.infer<typeof partTokensSchema>;
export type TokenMap = Record<string, string>;

const tokenMapSchema = z.lazy(() => recordOf(z.string()));

/** The additional data a part's envelope is sealed with: the kind, then the part's storage name (as in format v2). */
const aad = (partName: string) => new TextEncoder().encode(`${SEALED_TOKENS_AAD}${partName}`);

/** The map a clear `tokens` text holds; undefined when it is not one (the value is then unreadable). */
export function parseTokenMap(text: string): TokenMap | undefined {
  try {
    const parsed = tokenMapSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** A part's tokens as stored in clear. */
export const clearTokensValue = (tokens: TokenMap, stamp: { revision?: string } = {}): PartTokens => ({
  tokens: JSON.stringify(tokens),
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

/** The groups with their tokens ('' where the map has none). */
export function withTokens(groups: readonly StoredEntry[], tokens: TokenMap | undefined): RegistryEntry[] {
  return groups.map((group) => ({ ...group, token: tokens?.[groupKey(group)] ?? '' }));
}

/** Whether two token maps hold the same tokens for the same groups. */
export function sameTokens(a: TokenMap, b: TokenMap): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => b[key] === a[key]);
}

export async function sealPartTokens(key: CryptoKey, partName: string, tokens: TokenMap): Promise<CipherEnvelope> {
  return encryptText(key, JSON.stringify(tokens), { aad: aad(partName) });
}

/** The tokens an envelope holds; undefined when it does not open with this key (or is not a token map). */
export async function openPartTokens(
  key: CryptoKey,
  partName: string,
  sealed: CipherEnvelope,
): Promise<TokenMap | undefined> {
  const opened = await decryptText(key, sealed, aad(partName));
  return opened.ok ? parseTokenMap(opened.value) : undefined;
}

/** Every part's token key as stored (not yet validated; null where absent), in one storage call. */
export async function readStoredPartTokens(scope: KeyScope): Promise<unknown[]> {
  const keys = Array.from({ length: REGISTRY_BUCKET_COUNT }, (_, index) => registryTokensKey(scope, index));
  const items: { value: unknown }[] = await storage.getItems(keys);
  return items.map((item) => item.value);
}
