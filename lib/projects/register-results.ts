import { toSpreadsheetCsv } from '../csv/spreadsheet-csv';
import { messageText, type MessageRef } from '../message-ref';
import type { PageOutcomeKind, QueuedPage, RegisterJob } from '../storage/register-job/register-job-schema';
import { workspaceSlug } from '../storage/workspaces/workspace-name';
import { projectLinkFor } from '../api/project-link';

/** A page of the job and what became of it; `pending` while it is not sent yet (or was left when cancelled). */
export interface PageResult {
  row: number;
  url: string;
  name: string;
  outcome: PageOutcomeKind | 'pending';
  projectId?: string;
  message?: MessageRef;
}

/** Every page of the job in list order, with its outcome so far (the last one recorded for it). */
export function pageResults(job: Pick<RegisterJob, 'outcomes'>, rows: readonly QueuedPage[]): PageResult[] {
  const byRow = new Map(job.outcomes.map((outcome) => [outcome.row, outcome]));
  return rows.map((page, row) => {
    const recorded = byRow.get(row);
    return {
      row,
      url: page.url,
      name: page.name,
      outcome: recorded?.outcome ?? 'pending',
      ...(recorded?.projectId !== undefined && { projectId: recorded.projectId }),
      ...(recorded?.message !== undefined && { message: recorded.message }),
    };
  });
}

export const REGISTER_RESULTS_COLUMNS = ['url', 'name', 'projectId', 'link', 'outcome', 'message'] as const;

/**
 * The results as a spreadsheet-safe CSV (`url,name,projectId,link,outcome,message`): `link` is the
 * project's page from the workspace's project link template (empty without one, or without an id);
 * `outcome` is one of registered, existed, failed, unknown, pending (stable words a script can read);
 * `message` is in the user's language.
 */
export function registerResultsCsv(results: readonly PageResult[], projectLink?: string): string {
  return toSpreadsheetCsv(
    REGISTER_RESULTS_COLUMNS,
    results.map((result) => [
      result.url,
      result.name,
      result.projectId ?? '',
      projectLinkFor(projectLink, result.projectId) ?? '',
      result.outcome,
      result.message ? messageText(result.message) : '',
    ]),
  );
}

/** `register-results-acme-2026-11-26.csv`. */
export function registerResultsFileName(workspaceName: string, at: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `register-results-${workspaceSlug(workspaceName)}-${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}.csv`;
}
