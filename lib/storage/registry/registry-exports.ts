import { storage } from '../storage-api';
import { z } from 'zod/mini';
import type { RegistryEntry } from './registry-schema';
import { scopedKey, type KeyScope } from '../workspace-keys';

/**
 * When a workspace's registry was last read for an export (`ws.<id>.lastRegistryExport`, ISO time),
 * so that deleting the workspace can say how many tokens exist only in this browser.
 */
const exportedAtKey = (scope: KeyScope) => scopedKey(scope, 'lastRegistryExport');

export async function noteRegistryExport(scope: KeyScope, at: Date): Promise<void> {
  await storage.setItem(exportedAtKey(scope), at.toISOString());
}

export async function lastRegistryExport(scope: KeyScope): Promise<string | undefined> {
  const stored = z.string().safeParse(await storage.getItem(exportedAtKey(scope)));
  return stored.success ? stored.data : undefined;
}

/** Groups whose current token no export holds: created or rotated after `exportedAt` (all, never exported). */
export function tokensNotExported(groups: readonly RegistryEntry[], exportedAt: string | undefined): number {
  if (exportedAt === undefined) return groups.length;
  return groups.filter((group) => (group.lastRotatedAt ?? group.createdAt) > exportedAt).length;
}
