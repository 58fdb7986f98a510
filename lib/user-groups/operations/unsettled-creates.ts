import { isSameCreate, type GroupRef, type UnsettledCreate } from '../../storage/registry/registry-schema';

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
