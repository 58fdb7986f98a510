import { WORKSPACE_ID_PATTERN } from '../workspace-keys';

/** The stored items of a workspace's jobs: one user-group job and one register-pages job may run at once. */
export const JOB_ITEMS = ['bulkCreateJob', 'registerPagesJob'] as const;
export type JobItem = (typeof JOB_ITEMS)[number];

const JOB_KEY = /^ws\.([^.]+)\.(bulkCreateJob|registerPagesJob)$/;

/** The workspace and job item a storage key names (`ws.<id>.registerPagesJob`), or undefined for any other key. */
export function jobOfKey(key: string): { workspaceId: string; item: JobItem } | undefined {
  const match = JOB_KEY.exec(key);
  if (!match || !WORKSPACE_ID_PATTERN.test(match[1]!)) return undefined;
  return { workspaceId: match[1]!, item: match[2] as JobItem };
}
