import { toSpreadsheetCsv } from '../../csv/spreadsheet-csv';
import { exportFileName } from '../transfer/export-registry';
import type { RotationResult } from '../../storage/rotation/rotation-results-schema';

export const ROTATION_EXPORT_FORMAT = 'review-companion.rotation-results';
export const ROTATION_CSV_COLUMNS = ['user_group_id', 'environment', 'name', 'rotated_at', 'new_token'] as const;

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
    fileName: exportFileName('json', at, workspace, 'rotated-tokens'),
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
    fileName: exportFileName('csv', at, workspace, 'rotated-tokens'),
    mimeType: 'text/csv',
    text: toSpreadsheetCsv(ROTATION_CSV_COLUMNS, rows),
  };
}
