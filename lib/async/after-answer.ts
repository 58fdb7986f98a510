import { nextTask } from './turns';

/**
 * The records a request leaves behind (its history entry, its activity entry, the API's health) are
 * written after its answer has left: in a task of their own, once the task that posts the answer has
 * ended. Their first synchronous steps (a storage call's argument checks and serialization, a queue's
 * turns) would otherwise run before the answer is posted.
 *
 * Each piece of work is tracked from the moment it is handed over, so whoever removes what it writes
 * to (a workspace's wipe) first waits for it (`settled`): a write deferred past the answer must never
 * land after the removal and bring a deleted workspace's keys back.
 */
export interface AfterAnswer {
  /**
   * Runs `task` now with `turn`, a promise that resolves in a later task: the work may take its place in
   * a queue at once (so that a read queued after it still sees it) but does nothing before `turn`.
   * Never throws; a failure of `task` is its own to report.
   */
  later(task: (turn: Promise<void>) => Promise<unknown>): void;
  /** Resolves once every piece of work handed over so far (and any handed over meanwhile) has ended. */
  settled(): Promise<void>;
}

export function createAfterAnswer(turn: () => Promise<void> = nextTask): AfterAnswer {
  const pending = new Set<Promise<unknown>>();
  return {
    later(task) {
      const run = task(turn()).catch(() => undefined);
      pending.add(run);
      void run.finally(() => pending.delete(run));
    },
    async settled() {
      while (pending.size > 0) await Promise.all(pending);
    },
  };
}

/** For services used without an answer to wait for (jobs, tests of other things): the work runs at once. */
export const AT_ONCE: AfterAnswer = {
  later(task) {
    void task(Promise.resolve()).catch(() => undefined);
  },
  settled: () => Promise.resolve(),
};
