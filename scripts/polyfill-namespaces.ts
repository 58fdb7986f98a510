// webextension-polyfill wraps `chrome` in Chrome: for each API namespace it has metadata for, it turns
// the callback methods into methods that return promises. Its metadata (`apiMetadata`, 6.4 KB) covers
// 26 namespaces, half of which the extension never calls (bookmarks, devtools, history…): about 0.55 KB
// gzip in every bundle. The build keeps the metadata of the namespaces the extension uses, so each of
// them is wrapped exactly as before; a namespace without metadata is handed through untouched (the
// polyfill's own rule, which `action`, `offscreen` and `declarativeContent` already follow, since its
// metadata predates them), and Chrome's MV3 APIs return promises themselves. Firefox's `browser` is
// used as it is. test/unit/tooling/polyfill-namespaces.test.ts holds this list to the code: every
// `browser.<namespace>` in lib/, entrypoints/ and components/ that the metadata knows is kept.

/**
 * The namespaces the extension calls through `browser`. (job-badge.ts falls back to `browserAction`,
 * Firefox MV2's toolbar action; Chrome MV3 has none, and Firefox's `browser` is not wrapped.)
 */
export const POLYFILL_NAMESPACES = [
  'alarms',
  'commands',
  'contextMenus',
  'i18n',
  'idle',
  'notifications',
  'permissions',
  'runtime',
  'storage',
  'tabs',
  'webRequest',
  'windows',
] as const;

const METADATA_START = 'const apiMetadata = ';
const METADATA_END = 'if (Object.keys(apiMetadata).length === 0)';

/**
 * The polyfill's code with its metadata cut to `namespaces`, the rest unchanged. Throws when the code
 * does not hold the metadata as this version of the polyfill writes it (a newer polyfill: look again).
 */
export function keepPolyfillNamespaces(code: string, namespaces: readonly string[] = POLYFILL_NAMESPACES): string {
  const start = code.indexOf(METADATA_START);
  const end = code.indexOf(METADATA_END, start);
  if (start < 0 || end < 0) throw new Error('webextension-polyfill: its apiMetadata was not found where expected');
  const literal = code.slice(start + METADATA_START.length, end).trim();
  const metadata = JSON.parse(literal.replace(/;$/, '')) as Record<string, unknown>;
  const kept = Object.fromEntries(Object.entries(metadata).filter(([name]) => namespaces.includes(name)));
  return `${code.slice(0, start)}${METADATA_START}${JSON.stringify(kept)};\n${code.slice(end)}`;
}
