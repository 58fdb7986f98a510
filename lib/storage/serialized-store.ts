import { watchItem } from './watch-item';
import type { StorageItemKey } from '@wxt-dev/storage';
import type { StoredItem } from './storage-api';
import type { z } from 'zod/mini';
import { readValidated, type StoredLabel } from './validated-item';
import { createSerialQueue } from '../async/serial-queue';
import { stageIn, writePrepared, type PreparedWrite, type StagedWrite } from './staged-write';

/** Values the store stamps on every write, so that it can tell its own writes from anyone else's. */
export type Revisioned = { revision?: string } | null;

/** Other keys written in the same storage call as the new value: stored together or not at all. */
export type Alongside = { key: StorageItemKey; value: unknown }[];

export type StoreChange<T, R> = (current: T) => { value: T; result: R; alongside?: Alongside };

/**
 * A stored value with one owner (the background): changes run one after another, each on the latest
 * value, and each is persisted before it resolves. The last value read or written is kept in memory,
 * so a long series of changes (a bulk create) does not re-read and re-validate the whole value each
 * time; a change by anyone else (another context, a test) arrives through storage.onChanged without
 * our revision, and drops that copy.
 */
export function createSerializedStore<T extends Revisioned>(
  item: StoredItem<T>,
  schema: z.ZodMiniType<T>,
  label: StoredLabel,
  options: { keepCorruptCopy?: boolean } = {},
) {
  const serially = createSerialQueue();
  let cached: { value: T } | undefined;
  let ownRevision: string | undefined;
  watchItem(item, (stored) => {
    if (stored?.revision === undefined || stored.revision !== ownRevision) cached = undefined;
  });

  async function read(): Promise<T> {
    if (cached) return cached.value;
    const value = await readValidated(item, schema, label, options);
    cached = { value };
    return value;
  }

  /** The change on the latest value, ready to store: the entries to write and how to take the outcome. */
  async function prepare<R>(change: StoreChange<T, R>): Promise<PreparedWrite<R>> {
    const current = await read();
    const { value, result, alongside = [] } = change(current);
    if (value === current) return { entries: [], result, stored: () => undefined, notStored: () => undefined };
    const revision = crypto.randomUUID();
    const stamped = (value === null ? null : { ...value, revision }) as T;
    ownRevision = revision;
    // Checked before writing, so that a bug cannot store what a read would reject.
    const entries = [{ key: item.key, value: schema.parse(stamped) }, ...alongside];
    return {
      entries,
      result,
      stored: () => {
        cached = { value: stamped };
      },
      notStored: () => {
        cached = undefined;
      },
    };
  }

  return {
    read,
    update<R>(change: StoreChange<T, R>): Promise<R> {
      return serially(async () => writePrepared(await prepare(change)));
    },
    /**
     * The change prepared and held (no other change runs) until it is written with other stores' in
     * one storage call (staged-write.ts `commitTogether`).
     */
    stage<R>(change: StoreChange<T, R>): Promise<StagedWrite<R>> {
      return stageIn(serially, () => prepare(change));
    },
  };
}
