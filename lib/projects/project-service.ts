import type { ProjectApi } from '../api/project-api';
import type { ProjectInput } from '../api/project-input';
import { redactSecrets } from '../api/redact-secrets';
import type { ConnectionRepository } from '../connection/connection-repository';
import type { HistoryRecorder } from '../storage/history/history-writer';
import { NO_ACTIVITY, type ActivityRecorder } from '../activity/activity-recorder';
import { recordProjectRegistered } from '../activity/project-activity';
import { AT_ONCE, type AfterAnswer } from '../async/after-answer';
import { fail } from '../result';
import { text } from '../message-ref';
import { registeredBefore } from './registered-before';

export interface ProjectServiceDeps {
  api: ProjectApi;
  connection: Pick<ConnectionRepository, 'require'>;
  history: Pick<HistoryRecorder, 'record' | 'read'>;
  now?: () => Date;
  /** The activity log: each registration, done or not. */
  activity?: ActivityRecorder;
  /** Where the history and activity entries are written: after the answer has left (at once by default). */
  afterAnswer?: AfterAnswer;
}

/** Creating a project in one workspace: with its connection, recorded in its history. */
export function createProjectService({
  api,
  connection,
  history,
  now = () => new Date(),
  activity = NO_ACTIVITY,
  afterAnswer = AT_ONCE,
}: ProjectServiceDeps) {
  return {
    /** `registerAgain`: the reviewer confirmed a page the history holds (else REGISTERED_BEFORE, nothing sent). */
    async createProject({ projectUrl, projectName, registerAgain }: ProjectInput & { registerAgain?: boolean }) {
      const required = await connection.require('project');
      if (!required.ok) return required;
      // Whatever the popup showed: its first screen lists only the newest projects, and another popup
      // may have registered the page since. The read waits for the appends queued before it.
      const earlier = registerAgain ? undefined : registeredBefore((await history.read()).entries, projectUrl);
      if (earlier) return fail('REGISTERED_BEFORE', text('duplicateHeading'), { relatedId: earlier.projectId });
      const result = redactSecrets(
        await api.createProject(required.value, { projectUrl, projectName }),
        required.value,
      );
      // Recorded after the answer has left, so the popup shows the id without waiting for two storage
      // writes (nor for their first steps, which would run before the answer is posted). The append takes
      // its place in the history's queue now: the next popup's read (history.read) waits for it, so it
      // already warns about the page; an append that fails is logged and the project stays shown. A
      // workspace's wipe waits for these writes (afterAnswer.settled).
      afterAnswer.later(async (turn) => {
        if (result.ok) {
          const { projectId } = result.value;
          await history.record({ projectId, projectUrl, projectName, createdAt: now().toISOString() }, turn);
        } else await turn;
        await recordProjectRegistered(activity, { projectUrl, projectName }, result);
      });
      return result;
    },
  };
}

export type ProjectService = ReturnType<typeof createProjectService>;
