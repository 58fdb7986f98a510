import { randomBytes } from 'node:crypto';
import { isJsonContentType, isPlainObject, json, parseJson } from './http-io.ts';
import { projectFailure, unauthorized } from './routes.ts';
import type { ApiRequest, Project, Reply, SandboxCredentials } from './types.ts';

/**
 * The longest projectName accepted by default: the extension's own limit (lib/api/project-input.ts,
 * test/unit/sandbox/projects.test.ts holds them equal), so that a name the sandbox would refuse for its
 * length is one the popup marks as typed, before Enter (issue 41). A test of the service's own words
 * lowers it (project-name-limit).
 */
export const PROJECT_NAME_MAX_LENGTH = 300;
const BODY_SHAPE_MESSAGE = 'Request body must be {"data": {"projectUrl": string, "projectName": string}}';

/** In-memory projects, plus the optional "one project per site" rule of the real service and its name limit. */
export class ProjectStore {
  #projects: Project[] = [];
  oneProjectPerSite: boolean;
  nameMaxLength: number;

  constructor(oneProjectPerSite: boolean, nameMaxLength = PROJECT_NAME_MAX_LENGTH) {
    this.oneProjectPerSite = oneProjectPerSite;
    this.nameMaxLength = nameMaxLength;
  }

  list(): Project[] {
    return this.#projects.map((project) => ({ ...project }));
  }

  reset(oneProjectPerSite: boolean, nameMaxLength: number): void {
    this.#projects = [];
    this.oneProjectPerSite = oneProjectPerSite;
    this.nameMaxLength = nameMaxLength;
  }

  /** A project made elsewhere (another browser, the service's own UI) for exactly this address. */
  addExisting(projectUrl: string): Project {
    const origin = httpOrigin(projectUrl) ?? projectUrl;
    return this.add(projectUrl, projectUrl, origin, true);
  }

  findExisting(projectUrl: string): Project | undefined {
    return this.#projects.find((project) => project.existing === true && project.projectUrl === projectUrl);
  }

  findByOrigin(origin: string): Project | undefined {
    return this.#projects.find((project) => project.origin === origin);
  }

  add(projectUrl: string, projectName: string, origin: string, existing = false): Project {
    const project: Project = {
      projectId: `prj_${randomBytes(6).toString('hex')}`,
      projectUrl,
      projectName,
      origin,
      createdAt: new Date().toISOString(),
      ...(existing && { existing }),
    };
    this.#projects.push(project);
    return project;
  }
}

function httpOrigin(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

function checkCredentials(request: ApiRequest, credentials: SandboxCredentials): Reply | undefined {
  const apiKey = request.headers['x-service-api-key'];
  const authToken = request.headers['x-service-auth-token'];
  if (apiKey === undefined) return projectFailure(401, 'UNAUTHENTICATED', 'Missing x-service-api-key header');
  if (authToken === undefined) return projectFailure(401, 'UNAUTHENTICATED', 'Missing x-service-auth-token header');
  if (apiKey !== credentials.apiKey || authToken !== credentials.authToken) return unauthorized('project');
  return undefined;
}

/** Like callable functions: extra fields are refused, so a client that sends more than the contract fails here. */
function unexpectedField(body: Record<string, unknown>, data: Record<string, unknown>): string | undefined {
  const extraTop = Object.keys(body).find((key) => key !== 'data');
  if (extraTop !== undefined) return extraTop;
  const extraData = Object.keys(data).find((key) => key !== 'projectUrl' && key !== 'projectName');
  return extraData === undefined ? undefined : `data.${extraData}`;
}

export function handleProjectCreate(request: ApiRequest, store: ProjectStore, credentials: SandboxCredentials): Reply {
  const authFailure = checkCredentials(request, credentials);
  if (authFailure) return authFailure;
  if (!isJsonContentType(request.headers['content-type'])) {
    return projectFailure(400, 'INVALID_ARGUMENT', 'Content-Type must be application/json');
  }
  const parsed = parseJson(request.bodyText);
  if (!parsed.ok) return projectFailure(400, 'INVALID_ARGUMENT', 'Request body must be JSON');
  const body = parsed.value;
  if (!isPlainObject(body) || !isPlainObject(body.data)) {
    return projectFailure(400, 'INVALID_ARGUMENT', BODY_SHAPE_MESSAGE);
  }
  const { data } = body;
  const extra = unexpectedField(body, data);
  if (extra !== undefined) return projectFailure(400, 'INVALID_ARGUMENT', `Unexpected field "${extra}"`);
  const origin = httpOrigin(data.projectUrl);
  if (origin === undefined || typeof data.projectUrl !== 'string') {
    return projectFailure(400, 'INVALID_ARGUMENT', 'projectUrl must be a valid http or https URL');
  }
  const { projectName } = data;
  if (typeof projectName !== 'string' || projectName.trim() === '') {
    return projectFailure(400, 'INVALID_ARGUMENT', 'projectName must not be empty');
  }
  // The contract shows no limit: by default the extension's own; lowered, only the service's words say it.
  if (projectName.length > store.nameMaxLength) {
    return projectFailure(400, 'INVALID_ARGUMENT', `projectName must be at most ${store.nameMaxLength} characters`);
  }
  const existing =
    store.findExisting(data.projectUrl) ?? (store.oneProjectPerSite ? store.findByOrigin(origin) : undefined);
  if (existing) {
    return projectFailure(409, 'ALREADY_EXISTS', 'This site already has a project', { projectId: existing.projectId });
  }
  const project = store.add(data.projectUrl, projectName, origin);
  return json(200, {
    result: { status: 'success', message: 'Project created successfully', data: { projectId: project.projectId } },
  });
}
