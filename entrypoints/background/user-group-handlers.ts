import type { UserGroupApi } from '@/lib/api/user-group-api';
import type { Connection } from '@/lib/connection/connection-repository';
import { redactSecrets } from '@/lib/connection/redact-secrets';
import { requireConnection } from '@/lib/connection/require-connection';
import type { Handlers } from '@/lib/messaging/router';
import { fail, ok, type Result } from '@/lib/result';
import type { GroupRef, RegistryEntry } from '@/lib/user-groups/registry-schema';
import {
  applyRotation,
  clearRotationMark,
  findGroup,
  markRotationPending,
  markRotationUnknown,
  removeGroup,
  upsertFromService,
} from '@/lib/user-groups/registry-updates';
import type { RegistryWriter } from '@/lib/user-groups/registry-writer';

type UserGroupHandlers = Pick<Handlers, 'createUserGroup' | 'rotateUserGroupToken' | 'deleteUserGroup' | 'forgetUserGroup'>;

const UNKNOWN_OUTCOME = 'Rotation outcome unknown — the old token may no longer work.';
const TOKEN_REFUSED = 'The service refused this token, so it may no longer work: Retry rotation fetches the current one.';

function rotationInProgress(ref: GroupRef) {
  return fail<never>('INVALID_INPUT', `The token of the ${ref.environment} group ${ref.userGroupId} is being rotated right now. Wait for that to finish.`);
}

function notInRegistry(ref: GroupRef) {
  return fail<never>('NOT_FOUND', `There is no ${ref.environment} group with ID ${ref.userGroupId} in this browser.`);
}

export function createUserGroupHandlers(api: UserGroupApi, registry: RegistryWriter, now = () => new Date().toISOString()): UserGroupHandlers {
  /** The token the service knows: the stored one, or, after a lost rotation answer, the one get-or-create returns. */
  async function currentToken(connection: Connection, entry: RegistryEntry): Promise<Result<string>> {
    if (entry.rotation?.state !== 'unknown') return ok(entry.token);
    // Get-or-create returns the group's token as the service has it now, whatever became of the lost rotation.
    const recovered = await api.createUserGroup(connection, { name: entry.name, userGroupId: entry.provided_id, environment: entry.environment });
    return recovered.ok ? ok(recovered.value.group.token) : recovered;
  }

  return {
    async createUserGroup(request) {
      const ref = { environment: request.environment, userGroupId: request.userGroupId };
      const known = findGroup(await registry.read(), ref);
      if (known) {
        return fail('INVALID_INPUT', `A ${ref.environment} group with ID ${ref.userGroupId} is already in this browser (“${known.name}”). IDs are unique per environment.`, { field: 'userGroupId' });
      }
      const connection = await requireConnection('userGroup');
      if (!connection.ok) return connection;
      const answer = await api.createUserGroup(connection.value, request);
      if (!answer.ok) return redactSecrets(answer, connection.value);
      const { group, created } = answer.value;
      const entry = await registry.update((current) => {
        const next = upsertFromService(current, group, request.environment, now());
        return { registry: next, result: findGroup(next, { environment: request.environment, userGroupId: group.provided_id }) };
      });
      return entry ? ok({ group: entry, created }) : fail('INTERNAL', 'The new group could not be recorded.');
    },

    async rotateUserGroupToken(ref) {
      const connection = await requireConnection('userGroup');
      if (!connection.ok) return connection;
      // Journal first: if the worker stops now, the group is found flagged, never silently wrong. A
      // group already being rotated (another tab) is not rotated twice with the same old token.
      const started = now();
      const claim = await registry.update((current) => {
        const found = findGroup(current, ref);
        if (!found || found.rotation?.state === 'pending') return { registry: current, result: found };
        return { registry: markRotationPending(current, ref, started), result: found };
      });
      if (!claim) return notInRegistry(ref);
      if (claim.rotation?.state === 'pending') return rotationInProgress(ref);

      const token = await currentToken(connection.value, claim);
      const answer = token.ok ? await api.rotateToken(connection.value, token.value) : token;
      await registry.update((current) => {
        // A new token is the truth whatever else happened; any other outcome only touches our own mark.
        if (answer.ok) return { registry: applyRotation(current, ref, answer.value, now()), result: null };
        const mark = findGroup(current, ref)?.rotation;
        if (mark?.state !== 'pending' || mark.since !== started) return { registry: current, result: null };
        if (answer.error.maybeProcessed) return { registry: markRotationUnknown(current, ref, UNKNOWN_OUTCOME, now()), result: null };
        // A refusal may mean the service no longer knows the stored token: a rotation it did carry out
        // (the browser re-sends a POST whose connection was reset, and the re-send is refused). Flag
        // it; the retry learns the current token through get-or-create.
        if (answer.error.code === 'REJECTED') return { registry: markRotationUnknown(current, ref, TOKEN_REFUSED, now()), result: null };
        // Never reached the service, or refused the credentials: the token is as current (or as uncertain) as before.
        const before = claim.rotation;
        return { registry: before ? markRotationUnknown(current, ref, before.message ?? UNKNOWN_OUTCOME, before.since) : clearRotationMark(current, ref), result: null };
      });
      if (!answer.ok) return redactSecrets(answer, connection.value);
      const updated = findGroup(await registry.read(), ref);
      return updated ? ok({ group: updated }) : notInRegistry(ref);
    },

    async deleteUserGroup(request) {
      const entry = findGroup(await registry.read(), request);
      if (!entry) return notInRegistry(request);
      if (entry.rotation?.state === 'pending') return rotationInProgress(request);
      const connection = await requireConnection('userGroup');
      if (!connection.ok) return connection;
      // After a lost rotation answer the stored token may be dead: delete with the one the service has.
      const token = await currentToken(connection.value, entry);
      if (!token.ok) return redactSecrets(token, connection.value);
      const answer = await api.deleteUserGroup(connection.value, {
        currentToken: token.value,
        userGroupId: entry.provided_id,
        dataSourceProvidedId: request.dataSourceProvidedId,
      });
      if (!answer.ok) return redactSecrets(answer, connection.value);
      await registry.update((current) => ({ registry: removeGroup(current, request), result: null }));
      return ok({});
    },

    async forgetUserGroup(ref) {
      const removed = await registry.update((current) =>
        findGroup(current, ref) ? { registry: removeGroup(current, ref), result: true } : { registry: current, result: false },
      );
      return removed ? ok({}) : notInRegistry(ref);
    },
  };
}
