import { create } from 'zustand';
import { afterNextPaint, nextTask } from '../async/turns';
import { sendMessage } from '../messaging/client';
import { refreshUserGroupIndex } from '../messaging/messages/registry-transfer-messages';
import { takeEarlyIndex } from '../storage/options-early-reads';
import { readUnsettledCreates, watchUnsettledCreates } from '../storage/registry/unsettled-creates-item';
import {
  computeRegistryIndex,
  INDEX_FIRST_ROWS,
  type RegistryCounts,
  type RegistryIndex,
} from '../storage/registry/registry-index';
import {
  parseRegistryIndex,
  previewRowsOf,
  readRegistryIndex,
  sameRegistryIndex,
} from '../storage/registry/registry-index-read';
import { readRegistryBuckets, watchRegistryBuckets } from '../storage/registry/registry-parts';
import {
  groupKey,
  storedPartSchema,
  unsettledCreatesSchema,
  type RegistryEntry,
  type StoredEntry,
  type UnsettledCreate,
} from '../storage/registry/registry-schema';
import { workspaceScope } from '../storage/workspace-keys';

/**
 * A stored group as the page holds it: without its token. The tokens are in keys only the background
 * reads (lib/storage/credentials/part-tokens.ts); Show and Copy token ask it (revealGroupToken). A part
 * stored before that move (format v2) may still carry a token: the page drops it.
 */
const listed = (entry: StoredEntry): RegistryEntry => ({ ...entry, token: '' });

interface UserGroupState {
  /** The groups, each with `token` '' (the page never reads tokens from storage). */
  groups: RegistryEntry[];
  /** Creates whose answer was lost: the service may hold these groups with a token nobody has. */
  unsettledCreates: readonly UnsettledCreate[];
  loaded: boolean;
  /** Set when stored data could not be read; the background keeps it aside and resets it. */
  unreadable: boolean;
  /**
   * Until the whole registry is loaded: the list's first rows (in its default order, by name, without
   * their tokens) and the counts, from the registry's stored index alone.
   */
  preview?: { rows: readonly RegistryEntry[]; counts: RegistryCounts };
  /**
   * The first screen can be drawn: the preview is in, the whole registry is, or it is known that no
   * preview will come (no stored index, or one of an older version). The groups section
   * waits for it, so that the page draws the list's first screen once, not once empty and again with rows.
   */
  firstScreen: boolean;
}

/**
 * Resolves once the list shows `entry` as the background stored it (same group, same last rotation), or
 * after `withinMs`: the list is published a little after each stored change, and an action's result is
 * said only once its row shows it, so that Show right after a rotation shows the new token.
 */
export function untilListed(entry: RegistryEntry, withinMs = 2000): Promise<void> {
  const key = groupKey(entry);
  const listed = (groups: readonly RegistryEntry[]) =>
    groups.some((group) => groupKey(group) === key && group.lastRotatedAt === entry.lastRotatedAt);
  return new Promise((resolve) => {
    if (listed(useUserGroupStore.getState().groups)) return resolve();
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(done, withinMs);
    const unsubscribe = useUserGroupStore.subscribe((state) => {
      if (listed(state.groups)) done();
    });
  });
}

/** How many first rows the preview shows: as many as the index holds, a tall window's worth. */
const PREVIEW_ROWS = INDEX_FIRST_ROWS;

/**
 * A bulk create changes the registry every few milliseconds; the list (sorting up to 10,000 groups)
 * is published at most this often, so the page keeps up and leaves the CPU to the worker.
 */
const PUBLISH_INTERVAL_MS = 100;

export const useUserGroupStore = create<UserGroupState>(() => ({
  groups: [],
  unsettledCreates: [],
  loaded: false,
  unreadable: false,
  preview: undefined,
  firstScreen: false,
}));

/** How long the page checks stored parts before it lets other work (a keystroke, a paint) run. */
const SLICE_MS = 8;

/** Resolves once the frame after this moment is painted (or within 100 ms, in a page that paints no frames). */
const nextPaint = () => new Promise<void>((resolve) => afterNextPaint(resolve, 100));

/** The stored list of unsettled creates; one that cannot be read shows as none (the background keeps it aside). */
function unsettledOf(stored: unknown): readonly UnsettledCreate[] {
  if (stored === null || stored === undefined) return [];
  const parsed = unsettledCreatesSchema.safeParse(stored);
  return parsed.success ? parsed.data.creates : [];
}

/**
 * Whether the page has shown a section that shows the registry. Until then (a page opened at Projects,
 * Activity or About) the store reads the index and no part: every part of a large registry is about
 * 2 MB to read and parse, and the browser's storage queue would put the shown section's own reads
 * behind it (the activity log's first read waited 96 ms, docs/performance.md). Once wanted, for good.
 */
let registryWanted: Promise<void> = Promise.resolve();
let wantRegistryNow: (() => void) | undefined;

/** The page opens on a section that does not show the registry: its parts wait for `showRegistry`. */
export function deferRegistry(): void {
  if (wantRegistryNow) return;
  registryWanted = new Promise((resolve) => (wantRegistryNow = resolve));
}

/** A section that shows the registry (or its count) is shown: its parts are read now, if not yet. */
export function showRegistry(): void {
  wantRegistryNow?.();
  wantRegistryNow = undefined;
}

/**
 * Mirrors a workspace's registry for the options page: storage is the source of truth (the background
 * writes it), so every tab sees every change. The page only reads; changes go through messages. The
 * registry is stored in parts, and a change re-reads only the parts it touched. Only the workspace
 * shown is ever loaded.
 */
export function startUserGroupStore(workspaceId: string): () => void {
  const scope = workspaceScope(workspaceId);
  let stopped = false;
  useUserGroupStore.setState({
    groups: [],
    unsettledCreates: [],
    loaded: false,
    unreadable: false,
    preview: undefined,
    firstScreen: false,
  });
  const parts: RegistryEntry[][] = [];
  const unreadableParts = new Set<number>();
  let started = false;
  /**
   * Parts changed since the last publish, as stored: checked when published, not in the storage event,
   * so that a write of every part (the lock sealing 10,000 tokens) does not hold up the page's next task
   * (the answer that says the lock is on) for a list that may not even be shown.
   */
  const changedParts = new Map<number, unknown>();

  function take(index: number, value: unknown) {
    const parsed =
      value === null || value === undefined
        ? { success: true as const, data: { groups: [] } }
        : storedPartSchema.safeParse(value);
    parts[index] = parsed.success ? parsed.data.groups.map(listed) : [];
    if (parsed.success) unreadableParts.delete(index);
    else unreadableParts.add(index);
  }

  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastPublished = -Infinity;

  function publish() {
    timer = undefined;
    if (stopped) return;
    for (const [index, value] of changedParts) take(index, value);
    changedParts.clear();
    lastPublished = performance.now();
    useUserGroupStore.setState({
      groups: parts.flat(),
      loaded: true,
      unreadable: unreadableParts.size > 0,
      preview: undefined,
      firstScreen: true,
    });
  }

  /** The first change after a quiet spell shows at once; a burst of changes shows at most every PUBLISH_INTERVAL_MS. */
  function schedulePublish() {
    timer ??= setTimeout(publish, Math.max(0, lastPublished + PUBLISH_INTERVAL_MS - performance.now()));
  }

  const stop = watchRegistryBuckets(scope, (changed) => {
    for (const [index, value] of changed) changedParts.set(index, value);
    // Changes that arrive before the first read are applied on top of it, when it is published.
    if (started) schedulePublish();
  });
  // The first screen first, from the stored index alone (its counts and first rows, as the page's first
  // chunk may already have read it: lib/storage/options-early-reads.ts). Then, once that screen is drawn,
  // every part, checked a few parts at a time so that the page answers the keyboard meanwhile. The index
  // is not trusted blindly: once every part is read, the list shows the parts, and an index unlike them
  // (rows missing from their parts, stale, of an older version) is rebuilt by the background.
  let storedIndex: RegistryIndex | undefined;
  const early = takeEarlyIndex(workspaceId);
  const indexRead = early
    ? early.then((read) => (read ? parseRegistryIndex(read.stored) : readRegistryIndex(scope)))
    : readRegistryIndex(scope);
  const whole = indexRead
    .then(async (stored) => {
      storedIndex = stored;
      if (stopped) return;
      if (!stored || stored.first.length === 0 || started)
        return void useUserGroupStore.setState({ firstScreen: true });
      useUserGroupStore.setState({
        preview: { rows: previewRowsOf(stored, PREVIEW_ROWS), counts: stored.counts },
        firstScreen: true,
      });
      await nextPaint();
    })
    .catch(() => undefined)
    .then(() => registryWanted)
    .then(() => readRegistryBuckets(scope));
  void whole.then(async (stored) => {
    let sliceStart = performance.now();
    for (let index = 0; index < stored.length; index += 1) {
      if (stopped) return;
      take(index, stored[index]);
      if (performance.now() - sliceStart > SLICE_MS) {
        await nextTask();
        sliceStart = performance.now();
      }
    }
    if (stopped) return;
    // Parts that changed meanwhile (changedParts) are applied on top of what was read, by publish.
    started = true;
    publish();
    if (unreadableParts.size === 0 && !sameRegistryIndex(storedIndex, computeRegistryIndex(parts)))
      void sendMessage(refreshUserGroupIndex, { workspaceId });
  });

  // A small list written once per create of unknown outcome: published as it comes, in any order with the parts.
  let unsettledSeen = false;
  const stopUnsettled = watchUnsettledCreates(scope, (stored) => {
    unsettledSeen = true;
    useUserGroupStore.setState({ unsettledCreates: unsettledOf(stored) });
  });
  void readUnsettledCreates(scope).then((stored) => {
    if (!unsettledSeen && !stopped) useUserGroupStore.setState({ unsettledCreates: unsettledOf(stored) });
  });
  return () => {
    stopped = true;
    stop();
    stopUnsettled();
    clearTimeout(timer);
  };
}
