import { PROJECT_PAGE_PREFIX } from './pages.ts';
import { SITE_SITEMAP_PATH } from './site.ts';
import type { Sandbox } from './types.ts';

/**
 * What a newcomer needs to point the extension at the sandbox: labels match the options page. Every
 * address printed answers a GET in a browser (the two bases and the origin list their routes); the
 * project link is a template, an address once a project's id takes the place of `{projectId}`.
 */
export function describeSandbox(sandbox: Sandbox): string {
  const settings: [string, string][] = [
    [
      'User group API base URL',
      `${sandbox.userGroupBaseUrl}   (its API: POST / DELETE ${sandbox.userGroupBaseUrl}/api/user)`,
    ],
    ['API token', sandbox.credentials.apiToken],
    ['Project API URL', `${sandbox.projectApiUrl}   (its API: POST ${sandbox.projectApiUrl}/)`],
    ['API key', sandbox.credentials.apiKey],
    ['Auth token', sandbox.credentials.authToken],
    [
      'Project link',
      `${sandbox.origin}${PROJECT_PAGE_PREFIX}{projectId}   (Open project leads to the sandbox's page of the project)`,
    ],
  ];
  const toOpen: [string, string][] = [
    ['Routes', `${sandbox.origin}/   (the two bases above list theirs too)`],
    ['Sample page', `${sandbox.pageUrl('welcome', 'Welcome to Review Companion')}   (a page to register)`],
    ['Sample site', `${sandbox.origin}   (Register pages → Sitemap address: its robots.txt names the sitemaps)`],
    ['Sitemap address', `${sandbox.origin}${SITE_SITEMAP_PATH}   (an index of gzip sitemaps, for the same field)`],
    ['Control', `${sandbox.controlUrl}   (faults, state, reset: test/sandbox/README.md)`],
  ];
  const width = Math.max(...[...settings, ...toOpen].map(([label]) => label.length));
  const row = ([label, value]: [string, string]): string => `  ${label.padEnd(width)}  ${value}`;
  return [
    `Review sandbox service listening on ${sandbox.origin}`,
    '',
    'Options page settings (dev builds come with them filled in):',
    ...settings.map(row),
    '',
    'Open in a browser:',
    ...toOpen.map(row),
    '',
  ].join('\n');
}
