import { browser } from 'wxt/browser';
import { createSerialQueue } from '../async/serial-queue';
import { canonicalJson } from '../hash/sha256';

// Every write to storage goes through here (a lint rule, scripts/storage-door.ts, keeps every other
// module of lib/storage to reads), so that a value derived from others can be written in the same
// storage call as any of them: the popup's stored view (lib/projects/popup-view.ts) is never behind a
// change, even when the worker stops right after it.

export type WritableArea = 'local' | 'session' | 'sync';
type Values = Record<string, unknown>;
/** Reads these keys of an area: each key's value, undefined where none. */
export type AreaRead = (names: string[]) => Promise<Values>;

/** A value kept in step with the values it follows, installed by the background (its composition root). */
export interface WriteCompanion {
  /** Whether a change of this key of this area may change what the companion holds. */
  follows(area: WritableArea, name: string): boolean;
  /**
   * What to write in the same call as `values` (the change about to be written; a key being removed is
   * there as `undefined`; none: made afresh, rewriteCompanion), given the area as it will be once they
   * are written (`read`). Must not throw, and must not write: it runs inside the write, and the next
   * write waits for it.
   */
  alongside(area: WritableArea, values: Values, read: AreaRead): Promise<Values>;
}

let companion: WriteCompanion | undefined;
// The companion reads what the writes before it stored: its writes go one after another.
const inTurn = createSerialQueue();

/** Installs (or removes) the companion; pages never do: only the background writes what it follows. */
export function setWriteCompanion(next: WriteCompanion | undefined): void {
  companion = next;
}

export const readArea =
  (area: WritableArea): AreaRead =>
  async (names) =>
    names.length === 0 ? {} : browser.storage[area].get(names);

/** The area as it will be once `values` are written: theirs where they name a key, the stored one elsewhere. */
const readAfter =
  (area: WritableArea, values: Values): AreaRead =>
  async (names) => {
    const stored = await readArea(area)(names.filter((name) => !(name in values)));
    return Object.fromEntries(names.map((name) => [name, name in values ? values[name] : stored[name]]));
  };

const followed = (area: WritableArea, names: readonly string[]): WriteCompanion | undefined =>
  companion && names.some((name) => companion!.follows(area, name)) ? companion : undefined;

/**
 * Writes these values in one call, with whatever the companion keeps in step with them. `removed`: keys
 * to remove first; a removal cannot carry a value, so the companion's follows in the same turn, before
 * any other write it follows.
 */
export function writeArea(area: WritableArea, values: Values, removed: string[] = []): Promise<void> {
  const storageArea = browser.storage[area];
  const change = { ...values, ...Object.fromEntries(removed.map((name) => [name, undefined])) };
  const keeper = followed(area, Object.keys(change));
  const write = async (alongside?: Values) => {
    const all = { ...values, ...alongside };
    if (removed.length > 0) await storageArea.remove(removed);
    if (Object.keys(all).length > 0) await storageArea.set(all);
  };
  return keeper ? inTurn(async () => write(await keeper.alongside(area, change, readAfter(area, change)))) : write();
}

/** Removes these keys (see writeArea). */
export const removeFromArea = (area: WritableArea, names: string | string[]): Promise<void> =>
  writeArea(area, {}, typeof names === 'string' ? [names] : names);

/**
 * At the worker's start: what the companion holds for the area, made afresh from storage, written when
 * it differs from what is stored (missing, of an older format, behind a value written around this door:
 * a test's seed, data restored by hand). One value made and compared; a write only when it differs.
 */
export function rewriteCompanion(area: WritableArea): Promise<void> {
  const keeper = companion;
  return keeper
    ? inTurn(async () => {
        const fresh = await keeper.alongside(area, {}, readArea(area));
        const stored = await readArea(area)(Object.keys(fresh));
        if (canonicalJson(stored) !== canonicalJson(fresh)) await browser.storage[area].set(fresh);
      })
    : Promise.resolve();
}
