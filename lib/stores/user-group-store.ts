import { create } from 'zustand';
import { userGroupRegistryItem } from '../storage/user-group-registry-item';
import { registrySchema, type RegistryEntry } from '../user-groups/registry-schema';

interface UserGroupState {
  groups: RegistryEntry[];
  loaded: boolean;
  /** Set when stored data could not be read; the background keeps it aside and resets it. */
  unreadable: boolean;
}

export const useUserGroupStore = create<UserGroupState>(() => ({ groups: [], loaded: false, unreadable: false }));

function show(value: unknown) {
  const parsed = registrySchema.safeParse(value);
  useUserGroupStore.setState(
    parsed.success ? { groups: parsed.data.groups, loaded: true, unreadable: false } : { loaded: true, unreadable: true },
  );
}

/**
 * Mirrors the registry for the options page: storage is the source of truth (the background writes
 * it), so every tab sees every change. The page only reads; changes go through messages.
 */
export function startUserGroupStore(): () => void {
  void userGroupRegistryItem.getValue().then(show);
  return userGroupRegistryItem.watch(show);
}
