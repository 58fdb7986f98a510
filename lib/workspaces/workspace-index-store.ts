import { fail, ok, type Result } from '../result';
import { newWorkspaceId } from '../storage/workspaces/new-workspace-id';
import type { Workspace, WorkspaceIndex } from '../storage/workspaces/workspace-index-schema';
import {
  readWorkspaceIndex,
  watchWorkspaceIndex,
  writeWorkspaceIndex,
} from '../storage/workspaces/workspace-index-item';
import {
  checkWorkspaceName,
  defaultWorkspaceName,
  type WorkspaceNameProblem,
} from '../storage/workspaces/workspace-name';
import { prepareWorkspaces } from '../storage/credentials/upgrade-to-workspaces';
import { isLocked, isManaged, mergeManaged, sameWorkspaces } from './managed-workspaces';
import type { ParsedPolicy } from '../policy/policy-schema';
import type { MessageKey } from '../i18n';
import { text } from '../message-ref';
import { createSerialQueue } from '../async/serial-queue';

export interface StoredIndex {
  index: WorkspaceIndex;
  lastUsed: string;
}

/** `entries`: other storage.local values written in the same call as the index (a new workspace's data). */
type Change<T> = (current: StoredIndex) => {
  next?: Partial<StoredIndex>;
  entries?: Record<string, unknown>;
  result: Result<T>;
};

const NAME_PROBLEMS = {
  empty: 'workspaceNameEmpty',
  tooLong: 'errorWorkspaceNameTooLong',
  controlCharacters: 'workspaceNameControl',
  duplicate: 'workspaceNameDuplicate',
} as const satisfies Record<WorkspaceNameProblem, MessageKey>;

const nameProblem = (problem: WorkspaceNameProblem) =>
  fail<never>('INVALID_INPUT', text(NAME_PROBLEMS[problem]), { field: 'workspaceName' });

export const managedByPolicy = () => fail<never>('INVALID_INPUT', text('errorManagedWorkspace'));

export const unknownWorkspace = () => fail<never>('NOT_FOUND', text('errorUnknownWorkspace'));

/**
 * The list of workspaces and the last used one, written only here (the background), one change after
 * another, each on the latest value. The upgrade to workspaces runs first in the same queue, so
 * nothing reads storage before it is done.
 */
export function createWorkspaceIndexStore(now = () => new Date()) {
  const serially = createSerialQueue(
    prepareWorkspaces(now()).catch((error: unknown) => {
      console.error(
        `Review Companion: the upgrade to workspaces failed (${error instanceof Error ? error.name : 'unknown'}); it runs again at the next start.`,
      );
    }),
  );
  let cached: StoredIndex | undefined;
  watchWorkspaceIndex(() => {
    cached = undefined;
  });

  async function load(): Promise<StoredIndex> {
    if (cached) return cached;
    let stored = await readWorkspaceIndex();
    if (!stored.index) {
      // Removed or damaged since the start: set aside and rebuilt, as at a start.
      await prepareWorkspaces(now());
      stored = await readWorkspaceIndex();
    }
    const { index, lastUsed } = stored;
    if (!index) throw new Error('The list of workspaces cannot be read.');
    const used = index.workspaces.find((workspace) => workspace.id === lastUsed) ?? index.workspaces[0]!;
    return (cached = { index, lastUsed: used.id });
  }

  function change<T>(update: Change<T>): Promise<Result<T>> {
    return serially(async () => {
      const current = await load();
      const { next, entries, result } = update(current);
      if (!next || !result.ok) return result;
      const written = { index: next.index ?? current.index, lastUsed: next.lastUsed ?? current.lastUsed };
      cached = undefined;
      await writeWorkspaceIndex({ ...written.index, revision: crypto.randomUUID() }, written.lastUsed, entries);
      return result;
    });
  }

  const withWorkspaces = (index: WorkspaceIndex, workspaces: Workspace[]): WorkspaceIndex => ({ ...index, workspaces });

  return {
    /** The workspaces and the last used one, once the changes queued before are written. */
    read: () => serially(load),

    find: async (id: string): Promise<Workspace | undefined> =>
      (await serially(load)).index.workspaces.find((workspace) => workspace.id === id),

    create: (name: string) =>
      change<Workspace>(({ index }) => {
        const checked = checkWorkspaceName(name, index.workspaces);
        if (!checked.ok) return { result: nameProblem(checked.problem) };
        const workspace = { id: newWorkspaceId(), name: checked.name, createdAt: now().toISOString() };
        return { next: { index: withWorkspaces(index, [...index.workspaces, workspace]) }, result: ok(workspace) };
      }),

    /**
     * A new workspace, made the last used one, with its first data (`entries(id)`) in the same storage
     * call. `replacing`: workspaces (never a managed one) that leave the list in that same call, the new
     * one taking their place: a setup file imported on a fresh install replaces its unused "Workspace 1".
     */
    createWith: (name: string, entries: (id: string) => Record<string, unknown>, replacing: readonly string[] = []) =>
      change<Workspace>(({ index }) => {
        const kept = index.workspaces.filter((workspace) => isManaged(workspace) || !replacing.includes(workspace.id));
        const checked = checkWorkspaceName(name, kept);
        if (!checked.ok) return { result: nameProblem(checked.problem) };
        const workspace = { id: newWorkspaceId(), name: checked.name, createdAt: now().toISOString() };
        return {
          next: { index: withWorkspaces(index, [...kept, workspace]), lastUsed: workspace.id },
          entries: entries(workspace.id),
          result: ok(workspace),
        };
      }),

    rename: (id: string, name: string) =>
      change<Workspace>(({ index }) => {
        const found = index.workspaces.find((workspace) => workspace.id === id);
        if (!found) return { result: unknownWorkspace() };
        if (isLocked(found)) return { result: managedByPolicy() };
        const checked = checkWorkspaceName(name, index.workspaces, id);
        if (!checked.ok) return { result: nameProblem(checked.problem) };
        if (checked.name === found.name) return { result: ok(found) };
        const renamed = { ...found, name: checked.name };
        return {
          next: {
            index: withWorkspaces(
              index,
              index.workspaces.map((workspace) => (workspace.id === id ? renamed : workspace)),
            ),
          },
          result: ok(renamed),
        };
      }),

    /** The last workspace is never removed (it can be cleared); the last used one moves to the first left. */
    remove: (id: string) =>
      change<Record<string, never>>(({ index, lastUsed }) => {
        const found = index.workspaces.find((workspace) => workspace.id === id);
        if (!found) return { result: unknownWorkspace() };
        if (isManaged(found)) return { result: managedByPolicy() };
        if (index.workspaces.length === 1) return { result: fail('INVALID_INPUT', text('errorLastWorkspace')) };
        const workspaces = index.workspaces.filter((workspace) => workspace.id !== id);
        return {
          next: { index: withWorkspaces(index, workspaces), lastUsed: lastUsed === id ? workspaces[0]!.id : lastUsed },
          result: ok({}),
        };
      }),

    /** The policy's workspaces first, marked; written only when the list changes. */
    applyPolicy: (policy: ParsedPolicy) =>
      change<Workspace[]>(({ index }) => {
        const fresh = () => ({ id: newWorkspaceId(), name: defaultWorkspaceName([]), createdAt: now().toISOString() });
        const merged = mergeManaged(index, policy, now().toISOString(), fresh);
        if (sameWorkspaces(merged.workspaces, index.workspaces)) return { result: ok(merged.workspaces) };
        return { next: { index: merged }, result: ok(merged.workspaces) };
      }),

    use: (id: string) =>
      change<Record<string, never>>(({ index, lastUsed }) => {
        if (!index.workspaces.some((workspace) => workspace.id === id)) return { result: unknownWorkspace() };
        return { next: lastUsed === id ? undefined : { lastUsed: id }, result: ok({}) };
      }),
  };
}

export type WorkspaceIndexStore = ReturnType<typeof createWorkspaceIndexStore>;
