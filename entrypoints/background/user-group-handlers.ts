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

function notInRegistry(ref: GroupRef) {
  return fail<never>('NOT_FOUND', `There is no ${ref.environment} group with ID ${ref.userGroupId} in this browser.`);
}

export function createUserGroupHandlers(api: UserGroupApi, registry: RegistryWriter, now = () => new Date().toISOString()): UserGroupHandlers {
  /** After the journal mark is written: the token to rotate, learning it first if an earlier outcome was lost. */
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
      // Journal first: if the worker stops now, the group is found flagged, never silently wrong.
      const entry = await registry.update((current) => {
        const found = findGroup(current, ref);
        return found ? { registry: markRotationPending(current, ref, now()), result: found } : { registry: current, result: undefined };
      });
      if (!entry) return notInRegistry(ref);

      const token = await currentToken(connection.value, entry);
      const answer = token.ok ? await api.rotateToken(connection.value, token.value) : token;
      const rotated = await registry.update((current) => {
        if (answer.ok) return { registry: applyRotation(current, ref, answer.value, now()), result: true };
        if (answer.error.maybeProcessed) {
          const message = 'Rotation outcome unknown — the old token may no longer work.';
          return { registry: markRotationUnknown(current, ref, message, now()), result: false };
        }
        // Refused or never sent: the stored token is still the current one (or still unknown, if it was).
        const keep = entry.rotation?.state === 'unknown' ? markRotationUnknown(current, ref, entry.rotation.message ?? '', entry.rotation.since) : clearRotationMark(current, ref);
        return { registry: keep, result: false };
      });
      if (!answer.ok) return redactSecrets(answer, connection.value);
      const updated = findGroup(await registry.read(), ref);
      return rotated && updated ? ok({ group: updated }) : notInRegistry(ref);
    },

    async deleteUserGroup(request) {
      const entry = findGroup(await registry.read(), request);
      if (!entry) return notInRegistry(request);
      const connection = await requireConnection('userGroup');
      if (!connection.ok) return connection;
      const answer = await api.deleteUserGroup(connection.value, {
        currentToken: entry.token,
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
