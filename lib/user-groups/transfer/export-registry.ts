import { toSpreadsheetCsv } from '../../csv/spreadsheet-csv';
import { workspaceSlug } from '../../storage/workspaces/workspace-name';
import { groupKey } from '../../storage/registry/registry-schema';
import type { Registry, RegistryEntry } from '../../storage/registry/registry-schema';

/** Names the JSON export so that an import can tell it from any other JSON file. */
export const REGISTRY_EXPORT_FORMAT = 'review-companion.user-groups';
export const REGISTRY_EXPORT_VERSION = 1;

/** The CSV columns an import needs: every export has them, in this order. */
export const REGISTRY_CSV_REQUIRED_COLUMNS = [
  'name',
  'user_group_id',
  'environment',
  'token',
  'team_id',
  'created_at',
  'last_rotated_at',
] as const;

/**
 * The CSV columns of an export, in order: the required ones, then `issued_at` (when the token was
 * issued; empty when unknown), which files written before it existed lack and an import accepts without.
 */
export const REGISTRY_CSV_COLUMNS = [...REGISTRY_CSV_REQUIRED_COLUMNS, 'issued_at'] as const;

export interface ExportFile {
  fileName: string;
  mimeType: string;
  text: string;
}

/** The workspace an export comes from: named in the file and its name. */
export interface ExportSource {
  name: string;
}

/**
 * `user-groups-SECRET-acme-2025-11-21.json`: what the file holds, `SECRET` (every token in it is in
 * clear, and the name says so wherever the file lands: a downloads folder, a shared drive, an email),
 * the workspace, and the date of the export in the user's time zone. The rotation results are
 * `rotated-tokens-SECRET-…`.
 */
export function exportFileName(
  extension: 'json' | 'csv',
  at: Date,
  workspace: ExportSource,
  holds: 'user-groups' | 'rotated-tokens' = 'user-groups',
): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${holds}-SECRET-${workspaceSlug(workspace.name)}-${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}.${extension}`;
}

/** Oldest first, then by key: the registry's stored order follows its storage parts, an export's should not. */
function inExportOrder(groups: readonly RegistryEntry[]): RegistryEntry[] {
  return [...groups].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || groupKey(a).localeCompare(groupKey(b)));
}

/**
 * Every stored field of every group, `extra`, rotation marks and `issuedAt` (absent when unknown)
 * included: nothing is left behind, and a restore keeps each token's age.
 */
export function exportRegistryJson(registry: Registry, at: Date, workspace: ExportSource): ExportFile {
  const document = {
    format: REGISTRY_EXPORT_FORMAT,
    version: REGISTRY_EXPORT_VERSION,
    exportedAt: at.toISOString(),
    workspace: { name: workspace.name },
    groups: inExportOrder(registry.groups),
  };
  return {
    fileName: exportFileName('json', at, workspace),
    mimeType: 'application/json',
    text: `${JSON.stringify(document, null, 2)}\n`,
  };
}

/**
 * The columns a spreadsheet needs, formula-like values guarded (lib/csv/spreadsheet-csv.ts; the import
 * removes the guard again). `extra` fields and rotation marks are JSON only.
 */
export function exportRegistryCsv(registry: Registry, at: Date, workspace: ExportSource): ExportFile {
  const rows = inExportOrder(registry.groups).map((group) => [
    group.name,
    group.provided_id,
    group.environment,
    group.token,
    String(group.team_id),
    group.createdAt,
    group.lastRotatedAt ?? '',
    group.issuedAt ?? '',
  ]);
  return {
    fileName: exportFileName('csv', at, workspace),
    mimeType: 'text/csv',
    text: toSpreadsheetCsv(REGISTRY_CSV_COLUMNS, rows),
  };
}
