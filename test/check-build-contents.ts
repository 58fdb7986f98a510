// Part of `npm test`: what the shipped builds contain. Production and e2e builds carry no credentials
// and no sandbox addresses; the manifests have no content scripts, externally_connectable or
// web-accessible resources; the e2e build differs from production only in its host permissions and in
// holding `tabs`, `notifications`, `clipboardRead` and `clipboardWrite` (optional in production);
// `declarativeContent` (the page status on the toolbar icon) and `offscreen` (the document that clears
// the clipboard after Copy token) are in the Chrome builds only (Firefox has no such APIs); and
// no page bundle names the credentials' storage keys (only the background may read the secrets).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { CREDENTIALS_STORAGE_NAME } from '../lib/storage/credentials/credentials-keys.ts';
import { DEMO_CREDENTIALS } from './sandbox/server.ts';

const FORBIDDEN_TEXT = [...Object.values(DEMO_CREDENTIALS), '127.0.0.1:8787'];
const FORBIDDEN_KEYS = ['content_scripts', 'externally_connectable', 'web_accessible_resources'];
// `local:credentials` or `session:ws.<id>.credentials` as WXT names them, or the name as the end of a
// string literal: bare, after a workspace's scope (`ws.a1.credentials`), or after a template's
// substitution (`${scope}credentials`; any quote style: the bundler emits template literals). A chunk
// shared by a page and the background counts as a page's.
const CREDENTIALS_KEY_TEXT = new RegExp(
  [
    `(?:local|session):(?:ws\\.[a-z0-9-]*\\.)?${CREDENTIALS_STORAGE_NAME}\\b`,
    `[\`'"}.]${CREDENTIALS_STORAGE_NAME}\\$?[\`'"]`,
  ].join('|'),
);
const BACKGROUND_SCRIPT = 'background.js';
const problems: string[] = [];

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

function manifestOf(dir: string): Record<string, unknown> {
  return JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as Record<string, unknown>;
}

/**
 * Permissions the store builds ask for in a click (the popup's Register N selected tabs; reminders of
 * tokens due and Notify me when a job ends; Copy token, which clears the clipboard later) and dev and
 * e2e builds hold from the start: automation cannot click the browser's prompt.
 */
const HELD_IN_TESTS = ['tabs', 'notifications', 'clipboardRead', 'clipboardWrite'];

/**
 * The manifest without the permissions of HELD_IN_TESTS, wherever they are. Whether each build has them
 * where it should is checked on its own.
 */
function withoutHeldInTests(manifest: Record<string, unknown>): Record<string, unknown> {
  const rest = { ...manifest };
  for (const key of ['permissions', 'optional_permissions']) {
    const list = (rest[key] as string[] | undefined)?.filter((permission) => !HELD_IN_TESTS.includes(permission));
    if (list && list.length > 0) rest[key] = list;
    else delete rest[key];
  }
  return rest;
}
const has = (manifest: Record<string, unknown>, key: string, permission: string) =>
  ((manifest[key] as string[] | undefined) ?? []).includes(permission);

for (const browser of ['chrome', 'firefox']) {
  const production = `.output/${browser}-mv3`;
  const e2e = `.output/${browser}-mv3-e2e`;
  for (const dir of [production, e2e]) {
    for (const file of filesUnder(dir)) {
      const text = readFileSync(file, 'utf8');
      for (const forbidden of FORBIDDEN_TEXT)
        if (text.includes(forbidden)) problems.push(`${file} contains “${forbidden}”`);
      // Only a page's script can read storage: a messages.json may well say "credentials" to the user.
      const pageScript = file.endsWith('.js') && path.relative(dir, file) !== BACKGROUND_SCRIPT;
      const credentialsKey = pageScript ? CREDENTIALS_KEY_TEXT.exec(text) : null;
      if (credentialsKey)
        problems.push(
          `${file} is loaded by a page and names the credentials' storage key (${credentialsKey[0]}): only the background may`,
        );
    }
    const manifest = manifestOf(dir);
    for (const key of FORBIDDEN_KEYS) if (key in manifest) problems.push(`${dir}/manifest.json has ${key}`);
  }
  const { host_permissions: productionHosts, ...productionRest } = manifestOf(production);
  const { host_permissions: e2eHosts, ...e2eRest } = manifestOf(e2e);
  if (productionHosts !== undefined)
    problems.push(`${production}/manifest.json has host_permissions (only optional ones are allowed)`);
  if (JSON.stringify(e2eHosts) !== JSON.stringify(['http://127.0.0.1/*', 'http://localhost/*']))
    problems.push(`${e2e} host_permissions are not exactly the loopback origins`);
  for (const permission of HELD_IN_TESTS) {
    if (has(productionRest, 'permissions', permission) || !has(productionRest, 'optional_permissions', permission))
      problems.push(`${production}/manifest.json must ask for ${permission} only as an optional permission`);
    if (!has(e2eRest, 'permissions', permission))
      problems.push(`${e2e}/manifest.json must hold ${permission} (automation cannot click the prompt)`);
  }
  if (JSON.stringify(withoutHeldInTests(productionRest)) !== JSON.stringify(withoutHeldInTests(e2eRest)))
    problems.push(
      `${e2e}/manifest.json differs from production beyond host_permissions and ${HELD_IN_TESTS.join(', ')}`,
    );
  // The toolbar icon's page status and the clipboard's offscreen document: Chrome's APIs, which Firefox
  // lacks (and would warn about).
  for (const chromeOnly of ['declarativeContent', 'offscreen'])
    if (has(productionRest, 'permissions', chromeOnly) !== (browser === 'chrome'))
      problems.push(`${production}/manifest.json: ${chromeOnly} belongs to the Chrome build only`);
}

if (problems.length > 0) {
  for (const problem of problems) console.error(`  ${problem}`);
  process.exit(1);
}
console.log(
  `build contents: no credentials or sandbox addresses; no credentials key outside the background; manifests reviewed (declarativeContent and offscreen on Chrome only); e2e = production + loopback host permissions + ${HELD_IN_TESTS.join(', ')} held`,
);
