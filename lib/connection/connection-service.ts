import { urlProblemMessage } from '../api/service-address-problem';
import { checkServiceUrl } from '../api/service-address';
import { fail, ok, type Result } from '../result';
import { isLockedNow } from '../storage/credentials/keyring';
import { lockedError } from '../storage/lock/lock-keys';
import { readStorageNotices } from '../storage/notices-item';
import { CredentialsLockedError } from '../storage/credentials/sealed-credentials';
import { unknownWorkspace } from '../workspaces/workspace-index-store';
import { policySecrets } from '../storage/credentials/policy-secrets';
import { policySetsProjectLink } from '../storage/policy-status';
import { checkProjectLinkTemplate } from '../api/project-link';
import { projectLinkProblemMessage } from '../api/project-link-problem';
import { text } from '../message-ref';
import {
  WorkspaceRemovedError,
  type Connection,
  type ConnectionRepository,
  type ConnectionUpdate,
} from './connection-repository';
import { describeConnection, type ConnectionStatus } from './connection-status';
import { findMissingAccess, releaseUnusedAccess } from './host-access';
import { failureDetail, NO_ACTIVITY, outcomeOf, type ActivityRecorder } from '../activity/activity-recorder';
import type { ActivityKind } from '../storage/activity/activity-schema';

/** What the organisation's policy says about this workspace's connection (lib/policy/). */
export interface ConnectionPolicy {
  /** The policy provides this workspace and locks it: its connection is the policy's. */
  locked: () => Promise<boolean>;
  /** A save the policy still allows on a locked workspace: only the secrets it leaves to the user. */
  allowsSave: (update: ConnectionUpdate) => Promise<boolean>;
  /** The answer to a change the policy does not allow. */
  refusal: () => Result<never>;
}

export interface ConnectionServiceDeps {
  repository: ConnectionRepository;
  /** The workspace, for what the organisation's policy sets in it. */
  workspaceId?: string;
  /** The addresses the other workspaces use, whose host access a save here must not give back. */
  addressesElsewhere?: () => Promise<string[]>;
  policy?: ConnectionPolicy;
  /** The activity log: every save and forget, done or refused (never a secret: no value is recorded). */
  activity?: ActivityRecorder;
}

/** `locked`: this workspace's secrets are sealed and the passphrase lock is closed. */
async function statusOf(
  repository: ConnectionRepository,
  connection: Connection,
  locked = false,
): Promise<Result<ConnectionStatus>> {
  const missing = await findMissingAccess([connection.userGroupBaseUrl, connection.projectApiUrl]);
  // Read before the notices: a stored link of the wrong shape adds one.
  const projectLink = await repository.projectLink();
  return ok(describeConnection(connection, missing, await readStorageNotices(), locked, projectLink));
}

/**
 * A write of the repository as a Result: the lock closed after the check (LOCKED), or the workspace was
 * removed meanwhile (NOT_FOUND); anything else is a bug and stays thrown.
 */
async function written<T>(write: () => Promise<T>): Promise<Result<T>> {
  try {
    return ok(await write());
  } catch (error) {
    if (error instanceof CredentialsLockedError) return lockedError();
    if (error instanceof WorkspaceRemovedError) return unknownWorkspace();
    throw error;
  }
}

/** An empty address means that API is not used; a typed one must pass the same rules as in the page. */
function normaliseUrl(raw: string): ReturnType<typeof checkServiceUrl> {
  return raw.trim() ? checkServiceUrl(raw) : { ok: true, url: '' };
}

/** One workspace's connection: its status for pages (never a secret), saving it and forgetting its secrets. */
export function createConnectionService({
  repository,
  workspaceId,
  addressesElsewhere = () => Promise.resolve([]),
  policy,
  activity = NO_ACTIVITY,
}: ConnectionServiceDeps) {
  async function recorded<T>(kind: ActivityKind, result: Result<T>): Promise<Result<T>> {
    await activity.record({ kind, outcome: outcomeOf(result), ...failureDetail(result) });
    return result;
  }

  async function save(request: ConnectionUpdate) {
    if (policy && (await policy.locked()) && !(await policy.allowsSave(request))) return policy.refusal();
    // A secret the policy sets is read-only, in a locked workspace or not.
    const setByPolicy = workspaceId === undefined ? [] : (await policySecrets(workspaceId)).fixed;
    const typed = setByPolicy.find((field) => request[field].trim() !== '');
    if (typed) return fail('INVALID_INPUT', text('errorSecretSetByPolicy'), { field: typed });
    // Closed, the passphrase lock can neither keep the sealed secrets nor seal new ones.
    if (await isLockedNow()) return lockedError();
    const userGroupBaseUrl = normaliseUrl(request.userGroupBaseUrl);
    if (!userGroupBaseUrl.ok) {
      return fail('INVALID_INPUT', urlProblemMessage(userGroupBaseUrl.problem), { field: 'userGroupBaseUrl' });
    }
    const projectApiUrl = normaliseUrl(request.projectApiUrl);
    if (!projectApiUrl.ok) {
      return fail('INVALID_INPUT', urlProblemMessage(projectApiUrl.problem), { field: 'projectApiUrl' });
    }
    const projectLink = await checkedProjectLink(request.projectLink);
    if (!projectLink.ok) return projectLink;
    // Access to an address no longer configured is given back, within the save's turn of the queue
    // so that a later save cannot configure it again in between.
    const update = {
      ...request,
      userGroupBaseUrl: userGroupBaseUrl.url,
      projectApiUrl: projectApiUrl.url,
      projectLink: projectLink.value,
    };
    const saved = await written(() =>
      repository.save(update, async (previous, next) => {
        await releaseUnusedAccess(
          [previous.userGroupBaseUrl, previous.projectApiUrl],
          [next.userGroupBaseUrl, next.projectApiUrl, ...(await addressesElsewhere())],
        );
      }),
    );
    return saved.ok ? statusOf(repository, saved.value) : saved;
  }

  /**
   * The template to store (trimmed; undefined keeps the stored one), or why not: it fails the check, or
   * it differs from the one the organisation's policy sets.
   */
  async function checkedProjectLink(raw: string | undefined): Promise<Result<string | undefined>> {
    if (raw === undefined) return ok(undefined);
    const checked = checkProjectLinkTemplate(raw);
    if (!checked.ok) return fail('INVALID_INPUT', projectLinkProblemMessage(checked.problem), { field: 'projectLink' });
    if (
      workspaceId !== undefined &&
      checked.template !== (await repository.projectLink()) &&
      (await policySetsProjectLink(workspaceId))
    )
      return fail('INVALID_INPUT', text('errorProjectLinkSetByPolicy'), { field: 'projectLink' });
    return ok(checked.template);
  }

  /** Works while the passphrase lock is closed: forgetting needs no key. */
  async function forget() {
    if (policy && (await policy.locked())) return policy.refusal();
    const forgotten = await written(() => repository.forget());
    return forgotten.ok ? statusOf(repository, await repository.load(), await repository.locked()) : forgotten;
  }

  return {
    async status() {
      return statusOf(repository, await repository.load(), await repository.locked());
    },
    save: async (request: ConnectionUpdate) => recorded('connectionSaved', await save(request)),
    forget: async () => recorded('connectionForgotten', await forget()),
  };
}

export type ConnectionService = ReturnType<typeof createConnectionService>;
