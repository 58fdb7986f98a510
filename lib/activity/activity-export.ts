import { toSpreadsheetCsv } from '../csv/spreadsheet-csv';
import type { ActivityCheckpoint, ActivityEntry } from '../storage/activity/activity-schema';
import { entryHash, type ActivityStub, type StoredRow } from '../storage/activity/activity-rows';
import { entryDetail } from './activity-view';

export const ACTIVITY_EXPORT_FORMAT = 'review-companion.activity';
/** Version 2 (2026-11-28): a checkpoint, and entries removed with their workspace as they are kept. */
export const ACTIVITY_EXPORT_VERSION = 2;
export const ACTIVITY_CSV_COLUMNS = [
  'seq',
  'at',
  'kind',
  'outcome',
  'workspace',
  'group_name',
  'group_id',
  'environment',
  'project_url',
  'fingerprint',
  'detail',
  'prev',
  'hash',
] as const;

/** An entry as exported: the entry, or what is kept of one removed with its workspace. */
type Exported = { entry: ActivityEntry; stub?: undefined } | { entry?: undefined; stub: ActivityStub };

/** The rows an export holds (every one that reads as an entry or a removed entry), oldest first, with their hashes. */
async function exportedRows(rows: readonly StoredRow[]): Promise<{ row: Exported; hash: string }[]> {
  const kept = rows.flatMap((row): Exported[] =>
    row.entry ? [{ entry: row.entry }] : row.stub ? [{ stub: row.stub }] : [],
  );
  // Asked for all at once: WebCrypto's answers overlap (activity-source.ts).
  const hashes = await Promise.all(
    kept.map((row) => (row.entry ? entryHash(row.entry) : Promise.resolve(row.stub.hash))),
  );
  return kept.map((row, index) => ({ row, hash: hashes[index]! }));
}

/** The checkpoint of what an export holds: its newest entry's number and hash. */
const checkpointOf = (rows: readonly { row: Exported; hash: string }[]): ActivityCheckpoint => {
  const last = rows.at(-1);
  return last ? { count: (last.row.entry ?? last.row.stub).seq, hash: last.hash } : { count: 0, hash: '0'.repeat(64) };
};

const stamp = (at: Date) => {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
};

/**
 * The log as stored (oldest first, every field, `prev` included) and its checkpoint, the newest
 * entry's number and hash, which **Verify against an export** holds the log to later
 * (verify-against-export.ts). Entries hold no secret, so neither does the file.
 */
export async function exportActivityJson(rows: readonly StoredRow[], folded: number, at: Date) {
  const exported = await exportedRows(rows);
  const document = {
    format: ACTIVITY_EXPORT_FORMAT,
    version: ACTIVITY_EXPORT_VERSION,
    exportedAt: at.toISOString(),
    checkpoint: checkpointOf(exported),
    folded,
    entries: exported.map(({ row }) => row.entry ?? row.stub),
  };
  return {
    fileName: `activity-${stamp(at)}.json`,
    mimeType: 'application/json',
    text: `${JSON.stringify(document, null, 2)}\n`,
  };
}

/**
 * The log for a spreadsheet, oldest first; names and details are guarded against formulas. Each row
 * carries its own hash, so the last row is the checkpoint (its number and hash).
 */
export async function exportActivityCsv(rows: readonly StoredRow[], at: Date) {
  const cells = (await exportedRows(rows)).map(({ row: { entry, stub }, hash }) =>
    entry
      ? [
          String(entry.seq),
          entry.at,
          entry.kind,
          entry.outcome,
          entry.workspace?.name ?? '',
          entry.group?.name ?? entry.project?.name ?? '',
          entry.group?.id ?? entry.project?.id ?? '',
          entry.group?.environment ?? '',
          entry.project?.url ?? '',
          entry.fingerprint ?? '',
          entryDetail(entry),
          entry.prev,
          hash,
        ]
      : [String(stub.seq), '', '', '', '', '', '', '', '', '', '', stub.prev, hash],
  );
  return {
    fileName: `activity-${stamp(at)}.csv`,
    mimeType: 'text/csv',
    text: toSpreadsheetCsv(ACTIVITY_CSV_COLUMNS, cells),
  };
}
