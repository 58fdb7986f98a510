import { originOf } from '../url/origin-of';
import { z } from 'zod/mini';
import type { ProjectInput } from './project-input';
import { countedText, MAX_VERBATIM_LENGTH, text } from '../message-ref';
import { fail, ok, type ErrorCode, type Result } from '../result';
import { projectEndpoint } from './endpoints';
import { describeHttpStatus, sendJson, type FetchLike } from './http';
import { MAX_SERVICE_ID_LENGTH, serviceId, serviceWords } from './service-words';
import { cutText } from '../text/bounded-text';
import { secretsOfRequest } from './redact-secrets';

export const createProjectSuccessSchema = z.lazy(() =>
  z.object({
    result: z.object({
      status: z.literal('success'),
      message: z.string(),
      // An id longer than any id is an answer of an unexpected shape: the project may exist, its id is not stored.
      data: z.looseObject({ projectId: z.string().check(z.minLength(1), z.maxLength(MAX_SERVICE_ID_LENGTH)) }),
    }),
  }),
);

/** The callable-function error convention: `{ error: { message, status, details? } }`. */
export const projectErrorBodySchema = z.lazy(() =>
  z.object({
    error: z.object({
      message: z.string(),
      status: z.string(),
      details: z.optional(z.unknown()),
    }),
  }),
);

const existingProjectSchema = z.lazy(() => z.object({ projectId: z.string() }));

export interface ProjectApiCredentials {
  projectApiUrl: string;
  apiKey: string;
  authToken: string;
}

export interface CreatedProject {
  projectId: string;
  message: string;
}

const CANONICAL_CODES = new Map<string, ErrorCode>(
  Object.entries({
    INVALID_ARGUMENT: 'INVALID_ARGUMENT',
    FAILED_PRECONDITION: 'REJECTED',
    OUT_OF_RANGE: 'INVALID_ARGUMENT',
    UNAUTHENTICATED: 'UNAUTHENTICATED',
    PERMISSION_DENIED: 'PERMISSION_DENIED',
    NOT_FOUND: 'NOT_FOUND',
    ALREADY_EXISTS: 'ALREADY_EXISTS',
    RESOURCE_EXHAUSTED: 'RATE_LIMITED',
    INTERNAL: 'SERVICE_ERROR',
    UNAVAILABLE: 'SERVICE_ERROR',
    DEADLINE_EXCEEDED: 'SERVICE_ERROR',
    UNKNOWN: 'SERVICE_ERROR',
    DATA_LOSS: 'SERVICE_ERROR',
  } satisfies Record<string, ErrorCode>),
);

/**
 * What the status means, in the user's language, with the service's own words (which are not ours to
 * translate, bounded and with `secrets` blanked: serviceWords) as the detail.
 */
function describeServiceError(
  body: z.infer<typeof projectErrorBodySchema>,
  retryAfterSeconds: number | undefined,
  secrets: readonly string[],
): Result<never> {
  const { message, status, details } = body.error;
  const code = CANONICAL_CODES.get(status) ?? 'REJECTED';
  const words = serviceWords(message.trim() || status, secrets);
  switch (code) {
    case 'ALREADY_EXISTS': {
      const existing = existingProjectSchema.safeParse(details);
      const relatedId = serviceId(existing.success ? existing.data.projectId : undefined, secrets);
      return fail(
        'ALREADY_EXISTS',
        relatedId ? text('errorProjectExistsWithId', relatedId) : text('errorProjectExists'),
        { relatedId },
      );
    }
    case 'UNAUTHENTICATED':
      return fail(code, text('errorProjectUnauthenticated', words));
    case 'RATE_LIMITED': {
      const wait =
        retryAfterSeconds === undefined
          ? text('errorProjectRateLimited', words)
          : countedText('errorProjectRateLimitedWait', retryAfterSeconds, words);
      return fail(code, wait, { retryAfterSeconds });
    }
    case 'SERVICE_ERROR':
      return fail(code, text('errorProjectServiceFailed', words), { maybeProcessed: true });
    default:
      return fail(code, text('errorServiceRefused', words));
  }
}

/** The project API (`POST {project_api_url}/`). `fetch` is injected so tests can give a fake. */
export function createProjectApi(deps: { fetch: FetchLike; timeoutMs?: number }) {
  return {
    async createProject(credentials: ProjectApiCredentials, input: ProjectInput): Promise<Result<CreatedProject>> {
      const url = projectEndpoint(credentials.projectApiUrl);
      const origin = originOf(url, '—');
      const sent = await sendJson(deps.fetch, {
        url,
        method: 'POST',
        headers: {
          'x-service-api-key': credentials.apiKey,
          'x-service-auth-token': credentials.authToken,
        },
        body: { data: { projectUrl: input.projectUrl, projectName: input.projectName } },
        timeoutMs: deps.timeoutMs,
      });
      if (!sent.ok) return sent;
      const { status, json, retryAfterSeconds } = sent.value;

      // The body's error status is read whatever the HTTP status says.
      const errorBody = projectErrorBodySchema.safeParse(json);
      if (errorBody.success) {
        return describeServiceError(errorBody.data, retryAfterSeconds, secretsOfRequest(credentials));
      }
      if (status < 200 || status > 299) return describeHttpStatus(status, origin, retryAfterSeconds);

      const success = createProjectSuccessSchema.safeParse(json);
      if (!success.success) {
        return fail(
          'BAD_RESPONSE',
          text(json === undefined ? 'errorProjectNotJson' : 'errorProjectUnexpectedJson', origin),
          {
            maybeProcessed: true,
          },
        );
      }
      const { data, message } = success.data.result;
      // The confirmation is the service's words too: bounded like the rest (it is not shown today).
      return ok({ projectId: data.projectId, message: cutText(message, MAX_VERBATIM_LENGTH).text });
    },
  };
}

export type ProjectApi = ReturnType<typeof createProjectApi>;
