import type { Routes } from '@/lib/messaging/router';
import { fail } from '@/lib/result';
import { isStorageFull, storageFullText } from '@/lib/storage/storage-full';

/**
 * A storage write the browser refused for want of room (a quota, a full disk), answered as STORAGE_FULL
 * with what uses the space and what to export or clear, instead of the router's crash report. Nothing is
 * half-written: each change is one storage call, stored whole or not at all, and the handler stopped at
 * the refusal. Any other failure is left to the router.
 */
export const answerStorageFull: NonNullable<Routes['failure']> = async (error, request) =>
  isStorageFull(error)
    ? fail('STORAGE_FULL', await storageFullText((request as { workspaceId?: string } | undefined)?.workspaceId))
    : undefined;
