import { storage } from '#imports';
import { EMPTY_REGISTRY, type Registry } from '../user-groups/registry-schema';

/** Every user group and its token. Written only by the background, one change at a time. */
export const userGroupRegistryItem = storage.defineItem<Registry>('local:userGroupRegistry', {
  fallback: EMPTY_REGISTRY,
  version: 1,
});
