import type { Result } from '../result';
import { failureDetail, outcomeOf, type ActivityRecorder } from './activity-recorder';

/** A page to register, as the project API takes it. */
export interface RegisteredPage {
  projectUrl: string;
  projectName: string;
}

/**
 * The entry of one page registered as a project (or an attempt): the popup's Create project, and any
 * job that registers pages, call this with the answer of the project API, so that each page is one
 * entry, worded the same, whichever way it was registered. Never throws.
 */
export function recordProjectRegistered(
  activity: ActivityRecorder,
  page: RegisteredPage,
  result: Result<{ projectId: string }>,
): Promise<void> {
  return activity.record({
    kind: 'projectRegistered',
    outcome: outcomeOf(result),
    project: {
      url: page.projectUrl,
      name: page.projectName,
      ...(result.ok && { id: result.value.projectId }),
    },
    ...failureDetail(result),
  });
}
