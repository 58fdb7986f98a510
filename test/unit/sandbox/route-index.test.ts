import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { describeSandbox } from '../../sandbox/banner.ts';
import { SANDBOX_SERVICE } from '../../sandbox/route-index.ts';
import { startSandbox, type Sandbox } from '../../sandbox/server.ts';
import { call } from './helpers.ts';

interface RouteDoc {
  method: string;
  path: string;
  url: string;
  does: string;
}
interface ApiIndex {
  baseUrl: string;
  auth: string;
  routes: RouteDoc[];
}

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ startedBy: 'a unit test' });
});
afterAll(() => sandbox.close());
beforeEach(() => sandbox.reset());

describe('GET on the addresses the sandbox prints', () => {
  it('every address in the banner answers a GET with 200', async () => {
    const urls = describeSandbox(sandbox).match(/https?:\/\/[^\s)]+/g) ?? [];
    // The two API endpoints are printed as what they are (POST / DELETE only), the project link as a
    // template (an address once an id fills it, below); everything else is for opening.
    const toOpen = urls.filter(
      (url) => !url.endsWith('/api/user') && url !== `${sandbox.projectApiUrl}/` && !url.includes('{projectId}'),
    );
    expect(toOpen).toEqual(
      expect.arrayContaining([
        sandbox.userGroupBaseUrl,
        sandbox.projectApiUrl,
        `${sandbox.origin}/`,
        `${sandbox.origin}/sitemap.xml`,
        sandbox.controlUrl,
      ]),
    );
    for (const url of toOpen) expect((await call(url)).status, url).toBe(200);
  });

  // Issue 41, finding 10: the start-up output names the project link template and the sitemap address.
  it('prints the project link template, whose address for a project created shows that project', async () => {
    const template = `${sandbox.origin}/app/projects/{projectId}`;
    expect(describeSandbox(sandbox)).toMatch(new RegExp(`\\n  Project link +${template.replace(/[.{}]/g, '\\$&')} `));
    const created = await call(`${sandbox.projectApiUrl}/`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-service-api-key': sandbox.credentials.apiKey,
        'x-service-auth-token': sandbox.credentials.authToken,
      },
      body: JSON.stringify({ data: { projectUrl: 'https://example.com/a', projectName: 'A' } }),
    });
    const { projectId } = (created.json as { result: { data: { projectId: string } } }).result.data;
    const page = await call(template.replace('{projectId}', encodeURIComponent(projectId)));
    expect(page.status).toBe(200);
    expect(page.text).toContain(projectId);
  });

  it('prints the sitemap address: the site’s index at /sitemap.xml', async () => {
    expect(describeSandbox(sandbox)).toMatch(/\n {2}Sitemap address +http:\/\/127\.0\.0\.1:\d+\/sitemap\.xml /);
    const sitemap = await call(`${sandbox.origin}/sitemap.xml`);
    expect(sitemap.text).toBe((await call(`${sandbox.origin}/site/sitemap_index.xml`)).text);
    expect(sitemap.text).toContain('<sitemapindex');
  });

  it('the user-group base lists its three operations, with auth, as indented JSON', async () => {
    for (const base of [sandbox.userGroupBaseUrl, `${sandbox.userGroupBaseUrl}/`]) {
      const answer = await call(base);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(answer.text).toContain('\n  "routes": [');
      const index = answer.json as ApiIndex;
      expect(index.baseUrl).toBe(sandbox.userGroupBaseUrl);
      expect(index.auth).toBe('Authorization: Token <API token>');
      expect(index.routes.map((route) => [route.method, route.url])).toEqual([
        ['POST', `${sandbox.userGroupBaseUrl}/api/user`],
        ['POST', `${sandbox.userGroupBaseUrl}/api/user`],
        ['DELETE', `${sandbox.userGroupBaseUrl}/api/user`],
      ]);
      expect(index.routes.map((route) => route.does.split(':')[0])).toEqual([
        'Create a user group (get-or-create)',
        "Rotate a group's token",
        'Delete a user group',
      ]);
    }
  });

  it('the project API base lists create project', async () => {
    const index = (await call(sandbox.projectApiUrl)).json as ApiIndex;
    expect(index.baseUrl).toBe(sandbox.projectApiUrl);
    expect(index.auth).toContain('x-service-api-key');
    expect(index.auth).toContain('x-service-auth-token');
    expect(index.routes).toEqual([
      expect.objectContaining({ method: 'POST', path: '/projects/', url: `${sandbox.projectApiUrl}/` }),
    ]);
  });

  it('the origin says it is a sandbox, what started it and its process, and lists both APIs', async () => {
    const index = (await call(`${sandbox.origin}/`)).json as {
      service: string;
      startedBy: string | null;
      pid: number;
      userGroupApi: ApiIndex;
      projectApi: ApiIndex;
    };
    expect(index).toMatchObject({ service: SANDBOX_SERVICE, startedBy: 'a unit test', pid: process.pid });
    expect(index.userGroupApi.routes).toHaveLength(3);
    expect(index.projectApi.routes).toHaveLength(1);
  });

  it('is not an API request: not recorded, and POST to a base is still a 404', async () => {
    await call(sandbox.userGroupBaseUrl);
    await call(sandbox.projectApiUrl, { method: 'HEAD' });
    expect(sandbox.requests).toEqual([]);
    const post = await call(sandbox.projectApiUrl, { method: 'POST', body: '{}' });
    expect(post.status).toBe(404);
    expect(sandbox.requests.map((request) => [request.method, request.path])).toEqual([['POST', '/projects']]);
  });

  it('leaves the API paths alone: GET on an endpoint is still 405', async () => {
    expect((await call(`${sandbox.projectApiUrl}/`)).status).toBe(405);
    expect((await call(`${sandbox.userGroupBaseUrl}/api/user`)).status).toBe(405);
  });

  it('startedBy is null when nobody said', async () => {
    const plain = await startSandbox();
    try {
      expect(((await call(`${plain.origin}/`)).json as { startedBy: unknown }).startedBy).toBeNull();
    } finally {
      await plain.close();
    }
  });
});
