import type { JobProgress } from '../storage/jobs/job-progress-schema';
import { doneCount } from './job-queue';

/** What the toolbar icon's badge shows for a job: empty once it has ended. */
export interface JobBadge {
  text: string;
  color: string;
}

export const NO_BADGE: JobBadge = { text: '', color: '#1a73e8' };
const RUNNING = '#1a73e8';
const PAUSED = '#b06000';

/** Badges fit about four characters: "3/8" or "12/60"… past four, a percentage ("20%"). */
export function jobBadge(job: Pick<JobProgress, 'status' | 'total' | 'next' | 'retries'> | null): JobBadge {
  if (job?.status !== 'running' && job?.status !== 'paused') return NO_BADGE;
  const done = doneCount(job);
  const fraction = `${done}/${job.total}`;
  const text = fraction.length <= 4 ? fraction : `${Math.floor((done / Math.max(job.total, 1)) * 100)}%`;
  return { text, color: job.status === 'paused' ? PAUSED : RUNNING };
}

/**
 * Several workspaces may each have jobs (a user-group job and a register-pages job each): the badge follows the first one under way (by workspace
 * key), and clears when none is.
 */
export function combinedBadge(badges: ReadonlyMap<string, JobBadge>): JobBadge {
  const keys = [...badges.keys()].sort();
  for (const key of keys) {
    const badge = badges.get(key);
    if (badge && badge.text !== '') return badge;
  }
  return NO_BADGE;
}

const DUE = '#b3261e';

/** Tokens due for rotation (reminders on), when no job is under way: their count ("5", "999+"). */
export function dueBadge(due: number): JobBadge {
  if (due <= 0) return NO_BADGE;
  return { text: due > 999 ? '999+' : String(due), color: DUE };
}
