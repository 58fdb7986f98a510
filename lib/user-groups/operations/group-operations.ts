import type { NewUserGroup, UserGroupApi, WireUserGroup } from '../../api/user-group-api';
import type { Connection, ConnectionRepository } from '../../connection/connection-repository';
import { redactSecrets } from '../../api/redact-secrets';
import { fail, ok, type Result } from '../../result';
import { withSecretsOpen } from '../../storage/credentials/credentials-lane';
import { lockedError } from '../../storage/lock/lock-keys';
import { isSameCreate, type GroupRef, type RegistryEntry } from '../../storage/registry/registry-schema';
import {
  applyLearnedToken,
  applyRotation,
  clearDeleteUnknown,
  clearRotationMark,
  findGroup,
  markDeleteUnknown,
  markRotationPending,
  markRotationUnknown,
  removeGroup,
  upsertFromService,
} from './registry-updates';
import type { RegistryWriter } from '../../storage/registry/registry-writer';
import { commitTogether, type StagedWrite } from '../../storage/staged-write';
import { recordUnsettledCreate, settleCreate } from './unsettled-creates';
import { text } from '../../message-ref';
import { environmentName } from '../../environment';
import type { ActivityKind } from '../../storage/activity/activity-schema';
import {
  failureDetail,
  fingerprintOf,
  NO_ACTIVITY,
  outcomeOf,
  type ActivityRecorder,
} from '../../activity/activity-recorder';

export interface GroupOperationsDeps {
  api: UserGroupApi;
  connection: Pick<ConnectionRepository, 'require'>;
  registry: RegistryWriter;
  /** The clock (ISO time), so that tests can fix it. */
  now?: () => string;
  /** The activity log (this workspace's entries): every create, rotation and delete, done or not. */
  activity?: ActivityRecorder;
}

/** A delete names the group, and may name the data source the service asks for. */
export type GroupDeletion = GroupRef & { dataSourceProvidedId?: string | undefined };

export interface RotateOptions {
  /**
   * Another store's change to write in the same storage call as the new token (a job's rotation
   * results): given the group as it is then stored. A failure to prepare it never keeps the token out.
   */
  alongside?: ((group: RegistryEntry) => Promise<StagedWrite>) | undefined;
}

const UNKNOWN_OUTCOME = text('groupsRotationUnknown');
const TOKEN_REFUSED = text('errorRotationTokenRefused');
const UNKNOWN_DELETE = text('groupsDeleteUnknownFlag');
const REFUSED_DELETE = text('groupsDeleteRefusedFlag');
/** The journal's mark of a delete on the wire: what a worker stopped meanwhile leaves on the group. */
const STOPPED_MID_DELETE = text('errorStoppedMidDelete');

function maybeDeleted(ref: GroupRef) {
  return fail<never>(
    'INVALID_INPUT',
    text('errorGroupMaybeDeleted', environmentName(ref.environment), ref.userGroupId),
  );
}

function rotationInProgress(ref: GroupRef) {
  return fail<never>('INVALID_INPUT', text('errorRotationUnderWay', environmentName(ref.environment), ref.userGroupId));
}

function notInRegistry(ref: GroupRef) {
  return fail<never>('NOT_FOUND', text('errorGroupNotHere', environmentName(ref.environment), ref.userGroupId));
}

/** One workspace's user groups: its API connection and its registry. */
export function createGroupOperations(deps: GroupOperationsDeps) {
  const { api, connection: connections, registry, activity = NO_ACTIVITY } = deps;
  const now = deps.now ?? (() => new Date().toISOString());

  /**
   * The entry of one operation on one group: the token it left (or, for a delete, removed) as a
   * fingerprint, and a failure's words (already cleared of every secret of its request: the operations
   * below redact what they answer). Then the result, unchanged.
   */
  async function recorded<T>(
    kind: ActivityKind,
    ref: GroupRef,
    result: Result<T>,
    facts: { name?: string | undefined; token?: string | undefined; existed?: boolean },
  ): Promise<Result<T>> {
    if (activity === NO_ACTIVITY) return result;
    await activity.record({
      kind,
      outcome: outcomeOf(result),
      group: { name: facts.name ?? '', id: ref.userGroupId, environment: ref.environment },
      ...(result.ok ? await fingerprintOf(facts.token) : {}),
      ...(facts.existed && { detail: text('activityGroupExisted') }),
      ...failureDetail(result),
    });
    return result;
  }

  /**
   * The token the service knows: the stored one, or, after a lost rotation answer, the one get-or-create
   * returns (`learned`). Never get-or-create after a lost delete answer: it would re-create a deleted group.
   */
  async function currentToken(
    connection: Connection,
    entry: RegistryEntry,
  ): Promise<Result<{ token: string; learned?: WireUserGroup }>> {
    if (entry.rotation?.state !== 'unknown' || entry.deleteOutcomeUnknown) return ok({ token: entry.token });
    // Get-or-create returns the group's token as the service has it now, whatever became of the lost rotation.
    const recovered = await api.createUserGroup(connection, {
      name: entry.name,
      userGroupId: entry.provided_id,
      environment: entry.environment,
    });
    return recovered.ok ? ok({ token: recovered.value.group.token, learned: recovered.value.group }) : recovered;
  }

  const operations = {
    create: async (request: NewUserGroup): Promise<Result<{ group: RegistryEntry; created: boolean }>> => {
      const ref = { environment: request.environment, userGroupId: request.userGroupId };
      const result = await create(request);
      return recorded('groupCreated', ref, result, {
        name: request.name,
        token: result.ok ? result.value.group.token : undefined,
        existed: result.ok && !result.value.created,
      });
    },

    rotate: async (ref: GroupRef, options: RotateOptions = {}): Promise<Result<{ group: RegistryEntry }>> => {
      const before = findGroup(await registry.read(), ref);
      const result = await rotate(ref, options);
      return recorded('groupRotated', ref, result, {
        name: result.ok ? result.value.group.name : before?.name,
        token: result.ok ? result.value.group.token : undefined,
      });
    },

    remove: async (request: GroupDeletion): Promise<Result<Record<string, never>>> => {
      const before = findGroup(await registry.read(), request);
      const result = await remove(request);
      return recorded('groupDeleted', request, result, {
        name: before?.name,
        token: before?.token,
      });
    },

    async forget(ref: GroupRef): Promise<Result<Record<string, never>>> {
      const before = findGroup(await registry.read(), ref);
      const removed = await registry.update((current) =>
        findGroup(current, ref)
          ? { registry: removeGroup(current, ref), result: true }
          : { registry: current, result: false },
      );
      return recorded('groupForgotten', ref, removed ? ok({}) : notInRegistry(ref), {
        name: before?.name,
        token: before?.token,
      });
    },

    async dismissUnsettledCreate(ref: GroupRef): Promise<Result<Record<string, never>>> {
      const dismissed = await registry.update((current, unsettled) => {
        const next = settleCreate(unsettled, ref);
        return { registry: current, unsettled: next, result: next !== unsettled };
      });
      return dismissed
        ? ok({})
        : fail('NOT_FOUND', text('errorNoUnsettledCreate', environmentName(ref.environment), ref.userGroupId));
    },
  };

  function create(request: NewUserGroup): Promise<Result<{ group: RegistryEntry; created: boolean }>> {
    return withSecretsOpen(lockedError, async () => {
      const ref = { environment: request.environment, userGroupId: request.userGroupId };
      const known = findGroup(await registry.read(), ref);
      if (known) {
        return fail(
          'INVALID_INPUT',
          text('errorGroupAlreadyHere', environmentName(ref.environment), ref.userGroupId, known.name),
          { field: 'userGroupId' },
        );
      }
      const connection = await connections.require('userGroup');
      if (!connection.ok) return connection;
      // Journal first: a worker stopped while the request is on the wire leaves the create listed as
      // one of unknown outcome, never a group the service made and this browser does not know of.
      const mark = {
        name: request.name,
        userGroupId: request.userGroupId,
        environment: request.environment,
        since: now(),
      };
      const journaled = await registry.update((current, unsettled) =>
        unsettled.some((create) => isSameCreate(create, ref))
          ? { registry: current, result: false }
          : { registry: current, unsettled: recordUnsettledCreate(unsettled, mark), result: true },
      );
      const answer = redactSecrets(await api.createUserGroup(connection.value, request), connection.value);
      if (!answer.ok) {
        // The group may now exist on the service with a token nobody has: kept in storage until a create
        // of it succeeds (get-or-create then returns it) or the user dismisses it. A create surely not
        // made takes its own journal back (an earlier lost answer for the group stays listed).
        await registry.update((current, unsettled) => {
          if (answer.error.maybeProcessed)
            return {
              registry: current,
              unsettled: recordUnsettledCreate(unsettled, { ...mark, message: answer.error.message }),
              result: null,
            };
          const own = unsettled.find((create) => isSameCreate(create, ref));
          return journaled && own?.since === mark.since && own.message === undefined
            ? { registry: current, unsettled: settleCreate(unsettled, ref), result: null }
            : { registry: current, result: null };
        });
        return answer;
      }
      const { group, created } = answer.value;
      const entry = await registry.update((current, unsettled) => {
        const next = upsertFromService(current, group, request.environment, now());
        return {
          registry: next,
          unsettled: settleCreate(unsettled, ref),
          result: findGroup(next, { environment: request.environment, userGroupId: group.provided_id }),
        };
      });
      return entry ? ok({ group: entry, created }) : fail('INTERNAL', text('errorGroupNotRecorded'));
    });
  }

  /** The new token stored at once, with what `alongside` adds in the same storage call; the group as stored. */
  async function storeNewToken(ref: GroupRef, rotated: WireUserGroup, alongside: RotateOptions['alongside']) {
    const staged = await registry.stage((current) => {
      const next = applyRotation(current, ref, rotated, now());
      return { registry: next, result: findGroup(next, ref) };
    });
    // Not prepared (a bug, a storage read failing): the token is stored all the same.
    const extra =
      staged.result &&
      (await alongside?.(staged.result).catch(
        () => void console.warn('Review Companion: a rotation result was lost.'),
      ));
    await commitTogether(extra ? [staged, extra] : [staged]);
    return staged.result;
  }

  function rotate(ref: GroupRef, { alongside }: RotateOptions): Promise<Result<{ group: RegistryEntry }>> {
    return withSecretsOpen(lockedError, async () => {
      const connection = await connections.require('userGroup');
      if (!connection.ok) return connection;
      // Journal first: if the worker stops now, the group is found flagged, never silently wrong. A
      // group already being rotated (another tab) is not rotated twice with the same old token.
      const started = now();
      const claim = await registry.update((current) => {
        const found = findGroup(current, ref);
        if (!found || found.rotation?.state === 'pending' || found.deleteOutcomeUnknown)
          return { registry: current, result: found };
        return { registry: markRotationPending(current, ref, started), result: found };
      });
      if (!claim) return notInRegistry(ref);
      if (claim.rotation?.state === 'pending') return rotationInProgress(ref);
      // Rotating would go through get-or-create and silently bring a deleted group back.
      if (claim.deleteOutcomeUnknown) return maybeDeleted(ref);

      const token = await currentToken(connection.value, claim);
      // Cleared of every secret of the request: the credentials and the token it sent.
      const answer: Result<WireUserGroup> = token.ok
        ? redactSecrets(await api.rotateToken(connection.value, token.value.token), connection.value, [
            token.value.token,
          ])
        : redactSecrets(token, connection.value);
      if (answer.ok) {
        // A new token is the truth whatever else happened: stored at once (with a job's result of it).
        const updated = await storeNewToken(ref, answer.value, alongside);
        return updated ? ok({ group: updated }) : notInRegistry(ref);
      }
      await registry.update((current) => {
        // Any outcome but a new token only touches our own mark.
        const mark = findGroup(current, ref)?.rotation;
        if (mark?.state !== 'pending' || mark.since !== started) return { registry: current, result: null };
        if (answer.error.maybeProcessed)
          return { registry: markRotationUnknown(current, ref, UNKNOWN_OUTCOME, now()), result: null };
        // A refusal may mean the service no longer knows the stored token: a rotation it did carry out
        // (the browser re-sends a POST whose connection was reset, and the re-send is refused). Flag
        // it; the retry learns the current token through get-or-create.
        if (answer.error.code === 'REJECTED')
          return { registry: markRotationUnknown(current, ref, TOKEN_REFUSED, now()), result: null };
        // Never reached the service, or refused the credentials: the token is as current (or as uncertain) as before.
        const before = claim.rotation;
        return {
          registry: before
            ? markRotationUnknown(current, ref, before.message ?? UNKNOWN_OUTCOME, before.since)
            : clearRotationMark(current, ref),
          result: null,
        };
      });
      return answer;
    });
  }

  function remove(request: GroupDeletion): Promise<Result<Record<string, never>>> {
    return withSecretsOpen(lockedError, async () => {
      const entry = findGroup(await registry.read(), request);
      if (!entry) return notInRegistry(request);
      if (entry.rotation?.state === 'pending') return rotationInProgress(request);
      const connection = await connections.require('userGroup');
      if (!connection.ok) return connection;
      // After a lost rotation answer the stored token may be dead: delete with the one the service has.
      const token = await currentToken(connection.value, entry);
      // The delete was not sent: whatever became of the get-or-create, the group was not deleted.
      if (!token.ok)
        return redactSecrets({ ok: false, error: { ...token.error, maybeProcessed: false } }, connection.value);
      const { learned } = token.value;
      // Journal first: a worker stopped while the delete is on the wire leaves the group flagged, never
      // kept unflagged after the service removed it. (A group flagged already keeps its flag.)
      const started = now();
      const journaled = await registry.update((current) => {
        const latest = findGroup(current, request);
        return latest && !latest.deleteOutcomeUnknown
          ? { registry: markDeleteUnknown(current, request, STOPPED_MID_DELETE, started), result: true }
          : { registry: current, result: false };
      });
      const answer = redactSecrets(
        await api.deleteUserGroup(connection.value, {
          currentToken: token.value.token,
          userGroupId: entry.provided_id,
          dataSourceProvidedId: request.dataSourceProvidedId,
        }),
        connection.value,
        [token.value.token],
      );
      await registry.update((current) => {
        if (answer.ok) return { registry: removeGroup(current, request), result: null };
        let next = current;
        // The token get-or-create returned is the current one (unless the entry changed meanwhile, another tab).
        const latest = findGroup(current, request);
        if (learned && latest?.token === entry.token && latest.rotation === entry.rotation)
          next = applyLearnedToken(next, request, learned, now());
        // The answer was lost: the group may be gone. Flagged, so that nothing re-creates it unasked.
        if (answer.error.maybeProcessed && latest)
          next = markDeleteUnknown(next, request, UNKNOWN_DELETE, journaled ? started : now());
        // A refusal (success: 0) may mean the service no longer knows the token: the browser re-sends a
        // request whose reused connection was reset, the first copy deleted the group and the re-send is
        // refused (found by the 1,000-step chaos run, seed 2026). Flagged, as a refused rotation is; a
        // flag set before this delete (not journaled by it) keeps its own words.
        else if (answer.error.code === 'REJECTED' && journaled && latest)
          next = markDeleteUnknown(next, request, REFUSED_DELETE, started);
        // Never sent, or refused for a reason that surely changed nothing (rate limit, credentials): the
        // group is still there; its own journal mark goes.
        else if (journaled && latest?.deleteOutcomeUnknown?.since === started) next = clearDeleteUnknown(next, request);
        return { registry: next, result: null };
      });
      return answer.ok ? ok({}) : answer;
    });
  }

  return operations;
}

export type GroupOperations = ReturnType<typeof createGroupOperations>;
