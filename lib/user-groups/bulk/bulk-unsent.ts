import { toSpreadsheetCsv } from '../../csv/spreadsheet-csv';
import { BULK_CSV_COLUMNS } from '../transfer/bulk-csv';
import { remainingCount, rowAt } from './bulk-job';
import type { BulkJob, QueuedRow } from '../../storage/bulk-job/bulk-job-schema';
import { messageText } from '../../message-ref';

export const UNSENT_CSV_COLUMNS = [...BULK_CSV_COLUMNS, 'error'] as const;

export interface UnsentRow {
  name: string;
  userGroupId: string;
  environment: string;
  /** Empty for a row that was not sent. */
  error: string;
}

/**
 * What a job left undone (on the page: the errors are written in its language): the rows it never sent (in queue order; a row still in flight counts, its
 * outcome unknown to the page), then the failed rows with the error each got.
 */
export function unsentRows(job: BulkJob, rows: readonly QueuedRow[]): UnsentRow[] {
  const notSent: UnsentRow[] = [];
  for (let position = job.next; position < job.next + remainingCount(job); position += 1) {
    const row = rowAt(job, rows, position);
    if (row) notSent.push({ name: row.name, userGroupId: row.userGroupId, environment: row.environment, error: '' });
  }
  const failed = job.failed.map((failure) => ({
    name: failure.name,
    userGroupId: failure.userGroupId,
    environment: failure.environment,
    error: messageText(failure.message),
  }));
  return [...notSent, ...failed];
}

/** The unsent rows as a CSV that bulk create reads back (its extra `error` column is ignored), spreadsheet-safe. */
export function unsentRowsCsv(job: BulkJob, rows: readonly QueuedRow[]): string {
  return toSpreadsheetCsv(
    UNSENT_CSV_COLUMNS,
    unsentRows(job, rows).map((row) => [row.name, row.userGroupId, row.environment, row.error]),
  );
}
