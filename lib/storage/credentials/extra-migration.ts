import { browser } from 'wxt/browser';
import { readRegistryBuckets, registryPartName, registryTokensName } from '../registry/registry-parts';
import { storedPartSchema } from '../registry/registry-schema';
import { scopedName, type KeyScope } from '../workspace-keys';
import { currentKey, readLockState } from './keyring';
import {
  clearSecretsOf,
  clearSecretsValue,
  openPartSecrets,
  partStorageName,
  partTokensSchema,
  readStoredPartTokens,
  sealPartSecrets,
  secretsOf,
} from './part-tokens';

/**
 * The service's unknown fields of the groups (`extra`, which may hold anything the service sends) leave
 * the parts for the token keys, where the lock seals them with the tokens (part-tokens.ts). The parts
 * named in `parts` (those that still hold some) are rewritten without them, and their token keys with
 * them, clear while the lock is off and sealed while it is open, in one storage call. While the lock is
 * closed, and for a token key that does not open, they stay where they are until a later read. Safe
 * to repeat. Answers whether it wrote.
 */
export async function moveExtraIntoTokenKeys(scope: KeyScope, parts: ReadonlySet<number>): Promise<boolean> {
  if (parts.size === 0) return false;
  const lockOn = (await readLockState()) !== undefined;
  const key = lockOn ? await currentKey() : undefined;
  if (lockOn && !key) return false;
  const [storedParts, storedTokens] = await Promise.all([readRegistryBuckets(scope), readStoredPartTokens(scope)]);
  const writes: Record<string, unknown> = {};
  for (const index of parts) {
    const part = storedPartSchema.safeParse(storedParts[index]);
    const tokens = partTokensSchema.safeParse(storedTokens[index] ?? {});
    if (!part.success || !tokens.success) continue;
    const { sealed, revision } = tokens.data;
    const partName = partStorageName(scope, index);
    const existing = sealed ? key && (await openPartSecrets(key, partName, sealed)) : clearSecretsOf(tokens.data);
    if (!existing) continue;
    const secrets = { tokens: existing.tokens, extra: { ...secretsOf(part.data.groups).extra, ...existing.extra } };
    const stamp = revision === undefined ? {} : { revision };
    writes[scopedName(scope, registryTokensName(index))] = key
      ? { sealed: await sealPartSecrets(key, partName, secrets), ...stamp }
      : clearSecretsValue(secrets, stamp);
    writes[scopedName(scope, registryPartName(index))] = {
      ...part.data,
      groups: part.data.groups.map((group) => ({ ...group, extra: {} })),
    };
  }
  if (Object.keys(writes).length === 0) return false;
  await browser.storage.local.set(writes);
  return true;
}
