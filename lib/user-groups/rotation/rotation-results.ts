import { rowKey, type BulkJob, type BulkJobRows } from '../../storage/bulk-job/bulk-job-schema';
import { isLockedNow } from '../../storage/credentials/keyring';
import type { OpenedRotationResults, RotationResultsStore } from '../../storage/credentials/rotation-results-store';
import { groupKey, type Registry, type RegistryEntry } from '../../storage/registry/registry-schema';
import type { RotationResult, RotationResultsSummary } from '../../storage/rotation/rotation-results-schema';
import type { StagedWrite } from '../../storage/staged-write';

/** The job a result comes from. */
export type ResultJob = Pick<BulkJob, 'id' | 'startedAt'>;

const sameGroup = (a: RotationResult, b: RotationResult) =>
  a.environment === b.environment && a.userGroupId === b.userGroupId;

/**
 * The results with one more group's new token. A group rotated again replaces its earlier result (that
 * token no longer works); the others stay, whichever job gave them, until the admin clears them.
 */
export function withResult(
  current: OpenedRotationResults | null,
  job: ResultJob,
  group: RegistryEntry,
): OpenedRotationResults {
  const result: RotationResult = {
    userGroupId: group.provided_id,
    environment: group.environment,
    name: group.name,
    rotatedAt: group.issuedAt ?? job.startedAt,
    token: group.token,
  };
  const held = current?.results ?? [];
  return {
    since: (held.length > 0 && current?.since) || job.startedAt,
    jobId: job.id,
    results: [...held.filter((other) => !sameGroup(other, result)), result],
  };
}

/**
 * Before the results were stored (version 1), Export rotation results read them from the latest rotate
 * job and the registry: its rows that did not fail, whose group's token was issued since the job started
 * and is not flagged. That is what an upgrade keeps (counted while the lock keeps the tokens sealed).
 */
export function legacyResults(
  job: BulkJob | null,
  rows: BulkJobRows | null,
  registry: Registry,
): OpenedRotationResults | null {
  if (job?.operation !== 'rotate' || rows?.jobId !== job.id) return null;
  const failed = new Set(job.failed.map(rowKey));
  const rotated = new Set(rows.rows.map(rowKey).filter((key) => !failed.has(key)));
  const results = registry.groups
    .filter((group) => rotated.has(groupKey(group)) && !group.rotation && (group.issuedAt ?? '') >= job.startedAt)
    .map((group) => withResult(null, job, group).results[0]!);
  return results.length > 0 ? { since: job.startedAt, jobId: job.id, results } : null;
}

export interface RotationResultsDeps {
  store: RotationResultsStore;
  jobs: { read(): Promise<BulkJob | null>; readRows(): Promise<BulkJobRows | null> };
  /** Read without waiting for queued changes: a result is staged while the registry's own change is held. */
  registry: { read(): Promise<Registry> };
}

/**
 * A workspace's rotation results: every new token its rotate jobs produced, across Retry failed (a new
 * job), Resume and worker stops (each stored in the same storage call as the group's new token), until
 * the admin clears them. Results stored by an earlier version's way are carried over once, unlocked.
 */
export function createRotationResults({ store, jobs, registry }: RotationResultsDeps) {
  let carriedOver = false;

  const legacy = async () => legacyResults(await jobs.read(), await jobs.readRows(), await registry.read());

  /** Once per worker: the results an earlier version read from its latest rotate job are stored. */
  async function carryOver(): Promise<void> {
    if (carriedOver) return;
    if ((await store.peek()) === null) {
      // Locked, the registry's tokens are sealed: carried over once it is open.
      if (await isLockedNow()) return;
      const held = await legacy();
      if (held) await store.update((current) => current ?? held);
    }
    carriedOver = true;
  }

  return {
    /** How many results are held and since when: no token, so locked too (not carried over yet: counted). */
    async summary(): Promise<RotationResultsSummary> {
      await carryOver();
      const held = await store.peek();
      if (held || carriedOver) return held ?? { count: 0 };
      const earlier = await legacy();
      return earlier ? { count: earlier.results.length, since: earlier.since } : { count: 0 };
    },

    /** The results with their tokens: only while the lock is open (the caller checks). */
    async read(): Promise<OpenedRotationResults | null> {
      await carryOver();
      return store.load();
    },

    /** A group's new token, staged to be stored with the registry's change that records it. */
    async stageAdd(job: ResultJob, group: RegistryEntry): Promise<StagedWrite> {
      await carryOver();
      return store.stage((current) => withResult(current, job, group));
    },

    /** Empties the results (the tokens stay in the registry); nothing carried over from an earlier version comes back. */
    clear: (): Promise<null> => store.update(() => ({ results: [] })),
  };
}

export type RotationResults = ReturnType<typeof createRotationResults>;
