import { z } from 'zod/mini';
import { decryptText, encryptText, type CipherEnvelope } from '../../crypto/aes-gcm';
import { SEALED_TOKENS_AAD } from '../lock/lock-keys';
import { groupKey, type RegistryEntry } from '../registry/registry-schema';
import { recordOf } from '../../schema-parts';

// Background only. While the passphrase lock is on, a registry part keeps its groups' names, ids and
// dates readable (the list, search and history work while locked) and their tokens only sealed: every
// entry's `token` is '' and `sealedTokens` holds { [environment:id]: token } encrypted under the
// lock's key, authenticated with the part's storage key (an envelope moved to another part does not open).

const aad = (partName: string) => new TextEncoder().encode(`${SEALED_TOKENS_AAD}${partName}`);
const tokensSchema = recordOf(z.string());

/** The part as stored while the lock is on: its groups without tokens, and the tokens sealed. */
export async function sealTokens(
  key: CryptoKey,
  partName: string,
  groups: readonly RegistryEntry[],
): Promise<{ groups: RegistryEntry[]; sealedTokens: CipherEnvelope }> {
  const tokens = Object.fromEntries(groups.map((group) => [groupKey(group), group.token]));
  const sealedTokens = await encryptText(key, JSON.stringify(tokens), { aad: aad(partName) });
  return { groups: groups.map((group) => ({ ...group, token: '' })), sealedTokens };
}

/** The groups with their tokens back; undefined when the envelope does not open with this key. */
export async function openTokens(
  key: CryptoKey,
  partName: string,
  groups: readonly RegistryEntry[],
  sealedTokens: CipherEnvelope,
): Promise<RegistryEntry[] | undefined> {
  const opened = await decryptText(key, sealedTokens, aad(partName));
  if (!opened.ok) return undefined;
  let tokens: Record<string, string>;
  try {
    const parsed = tokensSchema.safeParse(JSON.parse(opened.value));
    if (!parsed.success) return undefined;
    tokens = parsed.data;
  } catch {
    return undefined;
  }
  return groups.map((group) => ({ ...group, token: tokens[groupKey(group)] ?? group.token }));
}
