import { isActive, type JobProgress } from '../storage/jobs/job-progress-schema';
import { LOCKED_MESSAGE } from '../storage/lock/lock-keys';

/**
 * How a job ended: `done` (every row sent, failures or not), `cancelled` by the user, or `stopped`:
 * paused by a failure that no row can get past until the user acts (credentials refused, access not
 * granted, the rows unreadable). A pause for the passphrase lock is none of these: the job carries on
 * by itself once unlocked.
 */
export type JobEnd = 'done' | 'cancelled' | 'stopped';

type Progress = Pick<JobProgress, 'id' | 'status' | 'message'>;

/**
 * What a write of a job's progress did to it, from the value before and after (storage.onChanged):
 * the end it reached, or undefined when it did not end the job that was under way (a new job, a row
 * recorded, a write of a job already ended, a pause for the lock).
 */
export function jobEndOf(before: Progress | null | undefined, after: Progress | null | undefined): JobEnd | undefined {
  if (!before || !after || before.id !== after.id || !isActive(before)) return undefined;
  if (after.status === 'done') return 'done';
  if (after.status === 'cancelled') return 'cancelled';
  const stoppedByFailure =
    after.status === 'paused' && before.status === 'running' && after.message?.key !== LOCKED_MESSAGE.key;
  return stoppedByFailure && after.message !== undefined ? 'stopped' : undefined;
}
