import { environmentSchema } from '../../environment';
import { unguardCell } from '../../csv/spreadsheet-csv';
import { REGISTRY_CSV_COLUMNS, REGISTRY_CSV_REQUIRED_COLUMNS, REGISTRY_EXPORT_FORMAT } from './export-registry';
import { text, type MessageRef } from '../../message-ref';
import { readCsv } from './import-csv';
import { csvRowSchema, jsonGroupSchema } from './import-row-schemas';
import { MAX_IMPORT_GROUPS } from './import-schema';
import type { RegistryEntry } from '../../storage/registry/registry-schema';
import { byPosition, describeIssues, sameIdAs, type RowPlace, type RowProblem } from './row-problems';

/**
 * A group read from a file. CSV rows carry no `extra` fields or rotation marks: the stored ones stay.
 * `issuedAt` is there when the file says when the token was issued (files before it never do).
 */
export interface ImportedGroup {
  where: RowPlace;
  fields: Omit<RegistryEntry, 'createdAt' | 'extra' | 'rotation'> & { createdAt?: string };
  extra?: Record<string, unknown>;
  rotation?: RegistryEntry['rotation'];
}

export type ParsedImport =
  | { ok: true; format: 'json' | 'csv'; groups: ImportedGroup[]; problems: RowProblem[] }
  | { ok: false; message: MessageRef };

/** "customer" and " Testing " are what people type in spreadsheets; the service wants "Customer"/"Testing". */
export function normaliseEnvironment(raw: string): string {
  const trimmed = raw.trim();
  return environmentSchema.options.find((option) => option.toLowerCase() === trimmed.toLowerCase()) ?? trimmed;
}

/** The same (environment, id) twice in one file is a problem on the second row, never a silent choice. */
function withoutDuplicates(groups: ImportedGroup[], problems: RowProblem[]): ImportedGroup[] {
  const seen = new Map<string, RowPlace>();
  return groups.filter((group) => {
    const key = `${group.fields.environment}:${group.fields.provided_id}`;
    const first = seen.get(key);
    if (first === undefined) {
      seen.set(key, group.where);
      return true;
    }
    problems.push({ where: group.where, reason: sameIdAs(group.fields.environment, first) });
    return false;
  });
}

function finish(format: 'json' | 'csv', groups: ImportedGroup[], problems: RowProblem[]): ParsedImport {
  const unique = withoutDuplicates(groups, problems);
  return { ok: true, format, groups: unique, problems: problems.sort(byPosition) };
}

const tooManyGroups = text('fileTooManyGroups', MAX_IMPORT_GROUPS);
/** With the input in each issue, a missing field (no input) is told from one of the wrong type. */
const REPORT_INPUT = { reportInput: true };

function parseCsv(content: string): ParsedImport {
  const table = readCsv(content, REGISTRY_CSV_REQUIRED_COLUMNS, { rows: MAX_IMPORT_GROUPS, message: tooManyGroups });
  if (!table.ok) return table;
  const problems = [...table.problems];
  const groups: ImportedGroup[] = [];
  for (const { line, values } of table.records) {
    const where = { kind: 'line' as const, position: line };
    const raw = Object.fromEntries(REGISTRY_CSV_COLUMNS.map((column) => [column, unguardCell(values[column] ?? '')]));
    const row = csvRowSchema.safeParse(
      { ...raw, environment: normaliseEnvironment(raw.environment ?? '') },
      REPORT_INPUT,
    );
    if (!row.success) {
      problems.push({ where, reason: describeIssues(row.error.issues) });
      continue;
    }
    const { data } = row;
    groups.push({
      where,
      fields: {
        team_id: Number(data.team_id.trim()),
        token: data.token.trim(),
        name: data.name,
        provided_id: data.user_group_id.trim(),
        environment: data.environment,
        lastRotatedAt: data.last_rotated_at.trim() || null,
        ...(data.created_at.trim() && { createdAt: data.created_at.trim() }),
        ...(data.issued_at?.trim() && { issuedAt: data.issued_at.trim() }),
      },
    });
  }
  return finish('csv', groups, problems);
}

function groupsOf(document: unknown): unknown[] | undefined {
  if (Array.isArray(document)) return document as unknown[];
  if (typeof document !== 'object' || document === null) return undefined;
  const { format, groups } = document as { format?: unknown; groups?: unknown };
  if (format !== undefined && format !== REGISTRY_EXPORT_FORMAT) return undefined;
  return Array.isArray(groups) ? (groups as unknown[]) : undefined;
}

function parseJson(content: string): ParsedImport {
  let document: unknown;
  try {
    document = JSON.parse(content);
  } catch {
    return { ok: false, message: text('jsonInvalid') };
  }
  const items = groupsOf(document);
  if (!items) return { ok: false, message: text('jsonNotExport') };
  if (items.length > MAX_IMPORT_GROUPS) return { ok: false, message: tooManyGroups };
  const problems: RowProblem[] = [];
  const groups: ImportedGroup[] = [];
  items.forEach((item, index) => {
    const where = { kind: 'entry' as const, position: index + 1 };
    const parsed = jsonGroupSchema.safeParse(item, REPORT_INPUT);
    if (!parsed.success) {
      problems.push({ where, reason: describeIssues(parsed.error.issues) });
      return;
    }
    const { extra, rotation, createdAt, ...fields } = parsed.data;
    groups.push({ where, fields: { ...fields, createdAt }, ...(extra && { extra }), ...(rotation && { rotation }) });
  });
  return finish('json', groups, problems);
}

/** Reads our JSON export or a CSV with the export's columns. JSON is recognised by its first character. */
export function parseRegistryFile(content: string): ParsedImport {
  const trimmed = content.replace(/^\uFEFF/, '').trimStart();
  if (!trimmed) return { ok: false, message: text('fileEmpty') };
  const parsed = trimmed.startsWith('{') || trimmed.startsWith('[') ? parseJson(trimmed) : parseCsv(content);
  return parsed.ok && parsed.groups.length + parsed.problems.length > MAX_IMPORT_GROUPS
    ? { ok: false, message: tooManyGroups }
    : parsed;
}
