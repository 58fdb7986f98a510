import { LOCKED_MESSAGE } from '@/lib/storage/lock/lock-keys';
import type { LockService } from '@/lib/lock/lock-service';
import type { LockAfter, LockStatus } from '@/lib/storage/lock/lock-schema';
import type { ExtensionHandlersOf } from '@/lib/messaging/router';
import type * as lockAdminMessages from '@/lib/messaging/messages/lock-admin-messages';
import type * as lockMessages from '@/lib/messaging/messages/lock-messages';
import { ok, type Result } from '@/lib/result';
import type { Workspaces } from './workspaces';

type LockHandlers = ExtensionHandlersOf<typeof lockMessages & typeof lockAdminMessages>;

export interface LockHooks {
  /** After unlocking: work that needs a secret (the policy's secrets, bulk jobs) carries on. */
  onUnlocked?: () => Promise<void>;
  /** The idle time that locks changed (or the lock turned on or off). */
  onLockAfter?: (lockAfter: LockAfter | undefined) => Promise<void>;
}

/** Every workspace's bulk job that the lock paused carries on; running ones are woken. */
export async function resumeLockedJobs(workspaces: Workspaces): Promise<void> {
  const paused = await workspaces.storedJobs(
    (job) => job.status === 'paused' && job.message?.key === LOCKED_MESSAGE.key,
  );
  for (const { workspaceId, item } of paused)
    if ((await workspaces.open(workspaceId)).ok) await workspaces.jobRunnerOf(workspaceId, item).resume();
  await workspaces.wakeBulkJobs();
}

/** The passphrase lock's messages (design.md §10); after a success, the hooks run (errors logged, never answered). */
export function createLockHandlers(lock: LockService, hooks: LockHooks = {}): LockHandlers {
  const then = (result: Result<LockStatus>, unlocked: boolean, lockAfter?: LockAfter | null): Result<LockStatus> => {
    if (!result.ok) return result;
    if (lockAfter !== undefined) void hooks.onLockAfter?.(lockAfter ?? undefined);
    if (unlocked) {
      void hooks.onUnlocked?.().catch((error: unknown) => {
        console.error(
          `Review Companion: work after unlocking failed (${error instanceof Error ? error.name : 'unknown'}).`,
        );
      });
    }
    return result;
  };
  return {
    getLockStatus: async () => ok(await lock.status()),
    unlock: async ({ passphrase }) => then(await lock.unlock(passphrase), true),
    turnOnLock: async ({ passphrase, lockAfter }) => then(await lock.turnOn(passphrase, lockAfter), false, lockAfter),
    changeLockPassphrase: async ({ passphrase, newPassphrase }) =>
      then(await lock.changePassphrase(passphrase, newPassphrase), true),
    turnOffLock: async ({ passphrase }) => then(await lock.turnOff(passphrase), true, null),
    lockNow: () => lock.lockNow(),
    setLockAfter: async ({ lockAfter }) => then(await lock.setLockAfter(lockAfter), false, lockAfter),
    describeForgetCredentials: async () => ok(await lock.describeForgetEverything()),
    forgetAllCredentials: async () => {
      const forgotten = await lock.forgetEverything();
      if (forgotten.ok) void hooks.onLockAfter?.(undefined);
      return forgotten;
    },
  };
}
