import type { ActivityRecorder } from '../../activity/activity-recorder';
import { countedText } from '../../message-ref';
import type { BulkJob } from '../../storage/bulk-job/bulk-job-schema';
import type { BulkJobStore } from '../../storage/bulk-job/bulk-job-store';

const isUnderWay = (job: BulkJob | null) => job?.status === 'running' || job?.status === 'paused';

/** The entry a change of a job's state makes, if any: started, paused, resumed or ended. */
async function noteTransition(activity: ActivityRecorder, before: BulkJob | null, after: BulkJob | null) {
  if (!after || before === after) return;
  const job = { operation: after.operation, count: after.total };
  if (before?.id !== after.id) {
    if (isUnderWay(after)) await activity.record({ kind: 'jobStarted', outcome: 'done', ...job });
    return;
  }
  if (before.status === after.status) return;
  if (after.status === 'paused')
    await activity.record({
      kind: 'jobPaused',
      outcome: 'done',
      ...job,
      ...(after.message && { detail: after.message }),
    });
  else if (after.status === 'running') await activity.record({ kind: 'jobResumed', outcome: 'done', ...job });
  else if (isUnderWay(before)) {
    const done = after.created + after.existed;
    const complete = after.status === 'done' && after.failed.length === 0;
    await activity.record({
      kind: 'jobEnded',
      outcome: complete ? 'done' : 'failed',
      ...job,
      detail:
        after.status === 'cancelled'
          ? countedText('activityJobCancelled', done, after.total)
          : countedText('activityJobFinished', done, after.total, after.failed.length),
    });
  }
}

/**
 * The job store, with every change of a job's state recorded in the activity log: a job started
 * (its rows), paused (why), resumed, and ended (done or cancelled, with what it did). The runner and
 * the alarm change the job through this store, so no transition goes unrecorded, whoever makes it.
 */
export function recordJobTransitions(jobs: BulkJobStore, activity: ActivityRecorder): BulkJobStore {
  return {
    ...jobs,
    async update(change) {
      const seen = watchTransition(change);
      const result = await jobs.update(seen.change);
      await noteTransition(activity, seen.before, seen.after);
      return result;
    },
    async stage(change) {
      const seen = watchTransition(change);
      const staged = await jobs.stage(seen.change);
      return {
        ...staged,
        async settle(outcome) {
          await staged.settle(outcome);
          if (outcome.ok) await noteTransition(activity, seen.before, seen.after);
        },
      };
    },
    async start(job, rows) {
      const started = await jobs.start(job, rows);
      if (started) await noteTransition(activity, null, job);
      return started;
    },
  };
}

/** A job change that keeps the job it was given and the one it made, for the log's entry. */
function watchTransition<Next extends { job: BulkJob | null }>(change: (current: BulkJob | null) => Next) {
  const seen = {
    before: null as BulkJob | null,
    after: null as BulkJob | null,
    change: (current: BulkJob | null): Next => {
      const next = change(current);
      seen.before = current;
      seen.after = next.job;
      return next;
    },
  };
  return seen;
}
