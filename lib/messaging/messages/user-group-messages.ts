import { z } from 'zod/mini';
import { environmentSchema } from '../../environment';
import { groupRefSchema, registryEntrySchema } from '../../storage/registry/registry-schema';
import { defineWorkspaceMessage } from '../define-message';
import { emptySchema, inWorkspace, requiredText } from './shared-schemas';
import { workspaceIdSchema } from '../../storage/workspaces/workspace-index-schema';
import { built, extendedObject } from '../../schema-parts';

/** A group of one workspace (built with the message's request, on first use). */
const workspaceGroupRef = () => extendedObject(built(groupRefSchema), { workspaceId: workspaceIdSchema });

export const createUserGroup = defineWorkspaceMessage({
  name: 'createUserGroup',
  request: () =>
    inWorkspace({ name: requiredText(200), userGroupId: requiredText(256), environment: environmentSchema }),
  response: () => z.object({ group: registryEntrySchema, created: z.boolean() }),
  allowTab: true,
});

/** Also the retry after an unknown outcome: the background first learns the current token. */
export const rotateUserGroupToken = defineWorkspaceMessage({
  name: 'rotateUserGroupToken',
  request: workspaceGroupRef,
  response: () => z.object({ group: registryEntrySchema }),
  allowTab: true,
});

export const deleteUserGroup = defineWorkspaceMessage({
  name: 'deleteUserGroup',
  request: () =>
    extendedObject(workspaceGroupRef(), {
      dataSourceProvidedId: z.optional(z.string().check(z.trim(), z.maxLength(256))),
    }),
  response: () => emptySchema,
  allowTab: true,
});

/** Removes a group from this browser only, without calling the service (it is already gone there). */
export const forgetUserGroup = defineWorkspaceMessage({
  name: 'forgetUserGroup',
  request: workspaceGroupRef,
  response: () => emptySchema,
  allowTab: true,
});

/** Drops a create of unknown outcome from the list without calling the service (the user knows better). */
export const dismissUnsettledCreate = defineWorkspaceMessage({
  name: 'dismissUnsettledCreate',
  request: workspaceGroupRef,
  response: () => emptySchema,
  allowTab: true,
});
