import { groupKey } from './registry-schema';
import type { RegistryEntry } from './registry-schema';

/**
 * The registry is stored in this many parts, a group's part chosen by a hash of its (environment, id):
 * a change rewrites one part of ~1/256 of the registry instead of all of it (a write to extension
 * storage costs time in proportion to the value written). Changing the count needs a migration.
 */
export const REGISTRY_BUCKET_COUNT = 256;

const bucketCache = new WeakMap<RegistryEntry, number>();

/** FNV-1a over the group's key (groupKey): stable across versions and browsers, and spreads ids evenly. */
export function bucketOfGroup(group: Pick<RegistryEntry, 'environment' | 'provided_id'>): number {
  const key = groupKey(group);
  let hash = 0x811c9dc5;
  for (let index = 0; index < key.length; index += 1) {
    hash ^= key.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % REGISTRY_BUCKET_COUNT;
}

/** The part of a stored entry (bucketOfGroup, remembered for the entry). */
export function bucketOf(entry: RegistryEntry): number {
  const cached = bucketCache.get(entry);
  if (cached !== undefined) return cached;
  const bucket = bucketOfGroup(entry);
  bucketCache.set(entry, bucket);
  return bucket;
}

/** The groups of each part, in the order given. */
export function splitIntoBuckets(groups: readonly RegistryEntry[]): RegistryEntry[][] {
  const buckets = Array.from({ length: REGISTRY_BUCKET_COUNT }, (): RegistryEntry[] => []);
  for (const entry of groups) buckets[bucketOf(entry)]!.push(entry);
  return buckets;
}

/** Parts made by splitIntoBuckets or splitChanged: each part holds exactly the groups of its bucket. */
const splitParts = new WeakSet<readonly RegistryEntry[][]>();

/**
 * The parts of `after`, given `parts`, the parts of `before`: only the parts of the entries that differ
 * are made again, the others kept (the same arrays), so that a change of a few groups costs no more
 * than those parts. Parts as read from storage (a group may have been stored in another part, by hand
 * or by an older version), a shorter registry or many entries changed: every part is made again.
 */
export function splitChanged(
  parts: RegistryEntry[][],
  before: readonly RegistryEntry[],
  after: readonly RegistryEntry[],
): RegistryEntry[][] {
  if (!splitParts.has(parts) || after.length < before.length) return remember(splitIntoBuckets(after));
  const touched = new Set<number>();
  for (let index = 0; index < after.length; index += 1) {
    const old = before[index];
    const next = after[index]!;
    if (old === next) continue;
    if (old !== undefined) touched.add(bucketOf(old));
    touched.add(bucketOf(next));
    if (touched.size > 8) return remember(splitIntoBuckets(after));
  }
  const next = [...parts];
  for (const bucket of touched) next[bucket] = [];
  if (touched.size > 0) for (const entry of after) if (touched.has(bucketOf(entry))) next[bucketOf(entry)]!.push(entry);
  return remember(next);
}

function remember(parts: RegistryEntry[][]): RegistryEntry[][] {
  splitParts.add(parts);
  return parts;
}

/** The parts whose groups differ. Changes replace the entries they touch, so identity tells what changed. */
export function changedBuckets(
  before: readonly (readonly RegistryEntry[])[],
  after: readonly (readonly RegistryEntry[])[],
): number[] {
  const changed: number[] = [];
  for (let index = 0; index < REGISTRY_BUCKET_COUNT; index += 1) {
    const old = before[index] ?? [];
    const next = after[index] ?? [];
    if (old.length !== next.length || old.some((entry, position) => entry !== next[position])) changed.push(index);
  }
  return changed;
}
