import type { StorageItemKey } from '@wxt-dev/storage';
import type { z } from 'zod/mini';
import { storage } from './storage-api';
import { watchKey } from './watch-item';

/**
 * One stored value of the extension as a whole that has had one shape so far (no version, no migration):
 * its key and its schema, said once. Read checked: undefined when absent or of another shape, never a
 * throw and never a write, so that pages may read it too. Written checked: a bug cannot store what a
 * read would reject. Followed through watchKey, checked the same way.
 */
export function checkedValue<T>(key: StorageItemKey, schema: z.ZodMiniType<T>) {
  const check = (value: unknown): T | undefined => {
    const parsed = schema.safeParse(value);
    return parsed.success ? parsed.data : undefined;
  };
  return {
    read: async (): Promise<T | undefined> => check(await storage.getItem(key)),
    write: async (value: T): Promise<void> => storage.setItem(key, schema.parse(value)),
    watch: (callback: (value: T | undefined) => void): (() => void) => watchKey(key, (value) => callback(check(value))),
  };
}
