import { storage } from '../storage-api';
import type { CipherEnvelope } from '../../crypto/aes-gcm';
import { legacyRegistryKey, readRegistryBuckets, registryBucketKey, writeRegistryBuckets } from './registry-parts';
import { text } from '../../message-ref';
import { setAsideUnreadable } from '../validated-item';
import type { KeyScope } from '../workspace-keys';
import { bucketOf, changedBuckets, REGISTRY_BUCKET_COUNT } from './registry-buckets';
import { registrySchema, type RegistryEntry, groupKey } from './registry-schema';

const KEEP = { keepCorruptCopy: true };

/** The registry's parts as stored: each part's groups, and the sealed tokens of the parts that have them. */
export interface StoredParts {
  parts: RegistryEntry[][];
  sealed: ReadonlyMap<number, CipherEnvelope>;
}

/**
 * Reads every part of the registry and checks it. A part that cannot be read is kept aside under a
 * `corrupt:` key (it holds the only copy of its tokens) and starts empty; the other parts are untouched.
 */
async function readParts(scope: KeyScope): Promise<StoredParts> {
  const stored = await readRegistryBuckets(scope);
  const parts: RegistryEntry[][] = [];
  const sealed = new Map<number, CipherEnvelope>();
  // One after another: each unreadable part adds a notice, and notices are read-modify-write.
  for (const [index, value] of stored.entries()) {
    if (value === null || value === undefined) {
      parts.push([]);
      continue;
    }
    const parsed = registrySchema.safeParse(value);
    if (!parsed.success)
      await setAsideUnreadable(
        registryBucketKey(scope, index),
        value,
        text('storedUserGroupRegistryPart', index + 1, REGISTRY_BUCKET_COUNT),
        KEEP,
      );
    parts.push(parsed.success ? parsed.data.groups : []);
    if (parsed.success && parsed.data.sealedTokens) sealed.set(index, parsed.data.sealedTokens);
  }
  return { parts, sealed };
}

/**
 * Format v1 → v2: a registry stored as one value is moved into the parts, then removed. Safe to
 * repeat if the worker stops in between: groups already in a part are not added twice.
 */
async function moveLegacyRegistry(scope: KeyScope, stored: StoredParts, revision: () => string): Promise<StoredParts> {
  const { parts, sealed } = stored;
  const legacyKey = legacyRegistryKey(scope);
  const legacy: unknown = await storage.getItem(legacyKey);
  if (legacy === null || legacy === undefined) return stored;
  // The one-value format predates the passphrase lock: sealed parts beside it are not expected, and
  // merging into one would need its key. The old value stays until it can be moved; nothing is lost.
  if (sealed.size > 0) return stored;
  const parsed = registrySchema.safeParse(legacy);
  if (!parsed.success) {
    await setAsideUnreadable(legacyKey, legacy, 'storedUserGroupRegistry', KEEP);
    return stored;
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
    await writeRegistryBuckets(
      scope,
      new Map(changed.map((index) => [index, { groups: next[index]!, revision: stamp }])),
    );
  }
  await storage.removeItem(legacyKey, { removeMeta: true });
  return { parts: next, sealed };
}

/**
 * A workspace's registry parts as stored, after any migration; `revision` stamps the writes this makes.
 * A part whose tokens are sealed (the passphrase lock is on) has them as '' and its envelope in `sealed`.
 */
export async function loadRegistryParts(scope: KeyScope, revision: () => string): Promise<StoredParts> {
  return moveLegacyRegistry(scope, await readParts(scope), revision);
}
