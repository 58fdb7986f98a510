import { parseFault } from './faults.ts';
import { isPlainObject, json, parseJson } from './http-io.ts';
import { ROUTE_NAMES } from './types.ts';
import type { Fault, Project, RecordedRequest, Reply, RouteName, UserGroup } from './types.ts';

export const CONTROL_PREFIX = '/__control/';

/** What the control endpoints may see and change: the same operations the in-process API offers. */
export interface ControlTarget {
  requests: readonly RecordedRequest[];
  // Function properties, not methods: the server hands them out unbound.
  groups: () => UserGroup[];
  projects: () => Project[];
  faults: () => { route: RouteName; fault: Fault }[];
  oneProjectPerSite: () => boolean;
  projectNameMaxLength: () => number;
  setFault: (route: RouteName, fault: Fault) => void;
  clearFaults: () => void;
  reset: () => void;
  setOneProjectPerSite: (enabled: boolean) => void;
  setProjectNameMaxLength: (max: number) => void;
  addExistingProject: (projectUrl: string) => Project;
}

const ENDPOINTS = [
  `GET ${CONTROL_PREFIX}requests`,
  `GET ${CONTROL_PREFIX}state`,
  `POST ${CONTROL_PREFIX}faults {"route", "fault"}`,
  `DELETE ${CONTROL_PREFIX}faults`,
  `POST ${CONTROL_PREFIX}reset`,
  `POST ${CONTROL_PREFIX}one-project-per-site {"enabled"}`,
  `POST ${CONTROL_PREFIX}existing-project {"projectUrl"}`,
  `POST ${CONTROL_PREFIX}project-name-limit {"max"}`,
];

const OK = json(200, { ok: true });

function badRequest(message: string): Reply {
  return json(400, { error: message });
}

function isRouteName(value: unknown): value is RouteName {
  return typeof value === 'string' && (ROUTE_NAMES as readonly string[]).includes(value);
}

function objectBody(bodyText: string): Record<string, unknown> | undefined {
  const parsed = parseJson(bodyText);
  return parsed.ok && isPlainObject(parsed.value) ? parsed.value : undefined;
}

function setFault(bodyText: string, target: ControlTarget): Reply {
  const body = objectBody(bodyText);
  if (!body) return badRequest('Body must be a JSON object {"route", "fault"}');
  if (!isRouteName(body.route)) return badRequest(`route must be one of ${ROUTE_NAMES.join(', ')}`);
  const fault = parseFault(body.fault);
  if (typeof fault === 'string') return badRequest(fault);
  target.setFault(body.route, fault);
  return OK;
}

function setOneProjectPerSite(bodyText: string, target: ControlTarget): Reply {
  const body = objectBody(bodyText);
  if (!body || typeof body.enabled !== 'boolean') return badRequest('Body must be {"enabled": true|false}');
  target.setOneProjectPerSite(body.enabled);
  return json(200, { ok: true, enabled: body.enabled });
}

function setProjectNameMaxLength(bodyText: string, target: ControlTarget): Reply {
  const body = objectBody(bodyText);
  const max = body?.max;
  if (typeof max !== 'number' || !Number.isInteger(max) || max < 1) {
    return badRequest('Body must be {"max": a positive integer}');
  }
  target.setProjectNameMaxLength(max);
  return json(200, { ok: true, max });
}

function addExistingProject(bodyText: string, target: ControlTarget): Reply {
  const projectUrl = objectBody(bodyText)?.projectUrl;
  if (typeof projectUrl !== 'string' || !URL.canParse(projectUrl))
    return badRequest('Body must be {"projectUrl": a URL}');
  return json(200, target.addExistingProject(projectUrl));
}

/** `action` is the path after /__control/, e.g. "faults". */
export function handleControl(method: string, action: string, bodyText: string, target: ControlTarget): Reply {
  const key = `${method} ${action}`;
  switch (key) {
    case 'GET ':
      return json(200, { endpoints: ENDPOINTS });
    case 'GET requests':
      return json(200, [...target.requests]);
    case 'GET state':
      return json(200, {
        groups: target.groups(),
        projects: target.projects(),
        oneProjectPerSite: target.oneProjectPerSite(),
        projectNameMaxLength: target.projectNameMaxLength(),
        faults: target.faults(),
      });
    case 'POST faults':
      return setFault(bodyText, target);
    case 'DELETE faults':
      target.clearFaults();
      return OK;
    case 'POST reset':
      target.reset();
      return OK;
    case 'POST one-project-per-site':
      return setOneProjectPerSite(bodyText, target);
    case 'POST project-name-limit':
      return setProjectNameMaxLength(bodyText, target);
    case 'POST existing-project':
      return addExistingProject(bodyText, target);
  }
  const known = [
    '',
    'requests',
    'state',
    'faults',
    'reset',
    'one-project-per-site',
    'project-name-limit',
    'existing-project',
  ].includes(action);
  if (!known) return json(404, { error: 'Not found' });
  return json(405, { error: `Method ${method} is not allowed on ${CONTROL_PREFIX}${action}` });
}
