import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ControlTarget } from './control.ts';
import { FaultRegistry } from './faults.ts';
import { createHandler } from './handler.ts';
import { sendReply } from './http-io.ts';
import { PROJECT_NAME_MAX_LENGTH, ProjectStore } from './projects.ts';
import { RequestRecorder } from './recorder.ts';
import { routeIndex } from './route-index.ts';
import type { Fault, RouteName, Sandbox, SandboxCredentials, SandboxOptions, SiteRequest } from './types.ts';
import { UserGroupStore } from './user-groups.ts';

export type {
  Fault,
  FaultKind,
  Project,
  RecordedRequest,
  RouteName,
  Sandbox,
  SandboxCredentials,
  SandboxOptions,
  SiteRequest,
  UserGroup,
} from './types.ts';

/** The sample site's pages' name after a reset (`/pages/sample-gz1-1`…). */
const DEFAULT_SITE_PAGE_NAME = 'sample';

/** What dev builds prefill. Not secrets: they only open this local sandbox. */
export const DEMO_CREDENTIALS: Readonly<SandboxCredentials> = Object.freeze({
  apiToken: 'sandbox-api-token-7f3a',
  apiKey: 'sandbox-api-key-91c2',
  authToken: 'sandbox-auth-token-c4d8',
});

function mergeCredentials(overrides: Partial<SandboxCredentials> | undefined): SandboxCredentials {
  const merged: SandboxCredentials = { ...DEMO_CREDENTIALS };
  // Explicit undefined values must not wipe a default.
  if (overrides?.apiToken !== undefined) merged.apiToken = overrides.apiToken;
  if (overrides?.apiKey !== undefined) merged.apiKey = overrides.apiKey;
  if (overrides?.authToken !== undefined) merged.authToken = overrides.authToken;
  return merged;
}

function originOf(host: string, port: number): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/** Starts the sandbox service: both APIs, test pages and the control endpoints on one port. */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const host = options.host ?? '127.0.0.1';
  const credentials = mergeCredentials(options.credentials);
  const initialOneProjectPerSite = options.oneProjectPerSite ?? false;
  const userGroups = new UserGroupStore();
  const initialNameMaxLength = options.projectNameMaxLength ?? PROJECT_NAME_MAX_LENGTH;
  const projects = new ProjectStore(initialOneProjectPerSite, initialNameMaxLength);
  const faults = new FaultRegistry();
  const recorder = new RequestRecorder();
  const closing = new AbortController();
  const site = { name: DEFAULT_SITE_PAGE_NAME, requests: [] as SiteRequest[] };

  const control: ControlTarget = {
    requests: recorder.requests,
    groups: () => userGroups.list(),
    projects: () => projects.list(),
    faults: () => faults.list(),
    oneProjectPerSite: () => projects.oneProjectPerSite,
    projectNameMaxLength: () => projects.nameMaxLength,
    setFault: (route: RouteName, fault: Fault) => faults.set(route, fault),
    clearFaults: () => faults.clear(),
    reset: () => {
      userGroups.reset();
      projects.reset(initialOneProjectPerSite, initialNameMaxLength);
      faults.clear();
      recorder.clear();
      site.requests.length = 0;
      site.name = DEFAULT_SITE_PAGE_NAME;
    },
    setOneProjectPerSite: (enabled: boolean) => {
      projects.oneProjectPerSite = enabled;
    },
    addExistingProject: (projectUrl: string) => projects.addExisting(projectUrl),
    setProjectNameMaxLength: (max: number) => {
      if (!Number.isInteger(max) || max < 1) throw new TypeError('The project name limit must be a positive integer');
      projects.nameMaxLength = max;
    },
  };

  const handler = createHandler({
    credentials,
    userGroups,
    projects,
    faults,
    recorder,
    control,
    site: { pageName: () => site.name, requests: site.requests },
    closing: closing.signal,
  });
  const startedBy = options.startedBy ?? null;
  const server = createServer((req, res) => {
    // Requests arrive only once listening, so the address is known.
    const { port } = server.address() as AddressInfo;
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const index = routeIndex(req.method ?? 'GET', path, { origin: originOf(host, port), startedBy, pid: process.pid });
    if (index) return sendReply(res, index);
    handler(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('The sandbox is not listening on TCP');
  const origin = originOf(host, address.port);

  let closed: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closed ??= new Promise<void>((resolve) => {
      closing.abort();
      server.close(() => resolve());
      // Hanging faults and keep-alive sockets would otherwise keep close() waiting forever.
      server.closeAllConnections();
    });
    return closed;
  };

  return {
    origin,
    port: address.port,
    userGroupBaseUrl: `${origin}/ug`,
    projectApiUrl: `${origin}/projects`,
    controlUrl: `${origin}/__control/`,
    credentials: { ...credentials },
    requests: recorder.requests,
    siteRequests: site.requests,
    setSitePageName: (name: string) => {
      site.name = name;
    },
    pageUrl: (slug: string, title?: string) =>
      `${origin}/pages/${encodeURIComponent(slug)}${title === undefined ? '' : `?title=${encodeURIComponent(title)}`}`,
    groups: control.groups,
    projects: control.projects,
    setFault: control.setFault,
    clearFaults: control.clearFaults,
    reset: control.reset,
    setOneProjectPerSite: control.setOneProjectPerSite,
    setProjectNameMaxLength: control.setProjectNameMaxLength,
    addExistingProject: control.addExistingProject,
    close,
  };
}
