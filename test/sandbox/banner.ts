import type { Sandbox } from './types.ts';

/** What a newcomer needs to point the extension at the sandbox: labels match the options page. */
export function describeSandbox(sandbox: Sandbox): string {
  const rows: [string, string][] = [
    ['User group API base URL', `${sandbox.userGroupBaseUrl}   (POST / DELETE ${sandbox.userGroupBaseUrl}/api/user)`],
    ['Project API URL', `${sandbox.projectApiUrl}   (POST ${sandbox.projectApiUrl}/)`],
    ['API token', sandbox.credentials.apiToken],
    ['API key', sandbox.credentials.apiKey],
    ['Auth token', sandbox.credentials.authToken],
    ['Sample page', sandbox.pageUrl('welcome', 'Welcome to Review Companion')],
    ['Control', sandbox.controlUrl],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  return [
    `Review sandbox service listening on ${sandbox.origin}`,
    '',
    ...rows.map(([label, value]) => `  ${label.padEnd(width)}  ${value}`),
    '',
  ].join('\n');
}
