import { type Environment } from '../../environment';
import type { WireUserGroup } from '../../api/user-group-api';
import { isSameGroup, type GroupRef, type Registry, type RegistryEntry } from '../../storage/registry/registry-schema';
import { text, type MessageRef } from '../../message-ref';

const KNOWN_FIELDS = new Set(['team_id', 'token', 'name', 'provided_id', 'api_environment_tag']);

function extraFields(group: WireUserGroup): Record<string, unknown> {
  return Object.fromEntries(Object.entries(group).filter(([key]) => !KNOWN_FIELDS.has(key)));
}

export function findGroup(registry: Registry, ref: GroupRef): RegistryEntry | undefined {
  return registry.groups.find((entry) => isSameGroup(entry, ref));
}

/** The issue date of `token`: the stored one's when it is the same token (unknown stays unknown), else `now`. */
function issuedWith(existing: RegistryEntry | undefined, token: string, now: string): { issuedAt?: string } {
  if (existing?.token !== token) return { issuedAt: now };
  return existing.issuedAt === undefined ? {} : { issuedAt: existing.issuedAt };
}

function replaceGroup(
  registry: Registry,
  ref: GroupRef,
  change: (entry: RegistryEntry) => RegistryEntry | undefined,
): Registry {
  const groups: RegistryEntry[] = [];
  for (const entry of registry.groups) {
    if (!isSameGroup(entry, ref)) groups.push(entry);
    else {
      const changed = change(entry);
      if (changed) groups.push(changed);
    }
  }
  return { groups };
}

/**
 * Records what the service returned for a create. An entry for the same (environment, id) is
 * updated in place, so one group never shows twice. The token is issued `now` (created, or learned
 * through get-or-create), unless it is the one already stored, whose date stays.
 */
export function upsertFromService(
  registry: Registry,
  group: WireUserGroup,
  environment: Environment,
  now: string,
): Registry {
  const ref = { environment, userGroupId: group.provided_id };
  const existing = findGroup(registry, ref);
  const entry: RegistryEntry = {
    team_id: group.team_id,
    token: group.token,
    name: group.name,
    provided_id: group.provided_id,
    environment,
    createdAt: existing?.createdAt ?? now,
    lastRotatedAt: existing?.lastRotatedAt ?? null,
    ...issuedWith(existing, group.token, now),
    extra: { ...existing?.extra, ...extraFields(group) },
  };
  if (!existing) return { groups: [...registry.groups, entry] };
  return replaceGroup(registry, ref, () => entry);
}

/** Journal: a rotation is about to be sent. */
export function markRotationPending(registry: Registry, ref: GroupRef, now: string): Registry {
  return replaceGroup(registry, ref, (entry) => ({ ...entry, rotation: { state: 'pending', since: now } }));
}

/** The new token replaces the old one and the mark is cleared, in one write. */
export function applyRotation(registry: Registry, ref: GroupRef, group: WireUserGroup, now: string): Registry {
  return replaceGroup(registry, ref, (entry) => ({
    ...entry,
    token: group.token,
    name: group.name,
    team_id: group.team_id,
    lastRotatedAt: now,
    issuedAt: now,
    rotation: undefined,
    extra: { ...entry.extra, ...extraFields(group) },
  }));
}

/** The answer was lost: the old token is kept but flagged, never shown as surely current. */
export function markRotationUnknown(registry: Registry, ref: GroupRef, message: MessageRef, now: string): Registry {
  return replaceGroup(registry, ref, (entry) => ({ ...entry, rotation: { state: 'unknown', since: now, message } }));
}

/** The service surely did not rotate (it refused, or the request never left): drop the mark. */
export function clearRotationMark(registry: Registry, ref: GroupRef): Registry {
  return replaceGroup(registry, ref, (entry) => ({ ...entry, rotation: undefined }));
}

/**
 * The token get-or-create returned is the one the service has now: it replaces the stored one, and a
 * rotation whose outcome was unknown is settled (if the token changed, that rotation did happen). A
 * token this browser did not have is issued `now`, when it was learned.
 */
export function applyLearnedToken(registry: Registry, ref: GroupRef, group: WireUserGroup, now: string): Registry {
  return replaceGroup(registry, ref, (entry) => ({
    ...entry,
    ...issuedWith(entry, group.token, now),
    token: group.token,
    name: group.name,
    team_id: group.team_id,
    lastRotatedAt: group.token === entry.token ? entry.lastRotatedAt : (entry.rotation?.since ?? entry.lastRotatedAt),
    rotation: undefined,
    extra: { ...entry.extra, ...extraFields(group) },
  }));
}

/** The answer to a delete was lost: the group is kept, flagged, since it may already be gone from the service. */
export function markDeleteUnknown(registry: Registry, ref: GroupRef, message: MessageRef, now: string): Registry {
  return replaceGroup(registry, ref, (entry) => ({ ...entry, deleteOutcomeUnknown: { since: now, message } }));
}

/** The delete surely did not happen (it was refused, or never sent): drop the mark its journal set. */
export function clearDeleteUnknown(registry: Registry, ref: GroupRef): Registry {
  return replaceGroup(registry, ref, (entry) => ({ ...entry, deleteOutcomeUnknown: undefined }));
}

export function removeGroup(registry: Registry, ref: GroupRef): Registry {
  return replaceGroup(registry, ref, () => undefined);
}

/** Marks left `pending` by a worker that stopped mid-rotation can only mean "unknown" now. */
export function settleOrphanedRotations(registry: Registry, now: string): Registry {
  if (!registry.groups.some((entry) => entry.rotation?.state === 'pending')) return registry;
  return {
    groups: registry.groups.map((entry) =>
      entry.rotation?.state === 'pending'
        ? { ...entry, rotation: { state: 'unknown', since: now, message: text('errorStoppedMidRotation') } }
        : entry,
    ),
  };
}
