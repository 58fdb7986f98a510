import { storage } from '#imports';
import { legacyRegistryKey, readRegistryBuckets, registryBucketKey, writeRegistryBuckets } from './registry-parts';
import { text } from '../../message-ref';
import { setAsideUnreadable } from '../validated-item';
import type { KeyScope } from '../workspace-keys';
import { bucketOf, changedBuckets, REGISTRY_BUCKET_COUNT } from './registry-buckets';
import { registrySchema, type RegistryEntry, groupKey } from './registry-schema';

const KEEP = { keepCorruptCopy: true };

/**
 * Reads every part of the registry and checks it. A part that cannot be read is kept aside under a
 * `corrupt:` key (it holds the only copy of its tokens) and starts empty; the other parts are untouched.
 */
async function readParts(scope: KeyScope): Promise<RegistryEntry[][]> {
  const stored = await readRegistryBuckets(scope);
  const parts: RegistryEntry[][] = [];
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
  }
  return parts;
}

/**
 * Format v1 → v2: a registry stored as one value is moved into the parts, then removed. Safe to
 * repeat if the worker stops in between: groups already in a part are not added twice.
 */
async function moveLegacyRegistry(
  scope: KeyScope,
  parts: RegistryEntry[][],
  revision: () => string,
): Promise<RegistryEntry[][]> {
  const legacyKey = legacyRegistryKey(scope);
  const legacy: unknown = await storage.getItem(legacyKey);
  if (legacy === null || legacy === undefined) return parts;
  const parsed = registrySchema.safeParse(legacy);
  if (!parsed.success) {
    await setAsideUnreadable(legacyKey, legacy, 'storedUserGroupRegistry', KEEP);
    return parts;
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
  return next;
}

/** A workspace's registry parts as stored, after any migration; `revision` stamps the writes this makes. */
export async function loadRegistryParts(scope: KeyScope, revision: () => string): Promise<RegistryEntry[][]> {
  return moveLegacyRegistry(scope, await readParts(scope), revision);
}
