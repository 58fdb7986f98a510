import { toSpreadsheetCsv } from '../../csv/spreadsheet-csv';
import { workspaceSlug } from '../../storage/workspaces/workspace-name';
import type { RotationResult } from '../../storage/rotation/rotation-results-schema';

export const ROTATION_EXPORT_FORMAT = 'review-companion.rotation-results';
export const ROTATION_CSV_COLUMNS = ['user_group_id', 'environment', 'name', 'rotated_at', 'new_token'] as const;

/** `rotated-tokens-SECRET-acme-2026-11-26.csv`: the name says the file holds secrets. */
export function rotationExportFileName(extension: 'json' | 'csv', at: Date, workspace: { name: string }): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `rotated-tokens-SECRET-${workspaceSlug(workspace.name)}-${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}.${extension}`;
}

/** The new tokens of a rotate job, for the systems that use them; every field of each result. */
export function exportRotationJson(
  results: readonly RotationResult[],
  job: { startedAt: string; finishedAt?: string | undefined },
  at: Date,
  workspace: { name: string },
) {
  const document = {
    format: ROTATION_EXPORT_FORMAT,
    version: 1,
    containsSecrets: true,
    exportedAt: at.toISOString(),
    workspace: { name: workspace.name },
    job: { startedAt: job.startedAt, ...(job.finishedAt && { finishedAt: job.finishedAt }) },
    results: results.map((result) => ({
      id: result.userGroupId,
      environment: result.environment,
      name: result.name,
      rotatedAt: result.rotatedAt,
      token: result.token,
    })),
  };
  return {
    fileName: rotationExportFileName('json', at, workspace),
    mimeType: 'application/json',
    text: `${JSON.stringify(document, null, 2)}\n`,
  };
}

/** The same for a spreadsheet: names come from whoever created the groups, so every cell is formula-guarded. */
export function exportRotationCsv(results: readonly RotationResult[], at: Date, workspace: { name: string }) {
  const rows = results.map((result) => [
    result.userGroupId,
    result.environment,
    result.name,
    result.rotatedAt,
    result.token,
  ]);
  return {
    fileName: rotationExportFileName('csv', at, workspace),
    mimeType: 'text/csv',
    text: toSpreadsheetCsv(ROTATION_CSV_COLUMNS, rows),
  };
}
