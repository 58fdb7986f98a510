import { readUnsettledCreates, unsettledCreatesKey } from '../storage/unsettled-creates-item';
import { setAsideUnreadable } from '../storage/validated-item';
import type { KeyScope } from '../workspaces/workspace-keys';
import { isSameCreate, unsettledCreatesSchema, type GroupRef, type UnsettledCreate } from './registry-schema';

/**
 * Creates whose answer was lost (see unsettledCreateSchema). Pure: each returns the list unchanged
 * (the same array) when there is nothing to change, so that the writer skips the write.
 */

/** Records a create of unknown outcome; an earlier mark for the same (environment, id) is replaced. */
export function recordUnsettledCreate(creates: readonly UnsettledCreate[], create: UnsettledCreate): UnsettledCreate[] {
  const ref = { environment: create.environment, userGroupId: create.userGroupId };
  return [...creates.filter((candidate) => !isSameCreate(candidate, ref)), create];
}

/** A create of this (environment, id) succeeded, or the user dismissed the mark: it is settled. */
export function settleCreate<T extends readonly UnsettledCreate[]>(creates: T, ref: GroupRef): T | UnsettledCreate[] {
  return creates.some((create) => isSameCreate(create, ref))
    ? creates.filter((create) => !isSameCreate(create, ref))
    : creates;
}

/**
 * The stored list, checked. A value that cannot be read is kept aside under a `corrupt:` key (it may
 * be the only hint that a group exists with a token nobody has) and the list starts empty.
 */
export async function loadUnsettledCreates(scope: KeyScope): Promise<readonly UnsettledCreate[]> {
  const stored = await readUnsettledCreates(scope);
  if (stored === null || stored === undefined) return [];
  const parsed = unsettledCreatesSchema.safeParse(stored);
  if (parsed.success) return parsed.data.creates;
  await setAsideUnreadable(unsettledCreatesKey(scope), stored, 'storedUnsettledCreates', { keepCorruptCopy: true });
  return [];
}
