import type { StorageItemKey } from '@wxt-dev/storage';
import { storage } from './storage-api';
import type { SerialQueue } from '../async/serial-queue';

/** How a staged write ended: stored, or not (the storage call failed, or the caller gave it up). */
export type StagedOutcome = { ok: true } | { ok: false; error: unknown };

/**
 * A change a store has prepared but not written: the values to store and what the change answers.
 * The store's queue waits (no other change of that store runs) until `settle` says whether the values
 * were stored: `commitTogether` writes several stores' staged changes in one storage call, so that a
 * row of a job (its group, its activity entry, its outcome) is stored whole or not at all. `settle` is
 * called exactly once; it resolves when the store has taken the outcome (its copy in memory updated).
 */
export interface StagedWrite<T = unknown> {
  entries: readonly { key: StorageItemKey; value: unknown }[];
  result: T;
  settle(outcome: StagedOutcome): Promise<void>;
}

/** What a store prepares: the entries, the answer, and what it does once they are stored or not. */
export interface PreparedWrite<T> {
  entries: readonly { key: StorageItemKey; value: unknown }[];
  result: T;
  stored(): void | Promise<void>;
  notStored(): void;
}

/**
 * Runs `prepare` in the store's queue and hands back its write, the queue held until the write is
 * settled. A failure to prepare rejects, and the queue goes on.
 */
export function stageIn<T>(serially: SerialQueue, prepare: () => Promise<PreparedWrite<T>>): Promise<StagedWrite<T>> {
  return new Promise<StagedWrite<T>>((resolve, reject) => {
    void serially(async () => {
      let prepared: PreparedWrite<T>;
      try {
        prepared = await prepare();
      } catch (error) {
        // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- passed on as thrown, whatever it is
        reject(error);
        return;
      }
      let taken!: () => void;
      const done = new Promise<void>((resolveTaken) => (taken = resolveTaken));
      let outcome!: (value: StagedOutcome) => void;
      const settled = new Promise<StagedOutcome>((resolveOutcome) => (outcome = resolveOutcome));
      let once = false;
      resolve({
        entries: prepared.entries,
        result: prepared.result,
        settle(value) {
          if (!once) {
            once = true;
            outcome(value);
          }
          return done;
        },
      });
      try {
        if ((await settled).ok) await prepared.stored();
        else prepared.notStored();
      } finally {
        taken();
      }
    });
  });
}

/** Stores and settles a change prepared outside a commit (its store's own `update`). */
export async function writePrepared<T>(prepared: PreparedWrite<T>): Promise<T> {
  if (prepared.entries.length > 0) {
    try {
      await storage.setItems([...prepared.entries]);
    } catch (error) {
      prepared.notStored();
      throw error;
    }
  }
  await prepared.stored();
  return prepared.result;
}

/**
 * Writes the staged changes of several stores in one storage call (one per storage area: every key
 * here is `local:`), then lets each store take its outcome. Rejects with the storage call's error,
 * after every store has been told that nothing was stored.
 */
export async function commitTogether(staged: readonly StagedWrite[]): Promise<void> {
  const entries = staged.flatMap((write) => write.entries);
  try {
    if (entries.length > 0) await storage.setItems(entries);
  } catch (error) {
    await Promise.all(staged.map((write) => write.settle({ ok: false, error })));
    throw error;
  }
  await Promise.all(staged.map((write) => write.settle({ ok: true })));
}

/** Gives up staged changes (nothing written): each store forgets what it prepared. */
export async function abandonStaged(staged: readonly StagedWrite[], error: unknown): Promise<void> {
  await Promise.all(staged.map((write) => write.settle({ ok: false, error })));
}
