import type { WorkspaceContext } from '@/entrypoints/background/workspace-services';
import { managedByPolicy } from '@/lib/workspaces/workspace-index-store';
import { NO_ACTIVITY } from '@/lib/activity/activity-recorder';

/** A workspace alone in the browser, not provided by any policy: what its services are told of the rest. */
export const LONE_WORKSPACE: WorkspaceContext = {
  addressesElsewhere: () => Promise.resolve([]),
  policy: { locked: () => Promise.resolve(false), allowsSave: () => Promise.resolve(true), refusal: managedByPolicy },
  activity: NO_ACTIVITY,
};
