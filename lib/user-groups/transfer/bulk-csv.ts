import { z } from 'zod/mini';
import { environmentSchema } from '../../environment';
import { groupKey } from '../../storage/registry/registry-schema';
import { text, type MessageRef } from '../../message-ref';
import { readCsv } from './import-csv';
import { normaliseEnvironment } from './import-rows';
import { MAX_BULK_ROWS, type BulkRow } from '../../storage/bulk-job/bulk-row-schema';
import { byPosition, describeIssues, FIELD_RULES, sameIdAs, type RowProblem } from './row-problems';
import { noControlCharacters } from '../../text/control-characters';

export const BULK_CSV_COLUMNS = ['name', 'user_group_id', 'environment'] as const;

const trimmedText = (max: number) =>
  z.string().check(z.trim(), z.minLength(1, FIELD_RULES.empty), z.maxLength(max), noControlCharacters());

const csvRowSchema = z.lazy(() =>
  z.object({
    name: trimmedText(200),
    user_group_id: trimmedText(256),
    environment: z.enum(environmentSchema.options, FIELD_RULES.notEnvironment),
  }),
);

export type ParsedBulkCsv = { ok: true; rows: BulkRow[]; problems: RowProblem[] } | { ok: false; message: MessageRef };

/** Reads `name,user_group_id,environment` (header row; quoted fields, BOM and CRLF welcome). */
const tooManyRows = text('fileTooManyRows', MAX_BULK_ROWS);

export function parseBulkCsv(text: string): ParsedBulkCsv {
  const table = readCsv(text, BULK_CSV_COLUMNS, { rows: MAX_BULK_ROWS, message: tooManyRows });
  if (!table.ok) return table;
  const problems = [...table.problems];
  const rows: BulkRow[] = [];
  const firstLineOf = new Map<string, number>();
  for (const { line, values } of table.records) {
    const where = { kind: 'line' as const, position: line };
    const parsed = csvRowSchema.safeParse(
      { ...values, environment: normaliseEnvironment(values.environment ?? '') },
      { reportInput: true },
    );
    if (!parsed.success) {
      problems.push({ where, reason: describeIssues(parsed.error.issues) });
      continue;
    }
    const row: BulkRow = {
      line,
      name: parsed.data.name,
      userGroupId: parsed.data.user_group_id,
      environment: parsed.data.environment,
    };
    const key = groupKey({ environment: row.environment, provided_id: row.userGroupId });
    const first = firstLineOf.get(key);
    if (first !== undefined) {
      problems.push({ where, reason: sameIdAs(row.environment, { kind: 'line', position: first }) });
      continue;
    }
    firstLineOf.set(key, line);
    rows.push(row);
  }
  if (rows.length + problems.length > MAX_BULK_ROWS) {
    return { ok: false, message: tooManyRows };
  }
  return { ok: true, rows, problems: problems.sort(byPosition) };
}
