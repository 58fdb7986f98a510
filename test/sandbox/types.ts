/** Shared types of the sandbox service. Independent of the extension's code on purpose. */
import type { IncomingHttpHeaders } from 'node:http';

export interface SandboxCredentials {
  /** `Authorization: Token <apiToken>` on the user-group API. */
  apiToken: string;
  /** `x-service-api-key` on the project API. */
  apiKey: string;
  /** `x-service-auth-token` on the project API. */
  authToken: string;
}

export type RouteName = 'project.create' | 'userGroup.create' | 'userGroup.rotate' | 'userGroup.delete';

export const ROUTE_NAMES: readonly RouteName[] = [
  'project.create',
  'userGroup.create',
  'userGroup.rotate',
  'userGroup.delete',
];

export type EnvironmentTag = 'Customer' | 'Testing';

export interface UserGroup {
  team_id: number;
  token: string;
  name: string;
  provided_id: string;
  api_environment_tag: EnvironmentTag;
}

export interface Project {
  projectId: string;
  projectUrl: string;
  projectName: string;
  /** `new URL(projectUrl).origin`: the key of the one-project-per-site rule. */
  origin: string;
  createdAt: string;
  /** Made elsewhere (control `existing-project`): a create for this exact address answers ALREADY_EXISTS. */
  existing?: true;
}

export interface RecordedRequest {
  method: string;
  /** The raw request target as sent (path and query), never normalised. */
  path: string;
  route: RouteName | null;
  /** Lowercased names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  /** The raw body as UTF-8; "" when the body was over the size limit. */
  body: string;
  /** Arrival time, ms since the epoch. */
  time: number;
}

/** A request for the sample site's robots.txt or a document under /site/ (Fetch sitemap's reads). */
export interface SiteRequest {
  /** The Host header: which name of this computer the request was sent to. */
  host: string;
  /** The raw request target (path and query). */
  path: string;
  time: number;
  /** The client went away before its answer (a fetch aborted: Cancel, the page closed). */
  clientGone?: true;
}

/** Options every fault accepts. */
export interface FaultTiming {
  /** Apply to the next N matching requests, then remove the fault. Default: until cleared. */
  times?: number;
  /** Apply only to every Nth matching request (2: the 2nd, 4th, …). */
  everyNth?: number;
}

/**
 * For faults that lose or spoil the answer: run the real handler (the state changes) first, then fail,
 * as when the service commits and the answer is lost, garbled or replaced by a proxy's error page.
 */
export interface AfterProcessing {
  afterProcessing?: boolean;
}

export interface DelayFault extends FaultTiming {
  kind: 'delay';
  ms: number;
}
export interface HangFault extends FaultTiming, AfterProcessing {
  kind: 'hang';
  /** Drop the connection (reset) after this many ms; default: keep it open until the client gives up. */
  dropAfterMs?: number;
}
export interface ResetFault extends FaultTiming, AfterProcessing {
  kind: 'reset';
}
export interface HtmlFault extends FaultTiming, AfterProcessing {
  kind: 'html';
  status?: 500 | 502 | 503 | 504;
}
export interface RateLimitFault extends FaultTiming {
  kind: 'rateLimit';
  retryAfterSeconds: number;
}
export interface MalformedJsonFault extends FaultTiming, AfterProcessing {
  kind: 'malformedJson';
}
export interface WrongShapeFault extends FaultTiming, AfterProcessing {
  kind: 'wrongShape';
}
export interface SuccessZeroFault extends FaultTiming {
  kind: 'successZero';
  /**
   * The refusal's message has exactly this many characters (its usual words repeated): a service that
   * refuses with a megabyte of text. Default: the usual short message.
   */
  messageLength?: number;
  /**
   * The refusal repeats every secret of the request (the API token or key and auth token from the
   * headers, the group token sent as `current_token`) as a careless service might: as sent, in upper
   * case, URL-encoded, form-encoded and JSON-escaped. Default: it repeats nothing.
   */
  echoSecrets?: boolean;
}
export interface UnauthorizedFault extends FaultTiming {
  kind: 'unauthorized';
}

export type Fault =
  | DelayFault
  | HangFault
  | ResetFault
  | HtmlFault
  | RateLimitFault
  | MalformedJsonFault
  | WrongShapeFault
  | SuccessZeroFault
  | UnauthorizedFault;

export type FaultKind = Fault['kind'];

/** What a route handler sees of a request, body already read within the size limit. */
export interface ApiRequest {
  method: string;
  headers: IncomingHttpHeaders;
  bodyText: string;
}

/** What a handler wants sent; the server writes it (or, under a fault, does not). */
export interface Reply {
  status: number;
  headers?: Record<string, string>;
  /** Objects are sent as JSON; strings and bytes are sent as they are. */
  body: string | Uint8Array | object;
}

export interface Sandbox {
  /** e.g. http://127.0.0.1:8787 */
  readonly origin: string;
  readonly port: number;
  /** origin + '/ug': the user-group API is at `${userGroupBaseUrl}/api/user`. */
  readonly userGroupBaseUrl: string;
  /** origin + '/projects': create project is `POST ${projectApiUrl}/`. */
  readonly projectApiUrl: string;
  /** origin + '/__control/' */
  readonly controlUrl: string;
  readonly credentials: SandboxCredentials;
  /** Live list of every API request (not pages, not control traffic). */
  readonly requests: RecordedRequest[];
  /** Live list of the sample site's requests (robots.txt, /site/…), in the order they came. */
  readonly siteRequests: SiteRequest[];
  /**
   * The name of the sample site's pages (`/pages/<name>-gz1-1`…; `sample` after a reset): a test that
   * registers them gives its own, so that each run's pages are new to the extension's history.
   */
  setSitePageName(name: string): void;
  /** A test page URL: `<title>` is `title` if given. */
  pageUrl(slug: string, title?: string): string;
  groups(): UserGroup[];
  projects(): Project[];
  setFault(route: RouteName, fault: Fault): void;
  clearFaults(): void;
  /**
   * Clears groups, projects, requests (the site's too) and faults; one-project-per-site, the project
   * name limit and the site's page name go back to their start values.
   */
  reset(): void;
  setOneProjectPerSite(enabled: boolean): void;
  /** The longest projectName accepted (start value 200); a longer one is refused with INVALID_ARGUMENT. */
  setProjectNameMaxLength(max: number): void;
  /**
   * A project the service already has for exactly this address (made elsewhere): creating one for it
   * answers 409 ALREADY_EXISTS naming this project's id.
   */
  addExistingProject(projectUrl: string): Project;
  /** Stops listening and destroys every open connection, hanging ones included. */
  close(): Promise<void>;
}

export interface SandboxOptions {
  port?: number;
  host?: string;
  credentials?: Partial<SandboxCredentials>;
  oneProjectPerSite?: boolean;
  /** The longest projectName accepted; default PROJECT_NAME_MAX_LENGTH (300, the extension's own limit). */
  projectNameMaxLength?: number;
  /** What started it, e.g. "npm run dev": GET / says so, and a second `npm run dev` reads it there. */
  startedBy?: string;
}
