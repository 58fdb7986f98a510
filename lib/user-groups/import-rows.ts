import { z } from 'zod/mini';
import { environmentSchema } from '../api/user-group-api';
import { unguardCell } from '../csv/spreadsheet-csv';
import { REGISTRY_CSV_COLUMNS, REGISTRY_EXPORT_FORMAT } from './export-registry';
import { describeIssues, readCsv, type RowProblem } from './import-csv';
import { MAX_IMPORT_EXTRA_LENGTH, MAX_IMPORT_GROUPS, MAX_IMPORT_TOKEN_LENGTH } from './import-schema';
import { rotationMarkSchema, type RegistryEntry } from './registry-schema';
import { noControlCharacters } from './text-rules';

/** A group read from a file. CSV rows carry no `extra` fields or rotation marks: the stored ones stay. */
export interface ImportedGroup {
  where: string;
  position: number;
  fields: Omit<RegistryEntry, 'createdAt' | 'extra' | 'rotation'> & { createdAt?: string };
  extra?: Record<string, unknown>;
  rotation?: RegistryEntry['rotation'];
}

export type ParsedImport =
  | { ok: true; format: 'json' | 'csv'; groups: ImportedGroup[]; problems: RowProblem[] }
  | { ok: false; message: string };

const filled = (max: number) =>
  z.string().check(z.refine((value) => value.trim() !== '', 'must not be empty'), z.maxLength(max, `must be at most ${max} characters`));
/** A name or ID: one line of printable text. */
const label = (max: number) => filled(max).check(noControlCharacters());
const isDate = (value: string) => !Number.isNaN(Date.parse(value));
const dateText = z.string().check(z.refine(isDate, 'must be a date and time (ISO 8601)'));
const environmentField = z.enum(environmentSchema.options, 'must be Customer or Testing');
const extraFields = z.record(z.string(), z.unknown()).check(
  z.refine((extra) => JSON.stringify(extra).length <= MAX_IMPORT_EXTRA_LENGTH, `must be at most ${MAX_IMPORT_EXTRA_LENGTH} characters as JSON`),
);

const jsonGroupSchema = z.object({
  team_id: z.int('must be a whole number'),
  token: filled(MAX_IMPORT_TOKEN_LENGTH),
  name: label(200),
  provided_id: label(256),
  environment: environmentField,
  createdAt: dateText,
  lastRotatedAt: z.nullable(dateText),
  rotation: z.optional(rotationMarkSchema),
  extra: z.optional(extraFields),
});

const csvRowSchema = z.object({
  name: label(200),
  user_group_id: label(256),
  environment: environmentField,
  token: filled(MAX_IMPORT_TOKEN_LENGTH),
  team_id: z.string().check(z.regex(/^-?\d{1,15}$/, 'must be a whole number')),
  created_at: z.union([z.literal(''), dateText]),
  last_rotated_at: z.union([z.literal(''), dateText]),
});

/** "customer" and " Testing " are what people type in spreadsheets; the service wants "Customer"/"Testing". */
export function normaliseEnvironment(raw: string): string {
  const trimmed = raw.trim();
  return environmentSchema.options.find((option) => option.toLowerCase() === trimmed.toLowerCase()) ?? trimmed;
}

/** The same (environment, id) twice in one file is a problem on the second row, never a silent choice. */
function withoutDuplicates(groups: ImportedGroup[], problems: RowProblem[]): ImportedGroup[] {
  const seen = new Map<string, string>();
  return groups.filter((group) => {
    const key = `${group.fields.environment}:${group.fields.provided_id}`;
    const first = seen.get(key);
    if (first === undefined) {
      seen.set(key, group.where);
      return true;
    }
    problems.push({ where: group.where, position: group.position, reason: `The same ${group.fields.environment} ID as ${first}.` });
    return false;
  });
}

function finish(format: 'json' | 'csv', groups: ImportedGroup[], problems: RowProblem[]): ParsedImport {
  const unique = withoutDuplicates(groups, problems);
  return { ok: true, format, groups: unique, problems: problems.sort((a, b) => a.position - b.position) };
}

const tooManyGroups = `The file holds more than ${MAX_IMPORT_GROUPS.toLocaleString('en')} groups; split it into smaller files.`;

function parseCsv(text: string): ParsedImport {
  const table = readCsv(text, REGISTRY_CSV_COLUMNS, { rows: MAX_IMPORT_GROUPS, message: tooManyGroups });
  if (!table.ok) return table;
  const problems = [...table.problems];
  const groups: ImportedGroup[] = [];
  for (const { line, values } of table.records) {
    const where = `line ${line}`;
    const raw = Object.fromEntries(REGISTRY_CSV_COLUMNS.map((column) => [column, unguardCell(values[column] ?? '')]));
    const row = csvRowSchema.safeParse({ ...raw, environment: normaliseEnvironment(raw.environment ?? '') });
    if (!row.success) {
      problems.push({ where, position: line, reason: describeIssues(row.error.issues) });
      continue;
    }
    const { data } = row;
    groups.push({
      where,
      position: line,
      fields: {
        team_id: Number(data.team_id.trim()),
        token: data.token.trim(),
        name: data.name,
        provided_id: data.user_group_id.trim(),
        environment: data.environment,
        lastRotatedAt: data.last_rotated_at.trim() || null,
        ...(data.created_at.trim() && { createdAt: data.created_at.trim() }),
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

function parseJson(text: string): ParsedImport {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    return { ok: false, message: 'The file is not valid JSON.' };
  }
  const items = groupsOf(document);
  if (!items) return { ok: false, message: 'This JSON file is not a Review Companion user group export (no "groups" list).' };
  if (items.length > MAX_IMPORT_GROUPS) return { ok: false, message: tooManyGroups };
  const problems: RowProblem[] = [];
  const groups: ImportedGroup[] = [];
  items.forEach((item, index) => {
    const where = `entry ${index + 1}`;
    const position = index + 1;
    const parsed = jsonGroupSchema.safeParse(item);
    if (!parsed.success) {
      problems.push({ where, position, reason: describeIssues(parsed.error.issues) });
      return;
    }
    const { extra, rotation, createdAt, ...fields } = parsed.data;
    groups.push({ where, position, fields: { ...fields, createdAt }, ...(extra && { extra }), ...(rotation && { rotation }) });
  });
  return finish('json', groups, problems);
}

/** Reads our JSON export or a CSV with the export's columns. JSON is recognised by its first character. */
export function parseRegistryFile(text: string): ParsedImport {
  const trimmed = text.replace(/^\uFEFF/, '').trimStart();
  if (!trimmed) return { ok: false, message: 'The file is empty.' };
  const parsed = trimmed.startsWith('{') || trimmed.startsWith('[') ? parseJson(trimmed) : parseCsv(text);
  return parsed.ok && parsed.groups.length + parsed.problems.length > MAX_IMPORT_GROUPS ? { ok: false, message: tooManyGroups } : parsed;
}
