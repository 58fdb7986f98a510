import { readRegistryBuckets, registryTokensName } from '../registry/registry-parts';
import { storedPartSchema } from '../registry/registry-schema';
import { scopedName, type KeyScope } from '../workspace-keys';
import { writeArea } from '../area-write';
import { currentKey, readLockState } from './keyring';
import { openStoredSecrets, partStorageName, readStoredPartTokens, secretsOf, storedSecretsValue } from './part-tokens';

/**
 * The service's unknown fields of the groups (`extra`, which may hold anything the service sends) leave
 * the parts for the token keys, where the lock seals them with the tokens (part-tokens.ts). Each part of
 * the workspace that still holds some is rewritten without them, and its token key with them, clear
 * while the lock is off and sealed while it is open, in one storage call. While the lock is closed,
 * and for a token key that does not open, they stay where they are until a later read. Safe to repeat.
 * Answers whether it wrote.
 */
export async function moveExtraIntoTokenKeys(scope: KeyScope): Promise<boolean> {
  const lockOn = (await readLockState()) !== undefined;
  const key = lockOn ? await currentKey() : undefined;
  if (lockOn && !key) return false;
  const [storedParts, storedTokens] = await Promise.all([readRegistryBuckets(scope), readStoredPartTokens(scope)]);
  const writes: Record<string, unknown> = {};
  for (const [index, stored] of storedParts.entries()) {
    const part = storedPartSchema.safeParse(stored);
    const inPart = part.success ? secretsOf(part.data.groups).extra : {};
    if (!part.success || Object.keys(inPart).length === 0) continue;
    const partName = partStorageName(scope, index);
    const opened = await openStoredSecrets(storedTokens[index] ?? {}, partName, key);
    if (!opened) continue;
    const { secrets, stamp } = opened;
    writes[scopedName(scope, registryTokensName(index))] = await storedSecretsValue(
      { tokens: secrets.tokens, extra: { ...inPart, ...secrets.extra } },
      stamp,
      partName,
      key,
    );
    writes[partName] = { ...part.data, groups: part.data.groups.map((group) => ({ ...group, extra: {} })) };
  }
  if (Object.keys(writes).length === 0) return false;
  await writeArea('local', writes);
  return true;
}
