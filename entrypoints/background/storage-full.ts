import type { Handlers } from '@/lib/messaging/router';
import { fail } from '@/lib/result';
import { isStorageFull, storageFullText } from '@/lib/storage/storage-full';

type AnyHandler = (request: { workspaceId?: string }, sender: never) => Promise<unknown>;

/**
 * Every handler, with a storage write the browser refuses for want of room (a quota, a full disk)
 * answered as STORAGE_FULL with what uses the space and what to export or clear, instead of a crash
 * report. Nothing is half-written: each change is one storage call, which the browser stores whole or
 * not at all, and the handler stopped at the refusal. Any other failure is left to the router.
 */
export function answeringStorageFull(handlers: Handlers): Handlers {
  const guarded = Object.entries(handlers as unknown as Record<string, AnyHandler>).map(
    ([name, handler]): [string, AnyHandler] => [
      name,
      async (request, sender) => {
        try {
          return await handler(request, sender);
        } catch (error) {
          if (!isStorageFull(error)) throw error;
          return fail('STORAGE_FULL', await storageFullText(request?.workspaceId));
        }
      },
    ],
  );
  return Object.fromEntries(guarded) as unknown as Handlers;
}
