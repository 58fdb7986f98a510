import { toSpreadsheetCsv } from '../csv/spreadsheet-csv';
import { workspaceSlug } from '../storage/workspaces/workspace-name';
import type { HistoryEntry } from '../storage/history/history-schema';
import { projectLinkFor } from '../api/project-link';

export const HISTORY_EXPORT_FORMAT = 'review-companion.project-history';
export const HISTORY_EXPORT_VERSION = 1;
export const HISTORY_CSV_COLUMNS = ['project_id', 'project_link', 'project_url', 'project_name', 'created_at'] as const;

export interface HistoryExportFile {
  fileName: string;
  mimeType: string;
  text: string;
}

/** The workspace an export comes from: named in the file and its name; its project link template, if any. */
export interface HistoryExportSource {
  name: string;
  projectLink?: string | undefined;
}

/** `project-history-acme-2026-11-21.csv`: the workspace, and the date of the export in the user's time zone. */
export function historyExportFileName(extension: 'json' | 'csv', at: Date, workspace: HistoryExportSource): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `project-history-${workspaceSlug(workspace.name)}-${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}.${extension}`;
}

/** The whole history, oldest first, every field; each project's `link` too when the workspace has a project link. */
export function exportHistoryJson(
  entries: readonly HistoryEntry[],
  at: Date,
  workspace: HistoryExportSource,
): HistoryExportFile {
  const document = {
    format: HISTORY_EXPORT_FORMAT,
    version: HISTORY_EXPORT_VERSION,
    exportedAt: at.toISOString(),
    workspace: { name: workspace.name },
    projects: entries.map((entry) => {
      const link = projectLinkFor(workspace.projectLink, entry.projectId);
      return link === undefined ? entry : { ...entry, link };
    }),
  };
  return {
    fileName: historyExportFileName('json', at, workspace),
    mimeType: 'application/json',
    text: `${JSON.stringify(document, null, 2)}\n`,
  };
}

/**
 * The whole history for a spreadsheet, oldest first (`project_link` empty when the workspace has no
 * project link). Names are page titles, written by whoever made the
 * page: every cell is guarded against formulas (lib/csv/spreadsheet-csv.ts).
 */
export function exportHistoryCsv(
  entries: readonly HistoryEntry[],
  at: Date,
  workspace: HistoryExportSource,
): HistoryExportFile {
  const rows = entries.map((entry) => [
    entry.projectId,
    projectLinkFor(workspace.projectLink, entry.projectId) ?? '',
    entry.projectUrl,
    entry.projectName,
    entry.createdAt,
  ]);
  return {
    fileName: historyExportFileName('csv', at, workspace),
    mimeType: 'text/csv',
    text: toSpreadsheetCsv(HISTORY_CSV_COLUMNS, rows),
  };
}
