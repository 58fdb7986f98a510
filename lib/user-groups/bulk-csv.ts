import { z } from 'zod/mini';
import { environmentSchema } from '../api/user-group-api';
import { groupKey } from './filter-groups';
import { describeIssues, readCsv, type RowProblem } from './import-csv';
import { normaliseEnvironment } from './import-rows';
import { MAX_BULK_ROWS, type BulkRow } from './bulk-schema';
import { noControlCharacters } from './text-rules';

export const BULK_CSV_COLUMNS = ['name', 'user_group_id', 'environment'] as const;

const trimmedText = (max: number) =>
  z.string().check(z.trim(), z.minLength(1, 'must not be empty'), z.maxLength(max, `must be at most ${max} characters`), noControlCharacters());

const csvRowSchema = z.object({
  name: trimmedText(200),
  user_group_id: trimmedText(256),
  environment: z.enum(environmentSchema.options, 'must be Customer or Testing'),
});

export type ParsedBulkCsv = { ok: true; rows: BulkRow[]; problems: RowProblem[] } | { ok: false; message: string };

/** Reads `name,user_group_id,environment` (header row; quoted fields, BOM and CRLF welcome). */
const tooManyRows = `The file holds more than ${MAX_BULK_ROWS.toLocaleString('en')} rows; split it into smaller files.`;

export function parseBulkCsv(text: string): ParsedBulkCsv {
  const table = readCsv(text, BULK_CSV_COLUMNS, { rows: MAX_BULK_ROWS, message: tooManyRows });
  if (!table.ok) return table;
  const problems = [...table.problems];
  const rows: BulkRow[] = [];
  const firstLineOf = new Map<string, number>();
  for (const { line, values } of table.records) {
    const where = `line ${line}`;
    const parsed = csvRowSchema.safeParse({ ...values, environment: normaliseEnvironment(values.environment ?? '') });
    if (!parsed.success) {
      problems.push({ where, position: line, reason: describeIssues(parsed.error.issues) });
      continue;
    }
    const row: BulkRow = { line, name: parsed.data.name, userGroupId: parsed.data.user_group_id, environment: parsed.data.environment };
    const key = groupKey({ environment: row.environment, provided_id: row.userGroupId });
    const first = firstLineOf.get(key);
    if (first !== undefined) {
      problems.push({ where, position: line, reason: `The same ${row.environment} ID as line ${first}.` });
      continue;
    }
    firstLineOf.set(key, line);
    rows.push(row);
  }
  if (rows.length + problems.length > MAX_BULK_ROWS) {
    return { ok: false, message: tooManyRows };
  }
  return { ok: true, rows, problems: problems.sort((a, b) => a.position - b.position) };
}
