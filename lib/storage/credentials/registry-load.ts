import { storage } from '../storage-api';
import type { CipherEnvelope } from '../../crypto/aes-gcm';
import {
  legacyRegistryKey,
  readRegistryBuckets,
  registryBucketKey,
  registryTokensKey,
  writeRegistryBuckets,
} from '../registry/registry-parts';
import { text } from '../../message-ref';
import { setAsideUnreadable } from '../validated-item';
import type { KeyScope } from '../workspace-keys';
import { bucketOf, changedBuckets, REGISTRY_BUCKET_COUNT } from '../registry/registry-buckets';
import {
  groupKey,
  registrySchema,
  storedPartSchema,
  type RegistryEntry,
  type StoredPart,
} from '../registry/registry-schema';
import {
  clearSecretsOf,
  partTokensSchema,
  readStoredPartTokens,
  tokensOf,
  withSecrets,
  type PartSecrets,
} from './part-tokens';
import { moveTokensOutOfParts, registryFormatIsCurrent } from './registry-tokens-migration';
import { KEEP_REGISTRY_COPY } from './kept-copies';

const KEEP = KEEP_REGISTRY_COPY;

/**
 * The registry's parts as stored: each part's groups with their tokens where they are in clear ('' where
 * sealed), and the envelope of each part whose tokens are sealed.
 */
export interface StoredParts {
  parts: RegistryEntry[][];
  sealed: ReadonlyMap<number, CipherEnvelope>;
  /** Whether the stored format is v3 (the format mark is there). */
  current: boolean;
  /** Whether some part still holds tokens in its groups or its own envelope (format v2). */
  inline: boolean;
  /** Whether some part still holds its groups' extra fields (stored before those went to the token keys). */
  extraInParts: boolean;
}

const partLabel = (index: number) => text('storedUserGroupRegistryPart', index + 1, REGISTRY_BUCKET_COUNT);

/**
 * Reads every part of the registry and its tokens, and checks them. A part (or a part's tokens) that
 * cannot be read is kept aside under a `corrupt:` key (it holds the only copy of its tokens) and starts
 * empty; the other parts are untouched.
 */
async function readParts(scope: KeyScope): Promise<StoredParts> {
  const [stored, storedTokens, current] = await Promise.all([
    readRegistryBuckets(scope),
    readStoredPartTokens(scope),
    registryFormatIsCurrent(scope),
  ]);
  const parts: RegistryEntry[][] = [];
  const sealed = new Map<number, CipherEnvelope>();
  let inline = false;
  let extraInParts = false;
  // One after another: each unreadable part adds a notice, and notices are read-modify-write.
  for (const [index, value] of stored.entries()) {
    const rawTokens = storedTokens[index];
    const parsedTokens =
      rawTokens === null || rawTokens === undefined ? undefined : partTokensSchema.safeParse(rawTokens);
    let tokens = parsedTokens?.success ? parsedTokens.data : undefined;
    let clear: PartSecrets | undefined = tokens ? clearSecretsOf(tokens) : { tokens: {}, extra: {} };
    if ((parsedTokens && !parsedTokens.success) || !clear) {
      await setAsideUnreadable(registryTokensKey(scope, index), rawTokens, partLabel(index), KEEP);
      tokens = undefined;
      clear = { tokens: {}, extra: {} };
    }
    if (value === null || value === undefined) {
      parts.push([]);
      continue;
    }
    const parsed = storedPartSchema.safeParse(value);
    if (!parsed.success) await setAsideUnreadable(registryBucketKey(scope, index), value, partLabel(index), KEEP);
    const part: StoredPart = parsed.success ? parsed.data : { groups: [] };
    if (part.sealedTokens || part.groups.some((group) => group.token !== undefined)) inline = true;
    if (part.groups.some((group) => Object.keys(group.extra).length > 0)) extraInParts = true;
    const envelope = tokens?.sealed ?? part.sealedTokens;
    if (envelope) sealed.set(index, envelope);
    // A token still in the part (format v2, or a migration that could not run) counts where its key has none.
    parts.push(withSecrets(part.groups, { tokens: { ...tokensOf(part.groups), ...clear.tokens }, extra: clear.extra }));
  }
  return { parts, sealed, current, inline, extraInParts };
}

/**
 * Format v1 → v2: a registry stored as one value is moved into the parts, then removed. Safe to
 * repeat if the worker stops in between: groups already in a part are not added twice. Runs before the
 * move of the tokens to their own keys (v2 → v3), only while the format mark is not written.
 */
async function moveLegacyRegistry(scope: KeyScope, stored: StoredParts, revision: () => string): Promise<boolean> {
  const { parts, sealed } = stored;
  const legacyKey = legacyRegistryKey(scope);
  const legacy: unknown = await storage.getItem(legacyKey);
  if (legacy === null || legacy === undefined) return false;
  // The one-value format predates the passphrase lock: sealed parts beside it are not expected, and
  // merging into one would need its key. The old value stays until it can be moved; nothing is lost.
  if (sealed.size > 0) return false;
  const parsed = registrySchema.safeParse(legacy);
  if (!parsed.success) {
    await setAsideUnreadable(legacyKey, legacy, 'storedUserGroupRegistry', KEEP);
    return false;
  }
  const known = new Set(parts.flat().map(groupKey));
  const next = parts.map((part) => [...part]);
  for (const entry of parsed.data.groups) {
    if (known.has(groupKey(entry))) continue;
    known.add(groupKey(entry));
    next[bucketOf(entry)]!.push(entry);
  }
  const changed = changedBuckets(parts, next);
  if (changed.length > 0) {
    const stamp = revision();
    // Format v2's shape (tokens in the groups): the move to v3 follows at once.
    await writeRegistryBuckets(
      scope,
      new Map(changed.map((index) => [index, { groups: next[index]!, revision: stamp }])),
    );
  }
  await storage.removeItem(legacyKey, { removeMeta: true });
  return true;
}

/**
 * A workspace's registry parts as stored, after any migration (v1 → v2 → v3); `revision` stamps the
 * writes this makes. A part whose tokens are sealed (the passphrase lock is on) has them as '' and its
 * envelope in `sealed`.
 */
export async function loadRegistryParts(scope: KeyScope, revision: () => string): Promise<StoredParts> {
  const stored = await readParts(scope);
  if (stored.current && !stored.inline) return stored;
  const moved = !stored.current && (await moveLegacyRegistry(scope, stored, revision));
  // Marked v3 but a part written in the v2 shape since (by a version before it, or a test): moved again.
  const migrated = await moveTokensOutOfParts(scope, { evenIfMarked: stored.inline });
  return moved || migrated ? readParts(scope) : stored;
}
