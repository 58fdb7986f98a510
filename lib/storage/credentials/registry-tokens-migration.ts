import { browser } from 'wxt/browser';
import { writeArea } from '../area-write';
import { text } from '../../message-ref';
import { REGISTRY_BUCKET_COUNT } from '../registry/registry-buckets';
import {
  readRegistryBuckets,
  REGISTRY_FORMAT,
  REGISTRY_FORMAT_NAME,
  registryPartName,
  registryTokensKey,
  registryTokensName,
} from '../registry/registry-parts';
import { storedPartSchema, withoutToken } from '../registry/registry-schema';
import { setAsideUnreadable } from '../validated-item';
import { scopedName, type KeyScope } from '../workspace-keys';
import {
  clearSecretsOf,
  clearSecretsValue,
  partTokensSchema,
  readStoredPartTokens,
  tokensOf,
  type PartSecrets,
  type PartTokens,
} from './part-tokens';
import { KEEP_REGISTRY_COPY } from './kept-copies';

/** Whether a workspace's registry is in format v3 (its tokens in their own keys). */
export async function registryFormatIsCurrent(scope: KeyScope): Promise<boolean> {
  const name = scopedName(scope, REGISTRY_FORMAT_NAME);
  return (await browser.storage.local.get(name))[name] === REGISTRY_FORMAT;
}

/**
 * Registry format v2 → v3: each part's tokens (in clear in its groups, or sealed in its `sealedTokens`
 * while the passphrase lock is on) move into the part's token key (part-tokens.ts), and the parts keep
 * their groups without tokens (their extra fields follow, extra-migration.ts). A sealed envelope moves as it is: it stays sealed with the same key and
 * bound to the same part, so the migration needs no key and runs locked too.
 *
 * One `storage.local.set` per workspace writes the token keys, the parts without tokens and the format
 * mark together: a worker stopped before it leaves format v2 as it was, and one after it, format v3.
 * Safe to repeat and to meet a store changed halfway by any other order of writes: a token key already
 * there wins over the part's copy (it is the later one), a part's clear tokens fill in what it lacks,
 * and a sealed token key is never replaced by a clear copy. Returns whether it wrote.
 */
export async function moveTokensOutOfParts(
  scope: KeyScope,
  { evenIfMarked = false }: { evenIfMarked?: boolean } = {},
): Promise<boolean> {
  if (!evenIfMarked && (await registryFormatIsCurrent(scope))) return false;
  const [parts, tokens] = await Promise.all([readRegistryBuckets(scope), readStoredPartTokens(scope)]);
  const writes: Record<string, unknown> = {};
  let stored = false;
  for (let index = 0; index < REGISTRY_BUCKET_COUNT; index += 1) {
    const rawPart = parts[index];
    const rawTokens = tokens[index];
    if (rawPart === null || rawPart === undefined) {
      if (rawTokens !== null && rawTokens !== undefined) stored = true;
      continue;
    }
    stored = true;
    // An unreadable part is kept aside by the registry's reader; there is nothing here to move from it.
    const part = storedPartSchema.safeParse(rawPart);
    if (!part.success) continue;
    const legacy = part.data.sealedTokens !== undefined || part.data.groups.some((group) => group.token !== undefined);
    if (!legacy) continue;
    let existing: PartTokens | undefined;
    let existingClear: PartSecrets | undefined;
    if (rawTokens !== null && rawTokens !== undefined) {
      const parsed = partTokensSchema.safeParse(rawTokens);
      const clear = parsed.success ? clearSecretsOf(parsed.data) : undefined;
      if (parsed.success && clear) {
        existing = parsed.data;
        existingClear = clear;
      } else
        await setAsideUnreadable(
          registryTokensKey(scope, index),
          rawTokens,
          text('storedUserGroupRegistryPart', index + 1, REGISTRY_BUCKET_COUNT),
          KEEP_REGISTRY_COPY,
        );
    }
    const stamp = part.data.revision === undefined ? {} : { revision: part.data.revision };
    let next: PartTokens | undefined;
    if (part.data.sealedTokens) next = existing ?? { sealed: part.data.sealedTokens, ...stamp };
    else if (existing?.sealed) next = undefined;
    else
      next = clearSecretsValue(
        { tokens: { ...tokensOf(part.data.groups), ...existingClear?.tokens }, extra: existingClear?.extra ?? {} },
        stamp,
      );
    if (next) writes[scopedName(scope, registryTokensName(index))] = next;
    writes[scopedName(scope, registryPartName(index))] = {
      groups: part.data.groups.map(withoutToken),
      ...stamp,
    };
  }
  if (!stored) return false;
  await writeArea('local', { ...writes, [scopedName(scope, REGISTRY_FORMAT_NAME)]: REGISTRY_FORMAT });
  return true;
}
