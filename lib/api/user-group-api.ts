import { originOf } from '../url/origin-of';
import { z } from 'zod/mini';
import { environmentSchema, type Environment } from '../environment';
import { text } from '../message-ref';
import { fail, ok, type Result } from '../result';
import { userGroupEndpoint } from './endpoints';
import { describeHttpStatus, sendJson, type FetchLike, type JsonResponse } from './http';
import { serviceWords } from './service-words';
import { secretsOfRequest } from './redact-secrets';

/** A user group as the service returns it. Unknown fields are kept: the registry stores them too. */
export const wireUserGroupSchema = z.lazy(() =>
  z.looseObject({
    team_id: z.number(),
    token: z.string().check(z.minLength(1)),
    name: z.string(),
    provided_id: z.string(),
    api_environment_tag: z.optional(environmentSchema),
  }),
);
export type WireUserGroup = z.infer<typeof wireUserGroupSchema>;

const groupAnswerSchema = z.lazy(() =>
  z.looseObject({
    success: z.literal(1),
    user_group: wireUserGroupSchema,
    // Read like `success`, which the service sends as a number: 0/1 and false/true both mean the same.
    new_user_group: z.optional(z.union([z.boolean(), z.literal(0), z.literal(1)])),
  }),
);
const deleteAnswerSchema = z.lazy(() => z.looseObject({ success: z.literal(1) }));
const refusalSchema = z.lazy(() =>
  z.looseObject({
    success: z.literal(0),
    message: z.optional(z.string()),
    error: z.optional(z.string()),
  }),
);

export interface UserGroupApiCredentials {
  userGroupBaseUrl: string;
  apiToken: string;
}

export interface NewUserGroup {
  name: string;
  userGroupId: string;
  environment: Environment;
}

export interface DeleteUserGroup {
  currentToken: string;
  userGroupId: string;
  dataSourceProvidedId?: string;
}

/**
 * What the answer means. `success: 0` is the service saying no (its words bounded, with every secret
 * of the request blanked: serviceWords); a 2xx body that cannot be read leaves the outcome unknown (the change may
 * have happened).
 */
function interpret<T>(
  answer: JsonResponse,
  origin: string,
  schema: z.ZodMiniType<T>,
  secrets: readonly string[],
): Result<T> {
  const { status, json, retryAfterSeconds } = answer;
  const refusal = refusalSchema.safeParse(json);
  if (status === 401 || status === 403 || status === 429 || status >= 500) {
    return describeHttpStatus(status, origin, retryAfterSeconds);
  }
  if (refusal.success) {
    const reason = (refusal.data.message ?? refusal.data.error ?? '').trim();
    return fail(
      'REJECTED',
      reason ? text('errorServiceRefused', serviceWords(reason, secrets)) : text('errorServiceRefusedNoReason'),
    );
  }
  if (status < 200 || status > 299) return describeHttpStatus(status, origin, retryAfterSeconds);
  const parsed = schema.safeParse(json);
  if (parsed.success) return ok(parsed.data);
  return fail('BAD_RESPONSE', text(json === undefined ? 'errorGroupNotJson' : 'errorGroupUnexpectedJson', origin), {
    maybeProcessed: true,
  });
}

/** The user-group API (`{base_url}/api/user`). `fetch` is injected so tests can give a fake. */
export function createUserGroupApi(deps: { fetch: FetchLike; timeoutMs?: number }) {
  async function call<T>(
    credentials: UserGroupApiCredentials,
    method: 'POST' | 'DELETE',
    body: Record<string, string>,
    schema: z.ZodMiniType<T>,
  ): Promise<Result<T>> {
    const url = userGroupEndpoint(credentials.userGroupBaseUrl);
    const sent = await sendJson(deps.fetch, {
      url,
      method,
      headers: { Authorization: `Token ${credentials.apiToken}` },
      body,
      timeoutMs: deps.timeoutMs,
    });
    // Its words are cleared of every secret of this request: the API token and the group's token.
    const secrets = secretsOfRequest(credentials, [body.current_token ?? '']);
    return sent.ok ? interpret(sent.value, originOf(url, '—'), schema, secrets) : sent;
  }

  return {
    /** Get-or-create: `created` is false when the service returned an existing group. */
    async createUserGroup(credentials: UserGroupApiCredentials, group: NewUserGroup) {
      const answer = await call(
        credentials,
        'POST',
        {
          current_token: '',
          name: group.name,
          user_group_id: group.userGroupId,
          api_environment_tag: group.environment,
        },
        groupAnswerSchema,
      );
      if (!answer.ok) return answer;
      const isNew = answer.value.new_user_group;
      return ok({ group: answer.value.user_group, created: isNew !== false && isNew !== 0 });
    },

    async rotateToken(credentials: UserGroupApiCredentials, currentToken: string): Promise<Result<WireUserGroup>> {
      const answer = await call(credentials, 'POST', { current_token: currentToken }, groupAnswerSchema);
      return answer.ok ? ok(answer.value.user_group) : answer;
    },

    async deleteUserGroup(credentials: UserGroupApiCredentials, request: DeleteUserGroup): Promise<Result<null>> {
      const body: Record<string, string> = { current_token: request.currentToken, user_group_id: request.userGroupId };
      if (request.dataSourceProvidedId) body.data_source_provided_id = request.dataSourceProvidedId;
      const answer = await call(credentials, 'DELETE', body, deleteAnswerSchema);
      return answer.ok ? ok(null) : answer;
    },
  };
}

export type UserGroupApi = ReturnType<typeof createUserGroupApi>;
