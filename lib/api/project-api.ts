import { z } from 'zod/mini';
import type { ProjectInput } from '../projects/project-input';
import { fail, ok, type ErrorCode, type Result } from '../result';
import { originOf, projectEndpoint } from './endpoints';
import { describeHttpStatus, sendJson, waitText, type FetchLike } from './http';

export const createProjectSuccessSchema = z.object({
  result: z.object({
    status: z.literal('success'),
    message: z.string(),
    data: z.looseObject({ projectId: z.string().check(z.minLength(1)) }),
  }),
});

/** The callable-function error convention: `{ error: { message, status, details? } }`. */
export const projectErrorBodySchema = z.object({
  error: z.object({
    message: z.string(),
    status: z.string(),
    details: z.optional(z.unknown()),
  }),
});

const existingProjectSchema = z.object({ projectId: z.string() });

export interface ProjectApiCredentials {
  projectApiUrl: string;
  apiKey: string;
  authToken: string;
}

export interface CreatedProject {
  projectId: string;
  message: string;
}

const CANONICAL_CODES = new Map<string, ErrorCode>(Object.entries({
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
} satisfies Record<string, ErrorCode>));

/** The service's own words, with what to do where the status says more than the text. */
function describeServiceError(
  body: z.infer<typeof projectErrorBodySchema>,
  origin: string,
  retryAfterSeconds: number | undefined,
): Result<never> {
  const { message, status, details } = body.error;
  const code = CANONICAL_CODES.get(status) ?? 'REJECTED';
  const serviceText = message.trim() || status;
  switch (code) {
    case 'ALREADY_EXISTS': {
      const existing = existingProjectSchema.safeParse(details);
      const relatedId = existing.success ? existing.data.projectId : undefined;
      const suffix = relatedId ? ` (project ID ${relatedId})` : '';
      return fail('ALREADY_EXISTS', `This site already has a project${suffix}.`, { relatedId });
    }
    case 'UNAUTHENTICATED':
      return fail(code, `The service rejected the API key or auth token: ${serviceText}. Check them in the settings.`);
    case 'RATE_LIMITED': {
      return fail(code, `The service is rate limiting requests: ${serviceText}. Try again in ${waitText(retryAfterSeconds)}.`, { retryAfterSeconds });
    }
    case 'SERVICE_ERROR':
      return fail(code, `The service failed: ${serviceText}. Try again in a moment.`, { maybeProcessed: true });
    default:
      return fail(code, serviceText);
  }
}

/** The project API (`POST {project_api_url}/`). `fetch` is injected so tests can give a fake. */
export function createProjectApi(deps: { fetch: FetchLike; timeoutMs?: number }) {
  return {
    async createProject(credentials: ProjectApiCredentials, input: ProjectInput): Promise<Result<CreatedProject>> {
      const url = projectEndpoint(credentials.projectApiUrl);
      const origin = originOf(url);
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
      if (errorBody.success) return describeServiceError(errorBody.data, origin, retryAfterSeconds);
      if (status < 200 || status > 299) return describeHttpStatus(status, origin, retryAfterSeconds);

      const success = createProjectSuccessSchema.safeParse(json);
      if (!success.success) {
        const what = json === undefined ? 'a body that is not JSON' : 'JSON of an unexpected shape';
        return fail('BAD_RESPONSE', `${origin} answered with ${what}; the project may or may not exist.`, {
          maybeProcessed: true,
        });
      }
      return ok({ projectId: success.data.result.data.projectId, message: success.data.result.message });
    },
  };
}

export type ProjectApi = ReturnType<typeof createProjectApi>;
