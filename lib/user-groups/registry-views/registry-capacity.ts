import { countedText, text, type MessageRef } from '../../message-ref';
import { megabytes, utf8Length } from '../../storage/storage-usage';
import type { BulkRow } from '../../storage/bulk-job/bulk-row-schema';
import { groupKey } from '../../storage/registry/registry-schema';
import type { Registry, RegistryEntry } from '../../storage/registry/registry-schema';

/**
 * The most that one workspace's keys in storage.local may hold after an import or a bulk create:
 * 10 MiB, Chrome's storage.local quota without `unlimitedStorage` (about 9,000 groups with 1 KB
 * tokens, 30,000 with the service's short ones). The extension asks for `unlimitedStorage` so that a
 * write that must not fail (a rotation's new token) never meets a quota, and so that 20 workspaces of
 * 10,000 groups fit; growth is kept within this budget per workspace instead: it is about one registry
 * staying workable (the options page and the export, one message, are known to work with it). See
 * docs/storage.md, "Storage limits".
 */
export const STORAGE_BUDGET_BYTES = 10 * 1024 * 1024;

/** What a change would add: groups, and bytes as stored (negative when it shrinks the registry). */
export interface Growth {
  groups: number;
  bytes: number;
}

export interface StorageUsage {
  usedBytes: number;
  storedGroups: number;
}

/** An entry's size as stored: its JSON (the parts' keys and stamps are shared by many groups). */
export const storedSize = (entry: RegistryEntry) => utf8Length(JSON.stringify(entry));

/** How much writing these entries into the registry would add, new entries and replaced ones alike. */
export function growthOf(registry: Registry, entries: readonly RegistryEntry[]): Growth {
  const stored = new Map(registry.groups.map((entry) => [groupKey(entry), entry]));
  const growth: Growth = { groups: 0, bytes: 0 };
  for (const entry of entries) {
    const previous = stored.get(groupKey(entry));
    if (!previous) growth.groups += 1;
    growth.bytes += storedSize(entry) - (previous ? storedSize(previous) : 0);
  }
  return growth;
}

/** The service's tokens are a few dozen characters: a bulk create's estimate assumes this many. */
const ESTIMATED_TOKEN_LENGTH = 64;

/** What a bulk create of these (new) rows will add: each group as stored, and the row the job keeps until it ends. */
export function bulkGrowth(rows: readonly BulkRow[], now: string): Growth {
  let bytes = 0;
  for (const row of rows) {
    const group = {
      team_id: 0,
      token: 'x'.repeat(ESTIMATED_TOKEN_LENGTH),
      name: row.name,
      provided_id: row.userGroupId,
      environment: row.environment,
      createdAt: now,
      lastRotatedAt: null,
      extra: {},
    };
    bytes += storedSize(group) + utf8Length(JSON.stringify(row));
  }
  return { groups: rows.length, bytes };
}

/** Why a change that grows the registry this much cannot be stored (a named text), or undefined when it fits. */
export function capacityProblem(
  usage: StorageUsage,
  growth: Growth,
  limitBytes = STORAGE_BUDGET_BYTES,
): MessageRef | undefined {
  if (growth.bytes <= 0 || usage.usedBytes + growth.bytes <= limitBytes) return undefined;
  return text(
    'capacityNotEnoughRoom',
    countedText('capacityGroups', growth.groups),
    megabytes(growth.bytes),
    countedText('capacityGroups', usage.storedGroups),
    megabytes(usage.usedBytes),
    megabytes(limitBytes),
  );
}
