import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { CONTROL_PREFIX, handleControl, type ControlTarget } from './control.ts';
import { cannedReply } from './fault-replies.ts';
import type { FaultRegistry } from './faults.ts';
import { json, readBody, sendReply } from './http-io.ts';
import { PROJECT_PAGE_PREFIX, pageSlug, projectPageId, renderPage, renderProjectPage, renderSitemap } from './pages.ts';
import { handleProjectCreate, type ProjectStore } from './projects.ts';
import type { RequestRecorder } from './recorder.ts';
import { apiOfPath, bodyTooLarge, methodNotAllowed, notFound, resolveRoute } from './routes.ts';
import { renderSite, siteRobots, SITE_PREFIX, SITE_SITEMAP_PATH } from './site.ts';
import type { ApiRequest, Reply, RouteName, SandboxCredentials, SiteRequest } from './types.ts';
import { handleUserGroup, type UserGroupStore } from './user-groups.ts';

export interface HandlerContext {
  credentials: SandboxCredentials;
  userGroups: UserGroupStore;
  projects: ProjectStore;
  faults: FaultRegistry;
  recorder: RequestRecorder;
  control: ControlTarget;
  /** The sample site: its pages' name, and where its requests are recorded. */
  site: { pageName: () => string; requests: SiteRequest[] };
  /** Aborted by close(): ends pending delays. */
  closing: AbortSignal;
}

type Respond = (reply: Reply) => void;

function splitTarget(target: string): { path: string; query: string } {
  const mark = target.indexOf('?');
  return mark < 0 ? { path: target, query: '' } : { path: target.slice(0, mark), query: target.slice(mark + 1) };
}

function runRoute(route: RouteName, request: ApiRequest, ctx: HandlerContext): Reply {
  return route === 'project.create'
    ? handleProjectCreate(request, ctx.projects, ctx.credentials)
    : handleUserGroup(route, request, ctx.userGroups, ctx.credentials.apiToken);
}

/** Waits `ms` unless the sandbox closes first; false when it closed (the connection is going anyway). */
async function wait(ms: number, closing: AbortSignal): Promise<boolean> {
  try {
    await sleep(ms, undefined, { signal: closing });
    return true;
  } catch {
    return false;
  }
}

/** Applies the route's fault, if one is due, around the real handler. */
async function answerRoute(
  route: RouteName,
  request: ApiRequest,
  ctx: HandlerContext,
  req: IncomingMessage,
  respond: Respond,
): Promise<void> {
  const fault = ctx.faults.take(route);
  if (!fault) return respond(runRoute(route, request, ctx));
  // The service did the work; what follows only spoils the answer.
  if ('afterProcessing' in fault && fault.afterProcessing) runRoute(route, request, ctx);
  switch (fault.kind) {
    case 'delay':
      if (await wait(fault.ms, ctx.closing)) respond(runRoute(route, request, ctx));
      return;
    case 'hang':
      // Without dropAfterMs: never answered until the client gives up or close() destroys the connection.
      if (fault.dropAfterMs === undefined || !(await wait(fault.dropAfterMs, ctx.closing))) return;
      if (!req.socket.destroyed) req.socket.resetAndDestroy(); // unless the client gave up first
      return;
    case 'reset':
      req.socket.resetAndDestroy();
      return;
    default:
      return respond(cannedReply(route, fault, request));
  }
}

async function handleApi(req: IncomingMessage, path: string, ctx: HandlerContext, respond: Respond): Promise<void> {
  const time = Date.now();
  const method = req.method ?? 'GET';
  const body = await readBody(req);
  const bodyText = body.tooLarge ? undefined : body.text;
  const route = resolveRoute(method, path, bodyText);
  // Recorded before any fault or validation, so tests see exactly what reached the service.
  ctx.recorder.record({ method, path: req.url ?? path, route, headers: req.headers, body: bodyText ?? '', time });
  const api = apiOfPath(path);
  if (bodyText === undefined) return respond(bodyTooLarge(api));
  if (route === null) return respond(api === null ? notFound() : methodNotAllowed(api, method));
  await answerRoute(route, { method, headers: req.headers, bodyText }, ctx, req, respond);
}

async function handleControlRequest(req: IncomingMessage, path: string, ctx: HandlerContext): Promise<Reply> {
  const body = await readBody(req);
  if (body.tooLarge) return json(413, { error: 'Request body is larger than 1 MiB' });
  return handleControl(req.method ?? 'GET', path.slice(CONTROL_PREFIX.length), body.text, ctx.control);
}

function handlePage(req: IncomingMessage, path: string, query: string): Reply {
  if (req.method !== 'GET') return { status: 405, headers: { allow: 'GET' }, body: 'Method not allowed\n' };
  const slug = pageSlug(path);
  if (slug === undefined) return notFound();
  return renderPage(slug, new URLSearchParams(query).get('title'));
}

function handleProjectPage(req: IncomingMessage, path: string, projects: HandlerContext['projects']): Reply {
  if (req.method !== 'GET') return { status: 405, headers: { allow: 'GET' }, body: 'Method not allowed\n' };
  const id = projectPageId(path);
  if (id === undefined) return notFound();
  return renderProjectPage(
    id,
    projects.list().find((project) => project.projectId === id),
  );
}

/**
 * The sample site (./site.ts): robots.txt and /sitemap.xml at the root, its documents under /site/.
 * Every request is recorded.
 */
async function handleSite(req: IncomingMessage, path: string, query: string, ctx: HandlerContext): Promise<Reply> {
  const request: SiteRequest = { host: req.headers.host ?? '', path: req.url ?? path, time: Date.now() };
  ctx.site.requests.push(request);
  if (req.method !== 'GET') return { status: 405, headers: { allow: 'GET' }, body: 'Method not allowed\n' };
  const site = { origin: `http://${req.headers.host ?? '127.0.0.1'}`, pageName: ctx.site.pageName() };
  if (path === '/robots.txt') return siteRobots(site);
  // The usual place of a site's sitemap: the site's index, the address the start-up output prints.
  const name = path === SITE_SITEMAP_PATH ? 'sitemap_index.xml' : path.slice(SITE_PREFIX.length);
  const reply = await renderSite(name, query, site, (ms) => wait(ms, ctx.closing));
  if (req.socket.destroyed) request.clientGone = true;
  return reply ?? notFound();
}

function handleSitemap(req: IncomingMessage, path: string, query: string): Reply {
  if (req.method !== 'GET') return { status: 405, headers: { allow: 'GET' }, body: 'Method not allowed\n' };
  return renderSitemap(path, query, `http://${req.headers.host ?? '127.0.0.1'}`) ?? notFound();
}

async function route(req: IncomingMessage, ctx: HandlerContext, respond: Respond): Promise<void> {
  const { path, query } = splitTarget(req.url ?? '/');
  if (path.startsWith(CONTROL_PREFIX)) return respond(await handleControlRequest(req, path, ctx));
  // Browsers ask for it on every test page; answering keeps it out of the recorded requests.
  if (path === '/favicon.ico') return respond({ status: 204, body: '' });
  if (path.startsWith('/pages/')) return respond(handlePage(req, path, query));
  if (path.startsWith('/sitemaps/')) return respond(handleSitemap(req, path, query));
  if (path === '/robots.txt' || path === SITE_SITEMAP_PATH || path.startsWith(SITE_PREFIX))
    return respond(await handleSite(req, path, query, ctx));
  if (path.startsWith(PROJECT_PAGE_PREFIX)) return respond(handleProjectPage(req, path, ctx.projects));
  await handleApi(req, path, ctx, respond);
}

export function createHandler(ctx: HandlerContext): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const respond: Respond = (reply) => sendReply(res, reply);
    route(req, ctx, respond).catch(() => {
      // A client that went away mid-body, or a bug: never crash the sandbox over one request.
      if (res.headersSent) res.destroy();
      else sendReply(res, json(500, { error: { message: 'Sandbox error', status: 'INTERNAL' } }));
    });
  };
}
