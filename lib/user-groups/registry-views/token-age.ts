import type { RegistryEntry } from '../../storage/registry/registry-schema';

export const DAY_MS = 86_400_000;

/** When the group's current token was issued (ms), or undefined when that is unknown. */
export function issuedTime(group: Pick<RegistryEntry, 'issuedAt'>): number | undefined {
  if (group.issuedAt === undefined) return undefined;
  const at = Date.parse(group.issuedAt);
  return Number.isNaN(at) ? undefined : at;
}

/** Whole days since the token was issued (0 on its first day), or undefined when unknown. */
export function tokenAgeDays(group: Pick<RegistryEntry, 'issuedAt'>, now: number): number | undefined {
  const at = issuedTime(group);
  return at === undefined ? undefined : Math.max(0, Math.floor((now - at) / DAY_MS));
}

/**
 * Due for rotation: a rotation period is set (not Off) and the token is at least that many days old.
 * A token of unknown age is never counted as due (nothing says it is old; the list offers them on
 * their own), nor a group whose delete may have gone through (rotating would bring it back).
 */
export function isDue(
  group: Pick<RegistryEntry, 'issuedAt' | 'deleteOutcomeUnknown'>,
  everyDays: number,
  now: number,
): boolean {
  if (everyDays <= 0 || group.deleteOutcomeUnknown) return false;
  const age = tokenAgeDays(group, now);
  return age !== undefined && age >= everyDays;
}

/** The groups due for rotation, in the order given. */
export function dueGroups<T extends Pick<RegistryEntry, 'issuedAt' | 'deleteOutcomeUnknown'>>(
  groups: readonly T[],
  everyDays: number,
  now: number,
): T[] {
  return everyDays > 0 ? groups.filter((group) => isDue(group, everyDays, now)) : [];
}

/** How many groups are due, and how many have a token of unknown age. */
export function ageCounts(
  groups: readonly Pick<RegistryEntry, 'issuedAt' | 'deleteOutcomeUnknown'>[],
  everyDays: number,
  now: number,
): { due: number; unknown: number } {
  let due = 0;
  let unknown = 0;
  for (const group of groups) {
    if (issuedTime(group) === undefined) unknown += 1;
    else if (isDue(group, everyDays, now)) due += 1;
  }
  return { due, unknown };
}
