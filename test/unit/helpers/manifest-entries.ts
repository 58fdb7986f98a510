// The permission-like entries of the manifest, as wxt.config.ts configures them for each browser and
// mode, and as the builds in .output/ hold them when present (WXT may add entries of its own).
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import config from '../../../wxt.config.ts';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export type EntryKind =
  | 'permissions'
  | 'optional_permissions'
  | 'host_permissions'
  | 'optional_host_permissions'
  | 'data_collection_permissions.required'
  | 'data_collection_permissions.optional';

export interface ManifestEntry {
  entry: string;
  kind: EntryKind;
  browser: string;
  /** Where it was found, for messages: "wxt.config.ts, firefox production" or a manifest path. */
  source: string;
}

interface ManifestPart {
  permissions?: string[];
  optional_permissions?: string[];
  host_permissions?: string[];
  optional_host_permissions?: string[];
  browser_specific_settings?: {
    gecko?: { data_collection_permissions?: { required?: string[]; optional?: string[] } };
  };
}

type ManifestFn = (env: {
  browser: string;
  manifestVersion: 2 | 3;
  mode: string;
  command: 'build' | 'serve';
}) => ManifestPart;

function entriesOf(manifest: ManifestPart, browser: string, source: string): ManifestEntry[] {
  const collection = manifest.browser_specific_settings?.gecko?.data_collection_permissions;
  const lists: [EntryKind, string[] | undefined][] = [
    ['permissions', manifest.permissions],
    ['optional_permissions', manifest.optional_permissions],
    ['host_permissions', manifest.host_permissions],
    ['optional_host_permissions', manifest.optional_host_permissions],
    ['data_collection_permissions.required', collection?.required],
    ['data_collection_permissions.optional', collection?.optional],
  ];
  return lists.flatMap(([kind, list]) => (list ?? []).map((entry) => ({ entry, kind, browser, source })));
}

/** Every entry wxt.config.ts gives either browser in the production, e2e and development modes. */
export function configuredEntries(): ManifestEntry[] {
  const manifest = config.manifest as ManifestPart | ManifestFn | undefined;
  if (manifest === undefined) return [];
  return ['chrome', 'firefox'].flatMap((browser) =>
    ['production', 'e2e', 'development'].flatMap((mode) => {
      const value =
        typeof manifest === 'function' ? manifest({ browser, manifestVersion: 3, mode, command: 'build' }) : manifest;
      return entriesOf(value, browser, `wxt.config.ts, ${browser} ${mode}`);
    }),
  );
}

/** Every entry of the production and e2e builds that exist in .output/. */
export function builtEntries(): ManifestEntry[] {
  return ['chrome-mv3', 'firefox-mv3', 'chrome-mv3-e2e', 'firefox-mv3-e2e'].flatMap((dir) => {
    const file = `${ROOT}.output/${dir}/manifest.json`;
    if (!existsSync(file)) return [];
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as ManifestPart;
    return entriesOf(manifest, dir.split('-')[0] ?? dir, `.output/${dir}/manifest.json`);
  });
}

/** The config's entries, then the builds', each entry once (named after where it was first found). */
export function allEntries(): ManifestEntry[] {
  const entries = [...configuredEntries(), ...builtEntries()];
  return entries.filter((item, index) => entries.findIndex((other) => other.entry === item.entry) === index);
}
